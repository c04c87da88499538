import { type Expression, type SqlBool, sql } from "kysely";
import type { Executor } from "../db/schema.ts";
import { columnContains } from "../db/text-match.ts";

export async function countRows(executor: Executor, table: "users" | "orders") {
  const row = await executor
    .selectFrom(table)
    .select(({ fn }) => fn.countAll<number | string>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Orders by status, with the money they bring in. */
export async function orderTotalsByStatus(executor: Executor) {
  const rows = await executor
    .selectFrom("orders")
    .select(({ fn }) => [
      "status",
      fn.countAll<number | string>().as("count"),
      fn.sum<number | string | null>("total").as("revenue"),
    ])
    .groupBy("status")
    .execute();
  return rows.map((row) => ({ status: row.status, count: Number(row.count), revenue: Number(row.revenue ?? 0) }));
}

export async function findAdminProducts(
  executor: Executor,
  pattern: string | undefined,
  limit: number,
  offset: number,
) {
  let query = executor
    .selectFrom("products")
    .select(["id", "title", "price", "imageMain", "category", "createdAt"])
    .where(sql<SqlBool>`archived = 0`);
  const match = columnContains("searchText", pattern);
  if (match) query = query.where(match);
  return query.orderBy("createdAt", "desc").orderBy("id", "desc").limit(limit).offset(offset).execute();
}

export async function findAdminUsers(executor: Executor, pattern: string | undefined, limit: number, offset: number) {
  let query = executor
    .selectFrom("users")
    .select(["id", "name", "email", "role", "pointsBalance", "disabled", "createdAt"]);
  if (pattern) {
    query = query.where((eb) =>
      eb.or([
        columnContains("users.name", pattern),
        columnContains("users.emailKey", pattern),
      ] as Expression<SqlBool>[]),
    );
  }
  return query.orderBy("createdAt", "desc").orderBy("id").limit(limit).offset(offset).execute();
}
