import { randomBytes } from "node:crypto";
import { z } from "zod";
import type { Actor } from "#core/actor.ts";
import { type IndianMobile, isIndianMobile, nationalNumber } from "#core/phone.ts";
import { assertSignedIn } from "../access.ts";
import type { Db, Executor, UserRow } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { randomId } from "../ids.ts";
import { nameField, parseInput, requiredText } from "../validation/fields.ts";
import { findUserById, insertUser, updateUser } from "./accounts.repository.ts";
import { hashPassword } from "./passwords.ts";
import { claimVerified, findChallenge, findUserByMobile } from "./phone-challenges.repository.ts";
import { browserHash } from "./phone-codes.ts";
import type { PhoneClient } from "./phone-sign-in.service.ts";

/** A verified number may be used this long after its code was checked, and once. */
export const PROOF_LIFETIME_MS = 10 * 60_000;

/**
 * An account made by phone has no e-mail yet; the column, which every account has, holds an
 * address under the reserved top-level domain `.invalid` (RFC 2606), which no mail can reach and
 * no one can own, and which the account's number makes unique.
 */
export const PHONE_ONLY_EMAIL_DOMAIN = "phone.kesar.invalid";

export function isPhoneOnlyEmail(email: string): boolean {
  return email.toLowerCase().endsWith(`@${PHONE_ONLY_EMAIL_DOMAIN}`);
}

export const REVERIFY_MESSAGE = "Please verify your mobile number again.";
export const NUMBER_TAKEN_MESSAGE = "This mobile number belongs to another account.";

const newAccountSchema = z.object({ name: requiredText("Please enter your name.").pipe(nameField) });

/** The verified number of a sign-in, for this browser, while it may still be used (not claimed). */
async function pendingProof(executor: Executor, challengeId: string, client: PhoneClient, now: number) {
  const challenge = challengeId ? await findChallenge(executor, challengeId, browserHash(client.browser)) : undefined;
  const usable =
    challenge &&
    challenge.verifiedAt !== null &&
    challenge.verifiedAt > now - PROOF_LIFETIME_MS &&
    challenge.claimedAt === null &&
    isIndianMobile(challenge.phone);
  if (!usable) throw new AppError("invalid-action-code", REVERIFY_MESSAGE);
  return challenge.phone as IndianMobile;
}

/** Uses a verified number, once; of two uses at the same moment one wins. */
async function claim(trx: Executor, challengeId: string, client: PhoneClient, now: number): Promise<IndianMobile> {
  const claimed = await claimVerified(trx, challengeId, browserHash(client.browser), now, now - PROOF_LIFETIME_MS);
  if (!claimed || !isIndianMobile(claimed.phone)) throw new AppError("invalid-action-code", REVERIFY_MESSAGE);
  return claimed.phone;
}

/**
 * The account of a number just verified by its code (`verifyPhoneCode`), made when the number has
 * none: with the name given (asked only then), the number as its verified mobile, a password no one
 * knows and a placeholder e-mail. A number belongs to one account (a unique column): two sign-ins
 * of a new number at the same moment make one account. The verification is used up. Opening the
 * session is the caller's next step.
 */
export async function findOrCreateAccountByPhone(
  db: Db,
  proof: { challengeId: string },
  details: { name?: unknown },
  client: PhoneClient,
  now: number = Date.now(),
): Promise<{ user: UserRow; created: boolean }> {
  const phone = await pendingProof(db, proof.challengeId, client, now);
  const existing = await findUserByMobile(db, phone);
  // The name is asked only of a new account, before the verification is used.
  const name = existing ? null : parseInput(newAccountSchema, { name: details.name ?? "" }).name;
  const newAccount = name === null ? null : await phoneOnlyUser(phone, name, now);
  try {
    return await db.transaction().execute((trx) => signInOrCreate(trx, proof.challengeId, client, newAccount, now));
  } catch (error) {
    // The unique number is the judge: another sign-in made the account first; this one signs into it.
    if (newAccount && (await findUserByMobile(db, phone))) {
      return db.transaction().execute((trx) => signInOrCreate(trx, proof.challengeId, client, null, now));
    }
    throw error;
  }
}

async function signInOrCreate(
  trx: Executor,
  challengeId: string,
  client: PhoneClient,
  newAccount: UserRow | null,
  now: number,
): Promise<{ user: UserRow; created: boolean }> {
  const phone = await claim(trx, challengeId, client, now);
  const user = await findUserByMobile(trx, phone);
  if (user) {
    if (user.disabled) throw new AppError("user-disabled", "This account has been disabled.");
    await updateUser(trx, user.id, { lastLoginAt: now });
    return { user: { ...user, lastLoginAt: now }, created: false };
  }
  if (!newAccount) throw new AppError("invalid-action-code", REVERIFY_MESSAGE);
  await insertUser(trx, newAccount);
  return { user: newAccount, created: true };
}

async function phoneOnlyUser(phone: IndianMobile, name: string, now: number): Promise<UserRow> {
  const email = `${nationalNumber(phone)}@${PHONE_ONLY_EMAIL_DOMAIN}`;
  // A real hash of a password no one knows: a login with the placeholder e-mail takes as long as any.
  return {
    id: randomId(),
    name,
    email,
    emailKey: email,
    passwordHash: await hashPassword(randomBytes(32).toString("base64url")),
    role: "customer",
    phone: nationalNumber(phone),
    address: null,
    city: null,
    stateCode: null,
    pincode: null,
    deliveryPincode: null,
    photo: null,
    photoUpdatedAt: null,
    disabled: 0,
    createdAt: now,
    lastLoginAt: now,
    pointsBalance: 0,
    pointsOwed: 0,
    storeCreditBalance: 0,
    emailVerifiedAt: null,
    mobile: phone,
    mobileVerifiedAt: now,
    locale: null,
  };
}

/**
 * A signed-in account adds, or changes to, a number it has just verified (a code to the new
 * number). A number belongs to one account: one that is another's is refused, and the
 * verification is not used up. Answers the account's number.
 */
export async function attachVerifiedPhone(
  db: Db,
  actor: Actor,
  proof: { challengeId: string },
  client: PhoneClient,
  now: number = Date.now(),
): Promise<IndianMobile> {
  assertSignedIn(actor);
  const phone = await pendingProof(db, proof.challengeId, client, now);
  const owner = await findUserByMobile(db, phone);
  if (owner && owner.id !== actor.userId) throw numberTaken();
  try {
    return await db.transaction().execute(async (trx) => {
      const claimed = await claim(trx, proof.challengeId, client, now);
      if (!(await findUserById(trx, actor.userId))) throw new AppError("unauthenticated", "Please log in again.");
      await updateUser(trx, actor.userId, { mobile: claimed, mobileVerifiedAt: now });
      return claimed;
    });
  } catch (error) {
    const taken = await findUserByMobile(db, phone);
    if (taken && taken.id !== actor.userId) throw numberTaken();
    throw error;
  }
}

function numberTaken(): AppError {
  return new AppError("validation-failed", NUMBER_TAKEN_MESSAGE, { phone: NUMBER_TAKEN_MESSAGE });
}

/**
 * Whether signing in with a number just verified makes a new account, which asks for a name. Asked
 * only with the verification in hand: before it, nothing says whether a number has an account.
 */
export async function phoneSignInNeedsName(
  db: Db,
  proof: { challengeId: string },
  client: PhoneClient,
  now: number = Date.now(),
): Promise<boolean> {
  const phone = await pendingProof(db, proof.challengeId, client, now);
  return (await findUserByMobile(db, phone)) === undefined;
}
