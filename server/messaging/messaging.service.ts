import type { Actor } from "#core/actor.ts";
import type { IndianMobile } from "#core/phone.ts";
import { assertCan } from "../access.ts";
import type { Db, Executor } from "../db/schema.ts";
import { messageQueued } from "../jobs/message-queued.ts";
import { readPage } from "../paging.ts";
import { applyReceipts } from "./delivery-status.ts";
import {
  isTemplateKey,
  MESSAGE_TEMPLATES,
  type MessageKind,
  orderedValues,
  smsText,
  splitTemplateKey,
} from "./message-templates.ts";
import {
  type ClaimedMessage,
  claimDueMessages,
  countUnsentMessages,
  deleteMessage,
  findRecentMessages,
  insertConsent,
  insertMessage,
  latestConsent,
  markMessageAttemptFailed,
  markMessagesSent,
} from "./messages.repository.ts";
import {
  type MessageEntry,
  PermanentSendError,
  type QueuedMessage,
  type SendReceipt,
  type ValuesAtSending,
} from "./messaging.schemas.ts";
import type { SmsTemplateIds } from "./messaging-settings.ts";
import type { SmsTransport } from "./sms-transport.ts";
import type { WhatsappTransport } from "./whatsapp-transport.ts";

/** How long a worker may hold a message before another may take it (a send times out well before). */
const LEASE_MS = 2 * 60_000;
/** After the last of these waits a message is given up as failed. */
const RETRY_WAITS_MS = [30_000, 2 * 60_000, 10 * 60_000, 30 * 60_000, 2 * 3_600_000, 6 * 3_600_000];

/** Messages whose template holds a secret (a sign-in code): it is made as the message is sent. */
const VALUES_AT_SENDING: ReadonlySet<MessageKind> = new Set(["phone-code"]);

/**
 * Puts an SMS in the outbox, in the caller's transaction: it is sent if, and only if, what caused
 * it is committed. A message with a secret is queued with whose it is (a challenge's id), never
 * the secret, which is made as it is sent.
 */
export async function queueSms(
  executor: Executor,
  message: QueuedMessage,
  now: number = Date.now(),
  { sendAt = now }: { sendAt?: number } = {},
): Promise<number> {
  const id = await insertMessage(executor, {
    channel: "sms",
    kind: message.kind,
    template: `${message.kind}.${message.language}`,
    language: message.language,
    recipient: message.to,
    payload: JSON.stringify(message.values),
    nextAttemptAt: sendAt,
    createdAt: now,
  });
  messageQueued.announce();
  return id;
}

/**
 * Puts a WhatsApp template message in the outbox, only for a number whose latest word was an
 * opt-in: business-initiated WhatsApp messages go only to buyers who asked for them. Answers
 * whether it was queued. (It is checked again as it is sent: an opt-out meanwhile stops it.)
 */
export async function queueWhatsapp(
  executor: Executor,
  message: QueuedMessage,
  now: number = Date.now(),
): Promise<boolean> {
  if (MESSAGE_TEMPLATES[message.kind].whatsapp === null) return false;
  if (!(await hasWhatsappConsent(executor, message.to))) return false;
  await insertMessage(executor, {
    channel: "whatsapp",
    kind: message.kind,
    template: `${message.kind}.${message.language}`,
    language: message.language,
    recipient: message.to,
    payload: JSON.stringify(message.values),
    nextAttemptAt: now,
    createdAt: now,
  });
  messageQueued.announce();
  return true;
}

/**
 * Records a buyer's opt-in to WhatsApp order updates, or opt-out, with the words they were shown
 * (or replied) and where; the latest one counts. The record is kept: it is the proof of consent.
 */
export async function recordWhatsappConsent(
  executor: Executor,
  consent: { phone: IndianMobile; choice: "in" | "out"; wording: string; source: string },
  now: number = Date.now(),
): Promise<void> {
  const wording = consent.wording.trim();
  if (!wording) throw new Error("A consent is recorded with the words it was given in.");
  await insertConsent(executor, { ...consent, wording: wording.slice(0, 1000), at: now });
}

export async function hasWhatsappConsent(executor: Executor, phone: string): Promise<boolean> {
  return (await latestConsent(executor, phone))?.choice === "in";
}

export type MessageDelivery = {
  db: Db;
  sms: SmsTransport;
  smsTemplates: ReadonlyMap<string, SmsTemplateIds>;
  /** Null when WhatsApp is off: a WhatsApp message then fails, saying so. */
  whatsapp: WhatsappTransport | null;
  /** The shop's address, which the texts carry ({site}). */
  publicUrl: string;
  /** Makes the secret values (a sign-in code) as a message is sent; the accounts room's. */
  valuesAtSending: ValuesAtSending;
};

/**
 * Sends what is due, a batch at a time, and returns how many were sent. Each message is claimed
 * with a lease before it is sent; secrets are made one after another in the order asked for (a
 * later code replaces an earlier one), then the batch goes out together. A failure is tried again
 * later, with longer waits, unless the provider's refusal is final; a worker that dies mid-send
 * leaves the message to be taken again when its lease runs out.
 */
