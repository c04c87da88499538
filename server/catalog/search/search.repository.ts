import { sql } from "kysely";
import type { Executor } from "../../db/schema.ts";

export async function findSynonyms(executor: Executor) {
  return executor.selectFrom("searchSynonyms").select(["word", "target"]).orderBy("word").execute();
}

export async function findSynonymsStamp(executor: Executor): Promise<string> {
  const row = await sql<{ count: number | string; latest: number | string | null }>`
    select count(*) as count, max(created_at) as latest from search_synonyms`.execute(executor);
  return `${row.rows[0]?.count ?? 0}:${row.rows[0]?.latest ?? 0}`;
}

export async function upsertSynonym(executor: Executor, word: string, target: string, now: number): Promise<void> {
  await executor
    .insertInto("searchSynonyms")
    .values({ word, target, createdAt: now })
    .onConflict((conflict) => conflict.column("word").doUpdateSet({ target, createdAt: now }))
    .execute();
}

export type LoggedSearch = { query: string; resultCount: number; tookMs: number; at: number };

export async function insertSearchLog(executor: Executor, entries: readonly LoggedSearch[]): Promise<void> {
  if (entries.length === 0) return;
  await executor
    .insertInto("searchLog")
    .values([...entries])
    .execute();
}

/** The most made searches since `since`, with how often and how many products the last one found. */
export async function findTopSearches(executor: Executor, since: number, limit: number) {
  const rows = await executor
    .selectFrom("searchLog")
    .select(({ fn }) => [
      "query",
      fn.countAll<number | string>().as("times"),
      fn.max("resultCount").as("maxResults"),
      fn.avg<number | string>("tookMs").as("averageMs"),
    ])
    .where("at", ">=", since)
    .groupBy("query")
    .orderBy("times", "desc")
    .orderBy("query")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    query: row.query,
    times: Number(row.times),
    maxResults: Number(row.maxResults),
    averageMs: Math.round(Number(row.averageMs)),
  }));
}

/** The searches since `since` that never found anything, most made first. */
export async function findZeroResultSearches(executor: Executor, since: number, limit: number) {
  const rows = await executor
    .selectFrom("searchLog")
    .select(({ fn }) => ["query", fn.countAll<number | string>().as("times")])
    .where("at", ">=", since)
    .groupBy("query")
    .having((eb) => eb.fn.max("resultCount"), "=", 0)
    .orderBy("times", "desc")
    .orderBy("query")
    .limit(limit)
    .execute();
  return rows.map((row) => ({ query: row.query, times: Number(row.times) }));
}
