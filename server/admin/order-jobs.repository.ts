import { sql } from "kysely";
import type { Executor } from "../db/schema.ts";

/* A bulk action's job and its result per order (record 45). */

export async function insertJob(
  executor: Executor,
  job: {
    kind: string;
    params: string;
    actorId: string | null;
    actor: string;
    retryOf: number | null;
    createdAt: number;
  },
): Promise<number> {
  const row = await executor.insertInto("orderJobs").values(job).returning("id").executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function insertJobResults(
  executor: Executor,
  rows: { jobId: number; position: number; orderId: number; orderNumber: string }[],
): Promise<void> {
  if (rows.length > 0) await executor.insertInto("orderJobResults").values(rows).execute();
}

export async function setJobResult(
  executor: Executor,
  result: { jobId: number; position: number; outcome: "done" | "failed"; message: string | null; at: number },
): Promise<void> {
  await executor
    .updateTable("orderJobResults")
    .set({ outcome: result.outcome, message: result.message, at: result.at })
    .where("jobId", "=", result.jobId)
    .where("position", "=", result.position)
    .execute();
}

export async function finishJob(executor: Executor, jobId: number, at: number): Promise<void> {
  await executor.updateTable("orderJobs").set({ finishedAt: at }).where("id", "=", jobId).execute();
}

export async function findJob(executor: Executor, jobId: number) {
  return executor.selectFrom("orderJobs").selectAll().where("id", "=", jobId).executeTakeFirst();
}

export async function findJobResults(executor: Executor, jobId: number) {
  return executor.selectFrom("orderJobResults").selectAll().where("jobId", "=", jobId).orderBy("position").execute();
}

/** The latest jobs (a member's own, or everyone's), with how many of their orders went through and failed. */
export async function findRecentJobs(executor: Executor, actorId: string | null, limit: number) {
  let query = executor
    .selectFrom("orderJobs")
    .leftJoin("orderJobResults", "orderJobResults.jobId", "orderJobs.id")
    .select(({ fn }) => [
      "orderJobs.id",
      "orderJobs.kind",
      "orderJobs.actor",
      "orderJobs.createdAt",
      "orderJobs.finishedAt",
      fn.count<number | string>("orderJobResults.position").as("total"),
      sql<number | string | null>`sum(case when order_job_results.outcome = 'done' then 1 else 0 end)`.as("done"),
      sql<number | string | null>`sum(case when order_job_results.outcome = 'failed' then 1 else 0 end)`.as("failed"),
    ])
    .groupBy(["orderJobs.id", "orderJobs.kind", "orderJobs.actor", "orderJobs.createdAt", "orderJobs.finishedAt"]);
  if (actorId !== null) query = query.where("orderJobs.actorId", "=", actorId);
  return query.orderBy("orderJobs.id", "desc").limit(limit).execute();
}
