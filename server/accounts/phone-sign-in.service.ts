import { type IndianMobile, isIndianMobile, maskMobile, readIndianMobile } from "#core/phone.ts";
import type { Config } from "../config.ts";
import type { Db, Executor } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { randomId } from "../ids.ts";
import { countOrRefuse, countUse, FLOOD_MESSAGE, type Limit } from "../limits/limits.service.ts";
import type { Language } from "../messaging/message-templates.ts";
import type { ValuesAtSending } from "../messaging/messaging.schemas.ts";
import { queueSms } from "../messaging/messaging.service.ts";
import {
  countResend,
  countTry,
  deleteChallengesBefore,
  findChallenge,
  insertChallenge,
  lockChallenge,
  markVerified,
  storeCode,
} from "./phone-challenges.repository.ts";
import { browserHash, newPhoneCode, phoneCodeHmac, phoneCodeMatches } from "./phone-codes.ts";

/** A code works for 5 minutes from when it is sent (OWASP ASVS 6.5.5 allows at most 10). */
export const CODE_MINUTES = 5;
export const CODE_TTL_MS = CODE_MINUTES * 60_000;
/** A new code may be asked for 30 s after the last, at most three codes per sign-in. */
export const RESEND_WAIT_MS = 30_000;
export const MAX_SENDS = 3;
/** Five wrong codes end a sign-in. */
export const MAX_TRIES = 5;
/** Codes a number is sent, and codes one address asks for, in any hour, across every worker and node. */
export const SENDS_PER_NUMBER_PER_HOUR = 5;
/**
 * And in any quarter of an hour, at most three to one number: a burst of asking (a script, or an
 * impatient double tap) gets a sign-in's worth of codes, and the hour's other two wait.
 */
export const SENDS_PER_NUMBER_BURST = 3;
export const NUMBER_BURST_WINDOW_MS = 15 * 60_000;
export const SENDS_PER_ADDRESS_PER_HOUR = 20;
/** After this a sign-in gets no new code: the visitor starts again. */
export const CHALLENGE_LIFETIME_MS = 15 * 60_000;
const HOUR_MS = 3_600_000;

/** The browser that asks: its address (for the limits) and its mark (the visitor cookie's id), which a sign-in is bound to. */
export type PhoneClient = { ip: string; browser: string };

/** The answer to asking for a code: the same, word for word, whether or not the number has an account. */
export type PhoneCodeSent = {
  challengeId: string;
  maskedPhone: string;
  message: string;
  codeMinutes: number;
  resendInSeconds: number;
};

export const NUMBER_LIMIT_MESSAGE = (minutes: number) =>
  `Too many codes have been sent to this number. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
export const ADDRESS_LIMIT_MESSAGE = (minutes: number) =>
  `Too many codes have been asked for from your network. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
export const WRONG_CODE_MESSAGE = "That code is not right. Please check the SMS and try again.";
export const LAST_TRY_MESSAGE = "That code is not right, and that was the last try. Please ask for a new code.";
export const TRIES_USED_MESSAGE = "Too many wrong codes. Please ask for a new code.";
export const EXPIRED_CODE_MESSAGE = "This code has expired. Please ask for a new one.";
export const INVALID_CHALLENGE_MESSAGE = "This code is not valid any more. Please ask for a new one.";
export const CODE_FORMAT_MESSAGE = "Please enter the 6-digit code from the SMS.";

function numberLimits(phone: IndianMobile): Limit[] {
  return [
    {
      action: "phone-code-number-burst",
      subject: phone,
      max: SENDS_PER_NUMBER_BURST,
      windowMs: NUMBER_BURST_WINDOW_MS,
    },
    { action: "phone-code-number", subject: phone, max: SENDS_PER_NUMBER_PER_HOUR, windowMs: HOUR_MS },
  ];
}

function addressLimit(ip: string): Limit {
  return { action: "phone-code-address", subject: ip, max: SENDS_PER_ADDRESS_PER_HOUR, windowMs: HOUR_MS };
}

/** Tries at codes from one address in five minutes: a flood guard, as the login form has. */
function verifyFloodLimit(ip: string): Limit {
  return { action: "flood:phone-verify", subject: ip, max: 30, windowMs: 5 * 60_000 };
}

function limitMessage(minutes: number, limit: Limit): string {
  return limit.action.startsWith("phone-code-number") ? NUMBER_LIMIT_MESSAGE(minutes) : ADDRESS_LIMIT_MESSAGE(minutes);
}

function readPhone(typed: unknown): IndianMobile {
  const reading = readIndianMobile(typeof typed === "string" ? typed : "");
  if (!reading.ok) throw new AppError("validation-failed", reading.message, { phone: reading.message });
  return reading.number;
}

