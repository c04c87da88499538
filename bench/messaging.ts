/**
 * `npm run bench:messaging`: how many SMS a second the outbox worker sends to the file outbox (the
 * default), for order updates and for sign-in codes (each made, and kept as an HMAC, as it is
 * sent); and each limit of phone sign-in under a burst from two connections (as two workers),
 * sent against allowed. On SQLite, and on PostgreSQL too when BENCH_DATABASE_URL or
 * TEST_DATABASE_URL is set. BENCH_MESSAGES sets how many messages (1,000).
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { IndianMobile } from "#core/phone.ts";
import {
  MAX_SENDS,
  MAX_TRIES,
  type PhoneClient,
  phoneCodeAtSending,
  RESEND_WAIT_MS,
  resendPhoneCode,
  SENDS_PER_ADDRESS_PER_HOUR,
  SENDS_PER_NUMBER_BURST,
  startPhoneSignIn,
  verifyPhoneCode,
} from "#server/accounts/phone-sign-in.service.ts";
import { openDatabase } from "#server/db/database.ts";
import { migrateToLatest, withSchemaLock } from "#server/db/migrate.ts";
import type { Db } from "#server/db/schema.ts";
import { deliverDueMessages, queueSms } from "#server/messaging/messaging.service.ts";
import { smsGatewayOf } from "#server/messaging/messaging-settings.ts";
import { createSmsTransport } from "#server/messaging/sms-transport.ts";
import { createScratchSchema } from "#server/testing/scratch-schema.ts";

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 1000);
const SECRET = randomBytes(32).toString("base64url");

let counter = 0;
function mobile(): IndianMobile {
  counter++;
  return `+919${String(100_000_000 + counter * 7919).slice(-9)}`;
}
function client(ip = `10.77.${(counter >> 8) & 255}.${counter++ & 255}`): PhoneClient {
  return { ip, browser: randomBytes(8).toString("hex") };
}

/** Sends everything due through the file outbox; answers the sends a second and the files written. */
async function drain(db: Db, folder: string): Promise<{ sent: number; seconds: number; files: number }> {
  const delivery = {
    db,
    sms: createSmsTransport(smsGatewayOf(`file:${folder}`, folder)),
    smsTemplates: new Map(),
    whatsapp: null,
    publicUrl: "https://kesar.in",
    valuesAtSending: phoneCodeAtSending(db, SECRET),
  };
  const started = performance.now();
  let sent = 0;
  for (;;) {
    const delivered = await deliverDueMessages(delivery);
    if (delivered === 0) break;
    sent += delivered;
  }
  const seconds = (performance.now() - started) / 1000;
  return { sent, seconds, files: readdirSync(folder).filter((name) => name.endsWith(".json")).length };
}

async function throughput(db: Db, label: string): Promise<void> {
  const orders = mkdtempSync(path.join(tmpdir(), "bench-sms-"));
  for (let i = 0; i < MESSAGES; i++) {
    const values = {
      orderNumber: `KS-${100000 + i}`,
      courier: "Delhivery",
      linkCode: randomBytes(15).toString("base64url"),
    };
    await queueSms(db, { kind: "order-shipped", language: i % 2 ? "hi" : "en", to: mobile(), values });
  }
  const order = await drain(db, orders);
  console.log(
    `${label}: order updates  ${order.sent} SMS in ${order.seconds.toFixed(2)} s = ${(order.sent / order.seconds).toFixed(0)} SMS/s (files: ${order.files})`,
  );
  const codes = mkdtempSync(path.join(tmpdir(), "bench-sms-"));
  // One address per twenty numbers: the sign-ins are within every limit.
  for (let i = 0; i < MESSAGES; i++)
    await startPhoneSignIn(db, { phone: mobile() }, client(`10.78.${i >> 8}.${(i / 20) | 0}`));
  const code = await drain(db, codes);
  console.log(
    `${label}: sign-in codes  ${code.sent} SMS in ${code.seconds.toFixed(2)} s = ${(code.sent / code.seconds).toFixed(0)} SMS/s (files: ${code.files})`,
  );
  rmSync(orders, { recursive: true, force: true });
  rmSync(codes, { recursive: true, force: true });
}

