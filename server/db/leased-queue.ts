import { sql } from "kysely";
import { engineOf } from "./database.ts";
import type { Executor } from "./schema.ts";

/*
 * The outboxes (mail in `outbox`, SMS and WhatsApp in `messages`) are queues of rows that workers in
 * several shop processes take under a lease: queued and due, or taken by a worker whose lease ran
 * out. Both tables keep `status`, `next_attempt_at`, `lease_until`, `attempts` and `last_error`.
 */
type QueueTable = "outbox" | "messages";

/**
 * Takes up to `limit` due rows and holds them until `leaseUntil`, in one statement: SKIP LOCKED on
 * PostgreSQL, the single writer on SQLite, so two workers never take the same row. Oldest first, so
 * a buyer hears "placed" before "shipped" (PostgreSQL's RETURNING keeps no order).
 */
export async function claimDueRows<Row extends { id: number; attempts: number }>(
  executor: Executor,
  table: QueueTable,
  columns: readonly (keyof Row & string)[],
  claim: { now: number; leaseUntil: number; limit: number },
): Promise<Row[]> {
  const { now, leaseUntil, limit } = claim;
  const due = sql`(status = 'queued' and next_attempt_at <= ${now}) or (status = 'sending' and lease_until <= ${now})`;
  const skipLocked = engineOf(executor) === "postgres" ? sql`for update skip locked` : sql``;
  const returning = sql.join(columns.map((column) => sql.ref(column)));
  const result = await sql<Row>`
    update ${sql.table(table)} set status = 'sending', lease_until = ${leaseUntil}, attempts = attempts + 1
    where id in (select id from ${sql.table(table)} where ${due} order by id limit ${limit} ${skipLocked})
    returning ${returning}`.execute(executor);
  const claimed = result.rows.map((row) => ({ ...row, id: Number(row.id), attempts: Number(row.attempts) }));
  return claimed.sort((a, b) => a.id - b.id);
}

/** A failed attempt: tried again at `nextAttemptAt`, or given up when that is null. */
export async function markAttemptFailedIn(
  executor: Executor,
  table: QueueTable,
  id: number,
  failure: { error: string; nextAttemptAt: number | null },
): Promise<void> {
  const { error, nextAttemptAt } = failure;
  await executor
    .updateTable(table)
    .set(
      nextAttemptAt === null
        ? { status: "failed", leaseUntil: null, lastError: error }
        : { status: "queued", leaseUntil: null, lastError: error, nextAttemptAt },
    )
    .where("id", "=", id)
    .execute();
}
