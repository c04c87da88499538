import { type Insertable, sql } from "kysely";
import { changedOneRow } from "../db/guarded-update.ts";
import { claimDueRows, markAttemptFailedIn } from "../db/leased-queue.ts";
import type { Executor, OutboxTable } from "../db/schema.ts";

export async function insertOutbox(executor: Executor, row: Insertable<OutboxTable>): Promise<void> {
  await executor.insertInto("outbox").values(row).execute();
}

/** Deletes one message: one that turned out to have no one to go to. */
export async function deleteOutboxRow(executor: Executor, id: number): Promise<void> {
  await executor.deleteFrom("outbox").where("id", "=", id).execute();
}

/** Deletes the queued (not yet taken) messages of a kind to an address, compared lower-cased. */
export async function deleteQueued(executor: Executor, kind: string, recipientKey: string): Promise<number> {
  const result = await executor
    .deleteFrom("outbox")
    .where("kind", "=", kind)
    .where("status", "=", "queued")
    .where(sql`lower(recipient)`, "=", recipientKey)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export type ClaimedMail = {
  id: number;
  kind: string;
  recipient: string;
  subject: string;
  payload: string;
  attempts: number;
};

/** Takes up to `limit` due messages under a lease, oldest first (db/leased-queue.ts). */
export function claimDue(executor: Executor, now: number, leaseUntil: number, limit: number): Promise<ClaimedMail[]> {
  const columns = ["id", "kind", "recipient", "subject", "payload", "attempts"] as const;
  return claimDueRows<ClaimedMail>(executor, "outbox", columns, { now, leaseUntil, limit });
}

/**
 * Marks messages sent, and drops what they said: a sent message's payload is no longer needed, and
 * it may hold a secret link (a reset, a confirmation, a guest's order) that would otherwise sit in
 * the database, and in every backup of it, in clear.
 */
export async function markSent(executor: Executor, ids: number[], at: number): Promise<void> {
  await executor
    .updateTable("outbox")
    .set({ status: "sent", sentAt: at, leaseUntil: null, lastError: null, payload: "{}" })
    .where("id", "in", ids)
    .execute();
}

/** A failed attempt: tried again at `nextAttemptAt`, or given up when that is null. */
export function markAttemptFailed(executor: Executor, id: number, error: string, nextAttemptAt: number | null) {
  return markAttemptFailedIn(executor, "outbox", id, { error, nextAttemptAt });
}

export async function findRecentOutbox(executor: Executor, limit: number, offset: number) {
  return executor
    .selectFrom("outbox")
    .select(["id", "kind", "recipient", "subject", "status", "attempts", "lastError", "createdAt", "sentAt"])
    .orderBy("id", "desc")
    .limit(limit)
    .offset(offset)
    .execute();
}

/** A failed message goes back in the queue, due now, with its attempts counted afresh. */
export async function requeueFailed(executor: Executor, id: number, now: number): Promise<boolean> {
  return changedOneRow(
    executor
      .updateTable("outbox")
      .set({ status: "queued", attempts: 0, nextAttemptAt: now, lastError: null })
      .where("id", "=", id)
      .where("status", "=", "failed"),
  );
}

/** Messages still to be sent: the outbox's depth. */
export async function countUnsent(executor: Executor): Promise<number> {
  const row = await executor
    .selectFrom("outbox")
    .select(({ fn }) => fn.countAll<number | string>().as("count"))
    .where("status", "in", ["queued", "sending"])
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