/**
 * "Sign in with mobile number": opens a sign-in for the number typed, bound to this browser, and
 * queues its code's SMS (the code is made as the SMS is sent, and kept only as an HMAC). The
 * number's account is not looked at: the answer, and the work done, are the same whether or not
 * the number has one. A number is sent at most 3 codes in 15 minutes and 5 an hour, and an address
 * asks for at most 20 an hour,
 * counted in the database with the check, so no burst from any number of workers gets more.
 */
export async function startPhoneSignIn(
  db: Db,
  input: { phone: unknown; language?: Language },
  client: PhoneClient,
  now: number = Date.now(),
): Promise<PhoneCodeSent> {
  const phone = readPhone(input.phone);
  const challengeId = randomId();
  await db.transaction().execute(async (trx) => {
    const admission = await countUse(trx, [...numberLimits(phone), addressLimit(client.ip)], now);
    if (!admission.admitted) throw refusal(admission.limit, admission.reopensAt, now);
    await insertChallenge(trx, {
      id: challengeId,
      phone,
      browserHash: browserHash(client.browser),
      lastSendAt: now,
      createdAt: now,
    });
    await queueSms(
      trx,
      { kind: "phone-code", language: input.language ?? "en", to: phone, values: { challengeId } },
      now,
    );
  });
  await sweepNowAndThen(db, now);
  return codeSent(challengeId, phone);
}

function codeSent(challengeId: string, phone: IndianMobile): PhoneCodeSent {
  return {
    challengeId,
    maskedPhone: maskMobile(phone),
    message: `We have sent a 6-digit code by SMS to ${maskMobile(phone)}. It works for ${CODE_MINUTES} minutes.`,
    codeMinutes: CODE_MINUTES,
    resendInSeconds: RESEND_WAIT_MS / 1000,
  };
}

function refusal(limit: Limit, reopensAt: number, now: number): AppError {
  const minutes = Math.max(1, Math.ceil((reopensAt - now) / 60_000));
  return new AppError("too-many-requests", limitMessage(minutes, limit));
}

/**
 * "Send the code again": a new code for the same sign-in, 30 s after the last was asked for, at
 * most three in all, and within the number's and the address's hourly limits. The earlier code
 * stops working when the new one is sent.
 */
export async function resendPhoneCode(
  db: Db,
  input: { challengeId: unknown; language?: Language },
  client: PhoneClient,
  now: number = Date.now(),
): Promise<PhoneCodeSent> {
  const id = challengeIdOf(input.challengeId);
  const bound = browserHash(client.browser);
  const phone = await db.transaction().execute(async (trx) => {
    const rules = {
      now,
      maxSends: MAX_SENDS,
      waitMs: RESEND_WAIT_MS,
      maxTries: MAX_TRIES,
      createdAfter: now - CHALLENGE_LIFETIME_MS,
    };
    if (!(await countResend(trx, { id, browserHash: bound }, rules))) {
      throw await whyNoResend(trx, id, bound, now);
    }
    const challenge = await lockChallenge(trx, id);
    if (!challenge || !isIndianMobile(challenge.phone))
      throw new AppError("invalid-action-code", INVALID_CHALLENGE_MESSAGE);
    const admission = await countUse(trx, [...numberLimits(challenge.phone), addressLimit(client.ip)], now);
    if (!admission.admitted) throw refusal(admission.limit, admission.reopensAt, now);
    await queueSms(
      trx,
      { kind: "phone-code", language: input.language ?? "en", to: challenge.phone, values: { challengeId: id } },
      now,
    );
    return challenge.phone;
  });
  return codeSent(id, phone);
}

/** A challenge id as the shop makes them (letters and digits); anything else finds nothing. */
function challengeIdOf(value: unknown): string {
  return typeof value === "string" && /^[A-Za-z0-9]{1,64}$/.test(value) ? value : "";
}

/** Why a challenge takes no new code now, as the visitor should be told. */
async function whyNoResend(executor: Executor, id: string, bound: string, now: number): Promise<AppError> {
  const challenge = id ? await findChallenge(executor, id, bound) : undefined;
  if (!challenge || challenge.verifiedAt !== null || challenge.createdAt <= now - CHALLENGE_LIFETIME_MS) {
    return new AppError("invalid-action-code", INVALID_CHALLENGE_MESSAGE);
  }
  if (challenge.attempts >= MAX_TRIES) return new AppError("too-many-requests", TRIES_USED_MESSAGE);
  if (challenge.sends >= MAX_SENDS) {
    return new AppError("too-many-requests", `${MAX_SENDS} codes have been sent for this sign-in. Please start again.`);
  }
  const seconds = Math.max(1, Math.ceil((challenge.lastSendAt + RESEND_WAIT_MS - now) / 1000));
  return new AppError("too-many-requests", `Please wait ${seconds} seconds before asking for another code.`);
}

