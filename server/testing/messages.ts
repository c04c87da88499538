import { randomBytes } from "node:crypto";
import type { IndianMobile } from "#core/phone.ts";
import { phoneCodeAtSending } from "../accounts/phone-sign-in.service.ts";
import type { Db } from "../db/schema.ts";
import type { OutgoingSms } from "../messaging/messaging.schemas.ts";
import { deliverDueMessages, type MessageDelivery } from "../messaging/messaging.service.ts";
import type { SmsTransport } from "../messaging/sms-transport.ts";
import type { WhatsappTransport } from "../messaging/whatsapp-transport.ts";
import { testConfig } from "./test-config.ts";

/** An SMS transport that keeps what it is given, in order: the phone a test reads its codes from. */
export function capturingSms(): SmsTransport & { sent: OutgoingSms[] } {
  const sent: OutgoingSms[] = [];
  return {
    sent,
    send: async (sms) => {
      sent.push(sms);
      return { providerMessageId: null };
    },
    close: () => {},
  };
}

export type TestDelivery = Partial<Omit<MessageDelivery, "db">> & { sessionSecret?: string };

/** The delivery a shop process would run, with a capturing SMS transport unless given one. */
export function testDelivery(db: Db, options: TestDelivery = {}): MessageDelivery {
  const sessionSecret = options.sessionSecret ?? testConfig().sessionSecret;
  return {
    db,
    sms: options.sms ?? capturingSms(),
    smsTemplates: options.smsTemplates ?? new Map(),
    whatsapp: options.whatsapp ?? (null as WhatsappTransport | null),
    publicUrl: options.publicUrl ?? "https://kesar.test",
    valuesAtSending: options.valuesAtSending ?? phoneCodeAtSending(db, sessionSecret),
  };
}

/** Sends what the outbox holds that is due at `now`, as the shop's worker does, batch after batch. */
export async function sendDueMessages(delivery: MessageDelivery, now: number = Date.now()): Promise<number> {
  let total = 0;
  for (let batch = 0; batch < 100; batch++) {
    const sent = await deliverDueMessages(delivery, now);
    total += sent;
    if (sent === 0 && (await dueCount(delivery.db, now)) === 0) break;
  }
  return total;
}

async function dueCount(db: Db, now: number): Promise<number> {
  const row = await db
    .selectFrom("messages")
    .select(({ fn }) => fn.countAll<number | string>().as("count"))
    .where("status", "=", "queued")
    .where("nextAttemptAt", "<=", now)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The messages queued for a number, oldest first, as the outbox holds them. */
export async function messagesFor(db: Db, recipient: string) {
  return db.selectFrom("messages").selectAll().where("recipient", "=", recipient).orderBy("id").execute();
}

/**
 * The sign-in code of the latest code SMS to a number, among those a transport captured (an order's
 * SMS to the same number carries six digits of its own, in the order number).
 */
export function codeTo(sms: { sent: OutgoingSms[] }, phone: string): string {
  const codes = sms.sent.filter((message) => message.to === phone && message.template.startsWith("phone-code."));
  return codeIn(codes.at(-1));
}

/** The sign-in code an SMS carries. */
export function codeIn(sms: OutgoingSms | undefined): string {
  const code = sms?.text.match(/^(\d{6}) /)?.[1] ?? sms?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error("The SMS carries no code.");
  return code;
}

/** A mobile number no other test uses. */
export function uniqueMobile(): IndianMobile {
  const digits = randomBytes(8).readBigUInt64BE() % 1_000_000_000n;
  return `+91${6 + ((randomBytes(1)[0] ?? 0) % 4)}${String(digits).padStart(9, "0")}`;
}
