import type { Insertable } from "kysely";
import { claimDueRows, markAttemptFailedIn } from "../db/leased-queue.ts";
import type {
  Executor,
  MessageDelivery,
  MessageLinksTable,
  MessageReceiptsTable,
  MessagesTable,
} from "../db/schema.ts";

export async function insertMessage(executor: Executor, row: Insertable<MessagesTable>): Promise<number> {
  const inserted = await executor.insertInto("messages").values(row).returning("id").executeTakeFirstOrThrow();
  return Number(inserted.id);
}

export async function deleteMessage(executor: Executor, id: number): Promise<void> {
  await executor.deleteFrom("messages").where("id", "=", id).execute();
}

export type ClaimedMessage = {
  id: number;
  channel: "sms" | "whatsapp";
  kind: string;
  template: string;
  recipient: string;
  payload: string;
  attempts: number;
};

/** Takes up to `limit` due messages under a lease, oldest first (db/leased-queue.ts). */
export function claimDueMessages(
  executor: Executor,
  now: number,
  leaseUntil: number,
  limit: number,
): Promise<ClaimedMessage[]> {
  const columns = ["id", "channel", "kind", "template", "recipient", "payload", "attempts"] as const;
  return claimDueRows<ClaimedMessage>(executor, "messages", columns, { now, leaseUntil, limit });
}

/**
 * Marks messages sent, with the provider's id of each, and drops what they said: a sent message's
 * values are no longer needed, and the outbox keeps no more than it must.
 */
export async function markMessagesSent(
  executor: Executor,
  sent: { id: number; providerMessageId: string | null }[],
  at: number,
): Promise<void> {
  const done = { status: "sent" as const, sentAt: at, leaseUntil: null, lastError: null, payload: "{}" };
  const anonymous = sent.filter((entry) => entry.providerMessageId === null).map((entry) => entry.id);
  if (anonymous.length > 0) await executor.updateTable("messages").set(done).where("id", "in", anonymous).execute();
  for (const entry of sent.filter((item) => item.providerMessageId !== null)) {
    await executor
      .updateTable("messages")
      .set({ ...done, providerMessageId: entry.providerMessageId })
      .where("id", "=", entry.id)
      .execute();
  }
}

/** A failed attempt: tried again at `nextAttemptAt`, or given up when that is null. */
export function markMessageAttemptFailed(executor: Executor, id: number, error: string, nextAttemptAt: number | null) {
  return markAttemptFailedIn(executor, "messages", id, { error, nextAttemptAt });
}

/** Records a provider's status report once; false when the same status of the same message was had before. */
export async function insertReceipt(executor: Executor, receipt: MessageReceiptsTable): Promise<boolean> {
  const inserted = await executor
    .insertInto("messageReceipts")
    .values(receipt)
    .onConflict((conflict) => conflict.columns(["providerMessageId", "status"]).doNothing())
    .returning("status")
    .executeTakeFirst();
  return inserted !== undefined;
}

/** The furthest status reported for a provider's message, if any. */
export async function furthestReceipt(executor: Executor, providerMessageId: string) {
  return executor
    .selectFrom("messageReceipts")
    .select(["status", "rank", "at"])
    .where("providerMessageId", "=", providerMessageId)
    .orderBy("rank", "desc")
    .executeTakeFirst();
}

/** The first error a provider reported for a message (a failed status's reason). */
export async function firstReceiptError(executor: Executor, providerMessageId: string): Promise<string | null> {
  const row = await executor
    .selectFrom("messageReceipts")
    .select("error")
    .where("providerMessageId", "=", providerMessageId)
    .where("error", "is not", null)
    .orderBy("receivedAt")
    .executeTakeFirst();
  return row?.error ?? null;
}

/**
 * Moves a message's delivery forward to `delivery`, and only forward: one statement whose guard is
 * the rank, so a late or repeated report, or two at once, can never move it back.
 */
export async function raiseDelivery(
  executor: Executor,
  providerMessageId: string,
  delivery: MessageDelivery,
  rank: number,
  at: number,
): Promise<boolean> {
  const result = await executor
    .updateTable("messages")
    .set({ delivery, deliveryRank: rank, deliveryAt: at })
    .where("providerMessageId", "=", providerMessageId)
    .where("deliveryRank", "<", rank)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Keeps the first reason a provider gave for a failure, whatever the message's delivery is now. */
export async function recordDeliveryError(executor: Executor, providerMessageId: string, error: string) {
  await executor
    .updateTable("messages")
    .set({ deliveryError: error })
    .where("providerMessageId", "=", providerMessageId)
    .where("deliveryError", "is", null)
    .execute();
}

export async function insertConsent(
  executor: Executor,
  consent: { phone: string; choice: "in" | "out"; wording: string; source: string; at: number },
): Promise<void> {
  await executor.insertInto("whatsappConsents").values(consent).execute();
}

/** The latest opt-in or opt-out of a number, if it ever gave one. */
export async function latestConsent(executor: Executor, phone: string) {
  return executor
    .selectFrom("whatsappConsents")
    .select(["choice", "wording", "source", "at"])
    .where("phone", "=", phone)
    .orderBy("id", "desc")
    .executeTakeFirst();
}

export async function findRecentMessages(executor: Executor, limit: number, offset: number) {
  return executor
    .selectFrom("messages")
    .select([
      "id",
      "channel",
      "kind",
      "template",
      "recipient",
      "status",
      "attempts",
      "lastError",
      "createdAt",
      "sentAt",
      "delivery",
      "deliveryError",
    ])
    .orderBy("id", "desc")
    .limit(limit)
    .offset(offset)
    .execute();
}

/** Messages still to be sent: the outbox's depth. */
export async function countUnsentMessages(executor: Executor): Promise<number> {
  const row = await executor
    .selectFrom("messages")
    .select(({ fn }) => fn.countAll<number | string>().as("count"))
    .where("status", "in", ["queued", "sending"])
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertLink(executor: Executor, link: MessageLinksTable): Promise<void> {
  await executor.insertInto("messageLinks").values(link).execute();
}

export async function findLinkTarget(executor: Executor, code: string): Promise<string | undefined> {
  const row = await executor.selectFrom("messageLinks").select("target").where("code", "=", code).executeTakeFirst();
  return row?.target;
}
