import { sql } from "kysely";
import { engineOf } from "../db/database.ts";
import type { Executor } from "../db/schema.ts";

/**
 * Holds the named counter until the transaction ends, so that counting and checking it is one
 * step for everyone. PostgreSQL takes a transaction-scoped advisory lock on the name's hash (a
 * collision only makes two counters wait for each other); SQLite needs nothing, because the
 * shop's SQLite transactions begin IMMEDIATE and so already hold the single write lock.
 */
export async function lockCounter(executor: Executor, action: string, subject: string): Promise<void> {
  if (engineOf(executor) !== "postgres") return;
  await sql`select pg_advisory_xact_lock(hashtextextended(${`${action} ${subject}`}, 0))`.execute(executor);
}

/** When each use counted for an action and subject since a moment was made, oldest first. */
export async function hitTimes(executor: Executor, action: string, subject: string, since: number): Promise<number[]> {
  const rows = await executor
    .selectFrom("limitHits")
    .select("at")
    .where("action", "=", action)
    .where("subject", "=", subject)
    .where("at", ">", since)
    .orderBy("at")
    .execute();
  return rows.map((row) => Number(row.at));
}

export async function insertHit(executor: Executor, action: string, subject: string, at: number): Promise<number> {
  const row = await executor
    .insertInto("limitHits")
    .values({ action, subject, at })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function deleteHits(executor: Executor, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await executor.deleteFrom("limitHits").where("id", "in", ids).execute();
}

export async function deleteSubjectHits(executor: Executor, action: string, subject: string): Promise<void> {
  await executor.deleteFrom("limitHits").where("action", "=", action).where("subject", "=", subject).execute();
}

/** Forgets the uses that no window counts any more. */
export async function deleteHitsBefore(executor: Executor, before: number): Promise<void> {
  await executor.deleteFrom("limitHits").where("at", "<=", before).execute();
}
