import type { Insertable } from "kysely";
import type { AuditLogTable, Executor } from "../db/schema.ts";

/*
 * The audit log's SQL: an insert and reads. There is no update or delete here, nor anywhere: the
 * table's triggers (migration 0039) refuse them on both engines.
 */

export async function insertAuditEntry(executor: Executor, entry: Insertable<AuditLogTable>): Promise<void> {
  await executor.insertInto("auditLog").values(entry).execute();
}

export type AuditFilter = {
  actorId?: string;
  kind?: string;
  subjectType?: string;
  subjectId?: string;
  /** The subject as people know it (an order number), exactly. */
  subjectLabel?: string;
  /** Entries older than this one (the page before). */
  beforeId?: number;
};

/** Entries newest first, as many as asked. */
export async function findAuditEntries(executor: Executor, filter: AuditFilter, limit: number) {
  let query = executor.selectFrom("auditLog").selectAll();
  if (filter.actorId !== undefined) query = query.where("actorId", "=", filter.actorId);
  if (filter.kind !== undefined) query = query.where("kind", "=", filter.kind);
  if (filter.subjectType !== undefined) query = query.where("subjectType", "=", filter.subjectType);
  if (filter.subjectId !== undefined) query = query.where("subjectId", "=", filter.subjectId);
  if (filter.subjectLabel !== undefined) query = query.where("subjectLabel", "=", filter.subjectLabel);
  if (filter.beforeId !== undefined) query = query.where("id", "<", filter.beforeId);
  return query.orderBy("id", "desc").limit(limit).execute();
}

/** Everyone who has an entry, with the name they last had in it. */
export async function findAuditActors(executor: Executor) {
  return executor
    .selectFrom("auditLog")
    .select(({ fn }) => ["actorId", fn.max("actor").as("actor")])
    .where("actorId", "is not", null)
    .groupBy("actorId")
    .orderBy("actor")
    .execute();
}