export async function deliverDueMessages(delivery: MessageDelivery, now: number = Date.now(), limit = 20) {
  const claimed = await delivery.db.transaction().execute((trx) => claimDueMessages(trx, now, now + LEASE_MS, limit));
  const batch: { row: ClaimedMessage; values: Values }[] = [];
  for (const row of claimed) batch.push({ row, values: await valuesOf(delivery, row, now) });
  const outcomes = await Promise.all(batch.map(({ row, values }) => deliverOne(delivery, row, values, now)));
  const sent = outcomes.flatMap((outcome, index) => {
    const row = batch[index]?.row;
    return outcome && row ? [{ id: row.id, providerMessageId: outcome.providerMessageId }] : [];
  });
  if (sent.length === 0) return 0;
  const at = Date.now();
  await delivery.db.transaction().execute((trx) => markMessagesSent(trx, sent, at));
  // A status the provider reported before the send was recorded is applied now, after the commit:
  // a report whose transaction raced this one could not see the message's id, nor this one its report.
  for (const { providerMessageId } of sent) if (providerMessageId) await applyReceipts(delivery.db, providerMessageId);
  return sent.length;
}

type Values = { values: Record<string, string> | null } | { error: unknown };

/** The values to send a message with: as queued, with its secret made now; null when it should no longer go. */
async function valuesOf(delivery: MessageDelivery, row: ClaimedMessage, now: number): Promise<Values> {
  try {
    const queued = JSON.parse(row.payload) as Record<string, string>;
    const kind = row.kind as MessageKind;
    if (!VALUES_AT_SENDING.has(kind)) return { values: queued };
    const secret = await delivery.valuesAtSending({ kind, recipient: row.recipient, payload: queued }, now);
    return { values: secret && { ...queued, ...secret } };
  } catch (error) {
    return { error };
  }
}

async function deliverOne(delivery: MessageDelivery, row: ClaimedMessage, prepared: Values, now: number) {
  try {
    if ("error" in prepared) throw prepared.error;
    if (!prepared.values || (row.channel === "whatsapp" && !(await hasWhatsappConsent(delivery.db, row.recipient)))) {
      // No longer to be sent (a code no one waits for, an opt-out meanwhile): nothing is kept.
      await deleteMessage(delivery.db, row.id);
      return null;
    }
    return await (row.channel === "sms"
      ? sendSms(delivery, row, prepared.values)
      : sendWhatsapp(delivery, row, prepared.values));
  } catch (error) {
    const wait = error instanceof PermanentSendError ? undefined : RETRY_WAITS_MS[row.attempts - 1];
    const reason = error instanceof Error ? error.message : String(error);
    await markMessageAttemptFailed(delivery.db, row.id, reason.slice(0, 500), wait === undefined ? null : now + wait);
    return null;
  }
}

function templateOf(row: ClaimedMessage) {
  if (!isTemplateKey(row.template)) throw new PermanentSendError(`No template ${row.template}.`);
  return { key: row.template, ...splitTemplateKey(row.template) };
}

async function sendSms(delivery: MessageDelivery, row: ClaimedMessage, values: Record<string, string>) {
  const { key, kind } = templateOf(row);
  const ids = delivery.smsTemplates.get(key);
  const { text, ordered } = rendered(() => ({
    text: smsText(key, values, delivery.publicUrl),
    ordered: orderedValues(kind, values),
  }));
  return delivery.sms.send({
    to: row.recipient as IndianMobile,
    template: key,
    dltTemplateId: ids?.dltTemplateId ?? null,
    msg91TemplateId: ids?.msg91TemplateId ?? null,
    text,
    values: MESSAGE_TEMPLATES[kind].variables.map((name, index) => ({ name, value: ordered[index] ?? "" })),
  });
}

async function sendWhatsapp(
  delivery: MessageDelivery,
  row: ClaimedMessage,
  values: Record<string, string>,
): Promise<SendReceipt> {
  if (!delivery.whatsapp) throw new PermanentSendError("WhatsApp is not set up (WHATSAPP_TOKEN and the rest).");
  const { kind, language } = templateOf(row);
  const templateName = MESSAGE_TEMPLATES[kind].whatsapp;
  if (!templateName) throw new PermanentSendError(`The ${kind} message does not go by WhatsApp.`);
  const ordered = rendered(() => orderedValues(kind, values));
  return delivery.whatsapp.send({ to: row.recipient as IndianMobile, templateName, language, values: ordered });
}

/** A message whose values do not fit its template will not fit it later either. */
function rendered<T>(render: () => T): T {
  try {
    return render();
  } catch (error) {
    throw new PermanentSendError(error instanceof Error ? error.message : String(error));
  }
}

/** The latest messages and their state, for the admin. */
export async function recentMessages(
  db: Db,
  actor: Actor,
  page = 1,
  pageSize = 30,
): Promise<{ rows: MessageEntry[]; page: number; hasNext: boolean }> {
  assertCan(actor, "mail.view");
  const read = (limit: number, offset: number) => findRecentMessages(db, limit, offset) as Promise<MessageEntry[]>;
  return readPage(read, page, pageSize);
}

/** How many messages wait to be sent: the outbox's depth. */
export function messagesDepth(db: Db): Promise<number> {
  return countUnsentMessages(db);
}