/**
 * Checks a code typed for a sign-in: in this browser, with tries left (five wrong end it), once
 * (a used code fails), in time (5 minutes from its SMS), and for this sign-in's number only. The
 * try is counted before the code is compared, in one statement with the count's check. Answers the
 * verified number; signing in with it (or giving it to an account) is a separate step, once.
 */
export async function verifyPhoneCode(
  db: Db,
  config: Pick<Config, "sessionSecret">,
  input: { challengeId: unknown; code: unknown },
  client: PhoneClient,
  now: number = Date.now(),
): Promise<{ phone: IndianMobile; challengeId: string }> {
  await countOrRefuse(db, [verifyFloodLimit(client.ip)], () => FLOOD_MESSAGE, now);
  const code = typeof input.code === "string" && input.code.length <= 20 ? input.code.replace(/\s/g, "") : "";
  if (!/^\d{6}$/.test(code))
    throw new AppError("validation-failed", CODE_FORMAT_MESSAGE, { code: CODE_FORMAT_MESSAGE });
  const id = challengeIdOf(input.challengeId);
  const bound = browserHash(client.browser);
  const tried = id ? await countTry(db, id, bound, MAX_TRIES) : undefined;
  if (!tried) throw await whyNoTry(db, id, bound);
  if (!phoneCodeMatches(config.sessionSecret, tried, code)) {
    const message = tried.attempts >= MAX_TRIES ? LAST_TRY_MESSAGE : WRONG_CODE_MESSAGE;
    throw new AppError("invalid-action-code", message, { code: message });
  }
  if (tried.codeExpiresAt === null || tried.codeExpiresAt <= now) {
    throw new AppError("expired-action-code", EXPIRED_CODE_MESSAGE, { code: EXPIRED_CODE_MESSAGE });
  }
  if (!(await markVerified(db, tried.id, now)) || !isIndianMobile(tried.phone)) {
    throw new AppError("invalid-action-code", INVALID_CHALLENGE_MESSAGE);
  }
  return { phone: tried.phone, challengeId: tried.id };
}

async function whyNoTry(db: Db, id: string, bound: string): Promise<AppError> {
  const challenge = id ? await findChallenge(db, id, bound) : undefined;
  if (challenge && challenge.verifiedAt === null && challenge.attempts >= MAX_TRIES) {
    return new AppError("too-many-requests", TRIES_USED_MESSAGE);
  }
  return new AppError("invalid-action-code", INVALID_CHALLENGE_MESSAGE);
}

/**
 * The sign-in code of an SMS being sent (the messaging worker's `valuesAtSending`): made now from
 * the CSPRNG, kept as an HMAC on its challenge with 5 minutes to live, replacing any earlier code,
 * and found nowhere else but in the SMS. None when the sign-in no longer wants one (verified, out
 * of tries, too old, or not this number's): the SMS is then dropped.
 */
export function phoneCodeAtSending(db: Db, sessionSecret: string): ValuesAtSending {
  return async (message, now) => {
    const challengeId = message.payload.challengeId;
    if (message.kind !== "phone-code" || typeof challengeId !== "string") return null;
    return db.transaction().execute(async (trx) => {
      const challenge = await lockChallenge(trx, challengeId);
      const open =
        challenge &&
        challenge.phone === message.recipient &&
        challenge.verifiedAt === null &&
        challenge.attempts < MAX_TRIES &&
        challenge.createdAt > now - CHALLENGE_LIFETIME_MS;
      if (!open) return null;
      const code = newPhoneCode();
      await storeCode(
        trx,
        challenge.id,
        phoneCodeHmac(sessionSecret, challenge.id, challenge.phone, code),
        now + CODE_TTL_MS,
      );
      return { code, minutes: String(CODE_MINUTES) };
    });
  };
}

const SWEEP_EVERY_MS = 60_000;
const lastSweep = new WeakMap<Db, number>();

/** Old sign-ins go now and then: nothing reads one after a day. */
async function sweepNowAndThen(db: Db, now: number): Promise<void> {
  if (now - (lastSweep.get(db) ?? 0) < SWEEP_EVERY_MS) return;
  lastSweep.set(db, now);
  try {
    await deleteChallengesBefore(db, now - 24 * HOUR_MS);
  } catch {
    // Two nodes sweeping at once may trip over each other; the next sweep takes what is left.
  }
}
