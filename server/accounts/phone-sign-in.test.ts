import { sql } from "kysely";
import { expect, it } from "vitest";
import { maskMobile } from "#core/phone.ts";
import { openDatabase } from "../db/database.ts";
import type { Db } from "../db/schema.ts";
import { failure } from "../testing/app-error.ts";
import { uniqueAddress, uniqueWord } from "../testing/factories.ts";
import { capturingSms, codeTo, messagesFor, sendDueMessages, testDelivery, uniqueMobile } from "../testing/messages.ts";
import { testConfig } from "../testing/test-config.ts";
import { describeEachDatabase } from "../testing/test-databases.ts";
import {
  ADDRESS_LIMIT_MESSAGE,
  CODE_TTL_MS,
  EXPIRED_CODE_MESSAGE,
  INVALID_CHALLENGE_MESSAGE,
  LAST_TRY_MESSAGE,
  MAX_SENDS,
  MAX_TRIES,
  NUMBER_BURST_WINDOW_MS,
  NUMBER_LIMIT_MESSAGE,
  type PhoneClient,
  RESEND_WAIT_MS,
  resendPhoneCode,
  SENDS_PER_ADDRESS_PER_HOUR,
  SENDS_PER_NUMBER_BURST,
  SENDS_PER_NUMBER_PER_HOUR,
  startPhoneSignIn,
  TRIES_USED_MESSAGE,
  verifyPhoneCode,
  WRONG_CODE_MESSAGE,
} from "./phone-sign-in.service.ts";

const config = testConfig();

/** A browser of its own, from an address of its own. */
function newClient(): PhoneClient {
  return { ip: uniqueAddress(), browser: uniqueWord("browser") };
}

/** Every outcome of calls made at once: how many passed, and the refusals' codes and messages. */
async function outcomesOf(calls: Promise<unknown>[]) {
  const settled = await Promise.allSettled(calls);
  const refusals = settled.flatMap((outcome) =>
    outcome.status === "rejected" ? [outcome.reason as { code?: string; userMessage?: string }] : [],
  );
  return { passed: settled.length - refusals.length, refusals };
}

/** A six-digit code that is not `code`. */
function otherThan(code: string, offset = 1): string {
  return String((Number(code) + offset) % 1_000_000).padStart(6, "0");
}