async function admitted(calls: Promise<unknown>[]): Promise<number> {
  return (await Promise.allSettled(calls)).filter((outcome) => outcome.status === "fulfilled").length;
}

async function messagesTo(db: Db, phones: string[]): Promise<number> {
  const rows = await db.selectFrom("messages").select("id").where("recipient", "in", phones).execute();
  return rows.length;
}

/** Each limit under a burst from two connections: what got through against what is allowed. */
async function bursts(db: Db, other: Db, label: string): Promise<void> {
  const now = Date.now();
  const pick = (index: number) => (index % 2 === 0 ? db : other);

  const phone = mobile();
  const browser = client();
  const { challengeId } = await startPhoneSignIn(db, { phone }, browser, now);
  for (let round = 1; round <= 4; round++) {
    const at = now + round * (RESEND_WAIT_MS + 1_000);
    await admitted(Array.from({ length: 40 }, (_, i) => resendPhoneCode(pick(i), { challengeId }, browser, at)));
  }
  console.log(
    `${label}: 1 sign-in + 4 bursts of 40 resends        → ${await messagesTo(db, [phone])} SMS (allowed ${MAX_SENDS})`,
  );

  const target = mobile();
  const starts = await admitted(
    Array.from({ length: 40 }, (_, i) => startPhoneSignIn(pick(i), { phone: target }, client(), now)),
  );
  console.log(
    `${label}: 40 sign-ins to one number at once         → ${starts} SMS (allowed ${SENDS_PER_NUMBER_BURST} in 15 minutes)`,
  );

  const ip = `10.79.${counter & 255}.1`;
  const numbers = Array.from({ length: 50 }, () => mobile());
  await admitted(numbers.map((to, i) => startPhoneSignIn(pick(i), { phone: to }, client(ip), now)));
  console.log(
    `${label}: 50 numbers from one address at once       → ${await messagesTo(db, numbers)} SMS (allowed ${SENDS_PER_ADDRESS_PER_HOUR} an hour)`,
  );

  const victim = mobile();
  const owner = client();
  const signIn = await startPhoneSignIn(db, { phone: victim }, owner, now);
  const guesses = Array.from({ length: 40 }, (_, i) =>
    verifyPhoneCode(
      pick(i),
      { sessionSecret: SECRET },
      { challengeId: signIn.challengeId, code: String(i).padStart(6, "0") },
      {
        ...owner,
        ip: `10.80.${counter & 255}.${i}`,
      },
    ),
  );
  const settled = await Promise.allSettled(guesses);
  const checked = settled.filter(
    (outcome) => outcome.status === "rejected" && (outcome.reason as { code?: string }).code === "invalid-action-code",
  ).length;
  console.log(`${label}: 40 guesses at one code at once            → ${checked} checked (allowed ${MAX_TRIES})`);
}

async function run(label: string, url: string, setUp: (db: Db) => Promise<void>): Promise<void> {
  const handle = openDatabase(url);
  const other = openDatabase(url);
  try {
    await setUp(handle.db);
    await throughput(handle.db, label);
    await bursts(handle.db, other.db, label);
  } finally {
    await other.close();
    await handle.close();
  }
}

console.log(`The SMS outbox's worker, ${MESSAGES} messages each, to the file outbox (one JSON file per SMS):`);
const dir = mkdtempSync(path.join(tmpdir(), "bench-messaging-"));
try {
  await run("SQLite    ", `file:${path.join(dir, "shop.db")}`, migrateToLatest);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (pgUrl) {
  const scratch = await createScratchSchema(pgUrl, "bench_messaging");
  try {
    await run("PostgreSQL", scratch.url, (db) => withSchemaLock(db, () => migrateToLatest(db)));
  } finally {
    await scratch.drop();
  }
} else {
  console.log("PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL).");
}