describeEachDatabase("signing in with a mobile number, from the attacker's side", (database) => {
  /** Starts a sign-in and sends its SMS: the challenge and the code it carries. */
  async function signInWithCode(db: Db, client = newClient(), now = Date.now(), phone = uniqueMobile()) {
    const sms = capturingSms();
    const started = await startPhoneSignIn(db, { phone }, client, now);
    await sendDueMessages(testDelivery(db, { sms }), now);
    return { phone, client, started, code: codeTo(sms, phone), sms };
  }

  it("sends a six-digit code by SMS and takes it once, answering the verified number", async () => {
    const { db } = database();
    const now = Date.now();
    const { phone, client, started, code, sms } = await signInWithCode(db, newClient(), now);
    const mine = sms.sent.filter((message) => message.to === phone);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ to: phone, template: "phone-code.en" });
    expect(mine[0]?.text).toBe(
      `${code} is your Kesar sign-in code. It is valid for 5 minutes. Do not share it with anyone. - Kesar`,
    );
    const verified = await verifyPhoneCode(db, config, { challengeId: started.challengeId, code }, client, now + 1_000);
    expect(verified).toEqual({ phone, challengeId: started.challengeId });
    // A used code fails.
    const again = await failure(verifyPhoneCode(db, config, { challengeId: started.challengeId, code }, client, now));
    expect(again).toEqual({ code: "invalid-action-code", message: INVALID_CHALLENGE_MESSAGE });
  });

  it("refuses the right code after five wrong ones", async () => {
    const { db } = database();
    const { client, started, code } = await signInWithCode(db);
    const attempt = (typed: string) =>
      failure(verifyPhoneCode(db, config, { challengeId: started.challengeId, code: typed }, client));
    for (let wrong = 1; wrong < MAX_TRIES; wrong++) {
      expect(await attempt(otherThan(code, wrong))).toEqual({
        code: "invalid-action-code",
        message: WRONG_CODE_MESSAGE,
      });
    }
    expect(await attempt(otherThan(code, MAX_TRIES))).toEqual({
      code: "invalid-action-code",
      message: LAST_TRY_MESSAGE,
    });
    expect(await attempt(code)).toEqual({ code: "too-many-requests", message: TRIES_USED_MESSAGE });
  });

  it("checks no more than five guesses of a burst of forty over two connections, as two workers would", async () => {
    const { db, url } = database();
    const other = openDatabase(url);
    try {
      const { client, started, code } = await signInWithCode(db);
      const guesses = Array.from({ length: 40 }, (_, index) =>
        verifyPhoneCode(
          index % 2 === 0 ? db : other.db,
          config,
          { challengeId: started.challengeId, code: otherThan(code, index + 1) },
          // Each guess from an address of its own: the address's flood guard is not what stops them.
          { ...client, ip: uniqueAddress() },
        ),
      );
      const { passed, refusals } = await outcomesOf(guesses);
      expect(passed).toBe(0);
      const checked = refusals.filter((refusal) => refusal.code === "invalid-action-code");
      expect(checked).toHaveLength(MAX_TRIES);
      expect(refusals.filter((refusal) => refusal.code === "too-many-requests")).toHaveLength(40 - MAX_TRIES);
      const right = await failure(verifyPhoneCode(db, config, { challengeId: started.challengeId, code }, client));
      expect(right.code).toBe("too-many-requests");
    } finally {
      await other.close();
    }
  });

  it("sends at most three codes for one sign-in, one per 30 s, whatever bursts ask for more", async () => {
    const { db, url } = database();
    const other = openDatabase(url);
    try {
      const now = Date.now();
      const client = newClient();
      const phone = uniqueMobile();
      const { challengeId } = await startPhoneSignIn(db, { phone }, client, now);
      const early = await failure(resendPhoneCode(db, { challengeId }, client, now + 10_000));
      expect(early).toEqual({
        code: "too-many-requests",
        message: "Please wait 20 seconds before asking for another code.",
      });
      const bursts: number[] = [];
      for (let round = 1; round <= 4; round++) {
        const at = now + round * (RESEND_WAIT_MS + 1_000);
        const burst = Array.from({ length: 40 }, (_, index) =>
          resendPhoneCode(index % 2 === 0 ? db : other.db, { challengeId }, client, at),
        );
        bursts.push((await outcomesOf(burst)).passed);
      }
      expect(bursts).toEqual([1, 1, 0, 0]);
      expect(await messagesFor(db, phone)).toHaveLength(MAX_SENDS);
      const sms = capturingSms();
      await sendDueMessages(testDelivery(db, { sms }), now + 5 * RESEND_WAIT_MS);
      expect(sms.sent.filter((message) => message.to === phone)).toHaveLength(MAX_SENDS);
      const more = await failure(resendPhoneCode(db, { challengeId }, client, now + 10 * RESEND_WAIT_MS));
      expect(more.message).toBe("3 codes have been sent for this sign-in. Please start again.");
    } finally {
      await other.close();
    }
  });

  it("sends a number at most three codes in a quarter of an hour and five an hour, however many browsers and workers ask", async () => {
    const { db, url } = database();
    const other = openDatabase(url);
    try {
      const now = Date.now();
      const phone = uniqueMobile();
      const burst = (at: number) =>
        outcomesOf(
          Array.from({ length: 40 }, (_, index) =>
            startPhoneSignIn(index % 2 === 0 ? db : other.db, { phone }, newClient(), at),
          ),
        );
      const first = await burst(now);
      expect(first.passed).toBe(SENDS_PER_NUMBER_BURST);
      expect(new Set(first.refusals.map((refusal) => refusal.userMessage))).toEqual(
        new Set([NUMBER_LIMIT_MESSAGE(NUMBER_BURST_WINDOW_MS / 60_000)]),
      );
      // A quarter of an hour on, the hour's other two.
      const second = await burst(now + NUMBER_BURST_WINDOW_MS + 1);
      expect(second.passed).toBe(SENDS_PER_NUMBER_PER_HOUR - SENDS_PER_NUMBER_BURST);
      expect(await messagesFor(db, phone)).toHaveLength(SENDS_PER_NUMBER_PER_HOUR);
      const later = await failure(startPhoneSignIn(db, { phone }, newClient(), now + 59 * 60_000));
      expect(later).toEqual({ code: "too-many-requests", message: NUMBER_LIMIT_MESSAGE(1) });
      await startPhoneSignIn(db, { phone }, newClient(), now + 60 * 60_000 + 1);
      expect(await messagesFor(db, phone)).toHaveLength(SENDS_PER_NUMBER_PER_HOUR + 1);
    } finally {
      await other.close();
    }
  });

  it("lets one address ask for codes to at most twenty numbers an hour", async () => {
    const { db, url } = database();
    const other = openDatabase(url);
    try {
      const ip = uniqueAddress();
      const now = Date.now();
      const numbers = Array.from({ length: 50 }, () => uniqueMobile());
      const starts = numbers.map((phone, index) =>
        startPhoneSignIn(index % 2 === 0 ? db : other.db, { phone }, { ip, browser: uniqueWord("browser") }, now),
      );
      const { passed, refusals } = await outcomesOf(starts);
      expect(passed).toBe(SENDS_PER_ADDRESS_PER_HOUR);
      expect(new Set(refusals.map((refusal) => refusal.userMessage))).toEqual(new Set([ADDRESS_LIMIT_MESSAGE(60)]));
      const queued = await db.selectFrom("messages").select("recipient").where("recipient", "in", numbers).execute();
      expect(queued).toHaveLength(SENDS_PER_ADDRESS_PER_HOUR);
    } finally {
      await other.close();
    }
  });

  it("never takes a code sent to one number for another's sign-in, nor in another browser", async () => {
    const { db } = database();
    const now = Date.now();
    const client = newClient();
    const first = await signInWithCode(db, client, now);
    let second = await signInWithCode(db, client, now);
    // Two codes may be the same six digits by chance (one in a million); the point is the other number's code.
    while (second.code === first.code) second = await signInWithCode(db, client, now);
    const crossed = await failure(
      verifyPhoneCode(db, config, { challengeId: second.started.challengeId, code: first.code }, client, now),
    );
    expect(crossed).toEqual({ code: "invalid-action-code", message: WRONG_CODE_MESSAGE });
    const elsewhere = await failure(
      verifyPhoneCode(db, config, { challengeId: first.started.challengeId, code: first.code }, newClient(), now),
    );
    expect(elsewhere).toEqual({ code: "invalid-action-code", message: INVALID_CHALLENGE_MESSAGE });
    // Neither spent a try of the right browser's: its own code still works there.
    const verified = await verifyPhoneCode(
      db,
      config,
      { challengeId: second.started.challengeId, code: second.code },
      client,
      now,
    );
    expect(verified.phone).toBe(second.phone);
  });

  it("refuses a code once its five minutes have passed, and takes it until then", async () => {
    const { db } = database();
    const now = Date.now();
    const late = await signInWithCode(db, newClient(), now);
    const expired = await failure(
      verifyPhoneCode(
        db,
        config,
        { challengeId: late.started.challengeId, code: late.code },
        late.client,
        now + CODE_TTL_MS,
      ),
    );
    expect(expired).toEqual({ code: "expired-action-code", message: EXPIRED_CODE_MESSAGE });
    const inTime = await signInWithCode(db, newClient(), now);
    const at = now + CODE_TTL_MS - 1;
    const verified = await verifyPhoneCode(
      db,
      config,
      { challengeId: inTime.started.challengeId, code: inTime.code },
      inTime.client,
      at,
    );
    expect(verified.phone).toBe(inTime.phone);
  });

  it("makes the earlier code stop working when a new one is sent", async () => {
    const { db } = database();
    const now = Date.now();
    const { client, started, code, phone } = await signInWithCode(db, newClient(), now);
    const sms = capturingSms();
    await resendPhoneCode(db, { challengeId: started.challengeId }, client, now + RESEND_WAIT_MS);
    await sendDueMessages(testDelivery(db, { sms }), now + RESEND_WAIT_MS);
    const newCode = codeTo(sms, phone);
    if (newCode !== code) {
      const old = await failure(
        verifyPhoneCode(db, config, { challengeId: started.challengeId, code }, client, now + RESEND_WAIT_MS),
      );
      expect(old.message).toBe(WRONG_CODE_MESSAGE);
    }
    const verified = await verifyPhoneCode(
      db,
      config,
      { challengeId: started.challengeId, code: newCode },
      client,
      now + RESEND_WAIT_MS,
    );
    expect(verified.phone).toBe(phone);
  });

  it("answers the same, and does the same, for a number with an account and one without", async () => {
    const { db } = database();
    const now = Date.now();
    const known = uniqueMobile();
    const unknown = uniqueMobile();
    await db
      .insertInto("users")
      .values({
        id: uniqueWord("user"),
        name: "Asha Verma",
        email: `${uniqueWord("asha")}@shop.test`,
        emailKey: `${uniqueWord("asha")}@shop.test`,
        passwordHash: "unused",
        role: "customer",
        createdAt: now,
        emailVerifiedAt: now,
        mobile: known,
        mobileVerifiedAt: now,
      })
      .execute();
    const answers = [];
    for (const phone of [known, unknown]) {
      const answer = await startPhoneSignIn(db, { phone }, newClient(), now);
      answers.push({
        ...answer,
        challengeId: typeof answer.challengeId,
        message: answer.message.replace(maskMobile(phone), "<number>"),
      });
    }
    expect(answers[0]).toEqual({ ...answers[1], maskedPhone: maskMobile(known) });
    expect(answers[1]?.maskedPhone).toBe(maskMobile(unknown));
    const queued = await Promise.all([known, unknown].map((phone) => messagesFor(db, phone)));
    expect(queued.map((rows) => rows.map((row) => [row.kind, row.template, row.status]))).toEqual([
      [["phone-code", "phone-code.en", "queued"]],
      [["phone-code", "phone-code.en", "queued"]],
    ]);
    // At the limit too, the refusal reads the same.
    for (let sent = 1; sent < SENDS_PER_NUMBER_BURST; sent++) {
      for (const phone of [known, unknown]) await startPhoneSignIn(db, { phone }, newClient(), now);
    }
    const refusals = await Promise.all(
      [known, unknown].map((phone) => failure(startPhoneSignIn(db, { phone }, newClient(), now))),
    );
    expect(refusals[0]).toEqual(refusals[1]);
  });

  it("keeps no code readable in any table: only an HMAC, made when the SMS is sent", async () => {
    const { db, engine } = database();
    const now = Date.now();
    const { client, started, code, phone } = await signInWithCode(db, newClient(), now);
    const sms = capturingSms();
    await resendPhoneCode(db, { challengeId: started.challengeId }, client, now + RESEND_WAIT_MS);
    const queued = await messagesFor(db, phone);
    expect(queued.at(-1)?.payload).toBe(JSON.stringify({ challengeId: started.challengeId }));
    await sendDueMessages(testDelivery(db, { sms }), now + RESEND_WAIT_MS);
    const codes = [code, codeTo(sms, phone)];
    for (const table of await tablesOf(db, engine)) {
      const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db);
      for (const row of rows.rows) {
        for (const value of Object.values(row)) {
          for (const secret of codes) {
            const text = String(value);
            expect(new RegExp(`(^|\\D)${secret}(\\D|$)`).test(text), `${table} holds a code: ${text}`).toBe(false);
          }
        }
      }
    }
  });

  it("refuses a number that is not an Indian mobile, before anything is counted or queued", async () => {
    const { db } = database();
    const client = newClient();
    for (const phone of ["+44 20 7946 0958", "1800 123 4567", "98200", 42]) {
      const refused = await failure(startPhoneSignIn(db, { phone }, client));
      expect(refused.code).toBe("validation-failed");
    }
    const hits = await db.selectFrom("limitHits").select("id").where("subject", "=", client.ip).execute();
    expect(hits).toEqual([]);
  });

  it("sends the code in Hindi when asked, under its own template", async () => {
    const { db } = database();
    const sms = capturingSms();
    const phone = uniqueMobile();
    await startPhoneSignIn(db, { phone, language: "hi" }, newClient());
    await sendDueMessages(testDelivery(db, { sms }));
    const mine = sms.sent.find((message) => message.to === phone);
    expect(mine?.template).toBe("phone-code.hi");
    expect(mine?.text).toMatch(/^\d{6} आपका Kesar साइन-इन कोड है। यह 5 मिनट तक मान्य है।/);
  });
});

/** Every table of the shop's schema. */
async function tablesOf(db: Db, engine: string): Promise<string[]> {
  const query =
    engine === "postgres"
      ? sql<{
          name: string;
        }>`select table_name as name from information_schema.tables where table_schema = current_schema()`
      : sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`;
  const rows = (await query.execute(db)).rows.map((row) => row.name);
  expect(rows).toContain("phone_challenges");
  return rows;
}
