import { type Expression, type SqlBool, sql } from "kysely";
import { INDIA_OFFSET_MS } from "#core/dates.ts";
import type { Executor } from "../db/schema.ts";
import { columnContains, containsLikePattern } from "../db/text-match.ts";

export async function countRows(executor: Executor, table: "users" | "orders") {
  const row = await executor
    .selectFrom(table)
    .select(({ fn }) => fn.countAll<number | string>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Orders by status, with the value booked and how many are ready to ship. */
export async function orderTotalsByStatus(executor: Executor) {
  const rows = await executor
    .selectFrom("orders")
    .select(({ fn }) => [
      "status",
      fn.countAll<number | string>().as("count"),
      fn.sum<number | string | null>("total").as("booked"),
      // Ready to go: cash at the door, or paid online (an order awaiting its payment waits).
      sql<
        number | string | null
      >`sum(case when payment_status in ('cod-due', 'cod-collected', 'paid') then 1 else 0 end)`.as("settled"),
    ])
    .groupBy("status")
    .execute();
  return rows.map((row) => ({
    status: row.status,
    count: Number(row.count),
    booked: Number(row.booked ?? 0),
    settled: Number(row.settled ?? 0),
  }));
}

/**
 * Where the buyers' money is (record 32): received by the shop (online payments, and cash the
 * couriers remitted), still with the couriers (cash collected at the door, not yet remitted), and
 * gone back (refunds completed, through the gateway or to a UPI ID).
 */
export async function moneyFigures(executor: Executor) {
  const payments = await executor
    .selectFrom("orderPayments")
    .select([
      sql<number | string | null>`sum(case when method = 'online' or status = 'remitted' then amount else 0 end)`.as(
        "received",
      ),
      sql<number | string | null>`sum(case when method = 'cash' and status = 'collected' then amount else 0 end)`.as(
        "withCouriers",
      ),
    ])
    .executeTakeFirstOrThrow();
  const refunds = await executor
    .selectFrom("paymentRefunds")
    .select(({ fn }) => fn.sum<number | string | null>("amount").as("refunded"))
    .where("status", "=", "processed")
    .executeTakeFirstOrThrow();
  return {
    received: Number(payments.received ?? 0),
    withCouriers: Number(payments.withCouriers ?? 0),
    refunded: Number(refunds.refunded ?? 0),
  };
}

/** One word of the Products tab's search: what a product's words may start with, or be. */
export type ProductWordSearch = { starts: readonly string[]; whole: readonly string[] };

/**
 * Products on sale, newest first, with every searched word among their folded words (`search_text`:
 * title, type, category and fabric, lower case). Each word is first matched anywhere in
 * `search_text` itself, which PostgreSQL's trigram index of migration 0005 covers (`lower(…)` would
 * not use it), then checked at the start of a word, or as a whole word, with the spaces around it.
 */
export async function findAdminProducts(
  executor: Executor,
  words: readonly ProductWordSearch[],
  limit: number,
  offset: number,
) {
  let query = executor
    .selectFrom("products")
    .select(["id", "title", "price", "imageMain", "category", "createdAt"])
    .where(sql<SqlBool>`archived = 0`);
  const like = (text: string, pattern: string) => sql<SqlBool>`${sql.raw(text)} like ${pattern} escape '\\'`;
  const anywhere = (word: string) => like("search_text", containsLikePattern(word));
  const starting = (word: string) =>
    sql<SqlBool>`(${anywhere(word)} and ${like("(' ' || search_text)", containsLikePattern(` ${word}`))})`;
  const whole = (word: string) =>
    sql<SqlBool>`(${anywhere(word)} and ${like("(' ' || search_text || ' ')", containsLikePattern(` ${word} `))})`;
  for (const word of words) {
    const any = [...word.starts.map(starting), ...word.whole.map(whole)];
    if (any.length > 0) query = query.where(sql<SqlBool>`(${sql.join(any, sql` or `)})`);
  }
  return query.orderBy("createdAt", "desc").orderBy("id", "desc").limit(limit).offset(offset).execute();
}

export async function findAdminUsers(executor: Executor, pattern: string | undefined, limit: number, offset: number) {
  let query = executor
    .selectFrom("users")
    .select(["id", "name", "email", "mobile", "role", "pointsBalance", "disabled", "createdAt"]);
  if (pattern) {
    query = query.where((eb) =>
      eb.or([
        columnContains("users.name", pattern),
        columnContains("users.emailKey", pattern),
        columnContains("users.mobile", pattern),
      ] as Expression<SqlBool>[]),
    );
  }
  return query.orderBy("createdAt", "desc").orderBy("id").limit(limit).offset(offset).execute();
}

export const DAY_MS = 86_400_000;

/**
 * Orders per day in India's time, from the given moment on, with what their buyers paid (record 32):
 * the kept payments still holding the money, online or cash at the door (with the courier or
 * remitted); keyed by the day's number since 1 January 1970. Integer division on both engines; the
 * constants are written into the SQL so that SQLite does not take them for fractions.
 */
export async function salesPerDay(executor: Executor, from: number) {
  const day = sql<number>`(created_at + ${sql.raw(String(INDIA_OFFSET_MS))}) / ${sql.raw(String(DAY_MS))}`;
  const paid = sql<number | string | null>`(
    select sum(p.amount) from order_payments p
    where p.order_id = orders.id and p.kept = 1 and p.status in ('paid', 'collected', 'remitted'))`;
  const rows = await executor
    .selectFrom("orders")
    .select(({ fn }) => [
      day.as("day"),
      fn.countAll<number | string>().as("orders"),
      sql<number | string | null>`sum(${paid})`.as("revenue"),
    ])
    .where("createdAt", ">=", from)
    .groupBy(day)
    .execute();
  return rows.map((row) => ({ day: Number(row.day), orders: Number(row.orders), revenue: Number(row.revenue ?? 0) }));
}

/** Sizes of products on sale with `limit` or fewer pieces left, fewest first. */
export async function findLowStock(executor: Executor, limit: number, rows: number) {
  return executor
    .selectFrom("productSizes")
    .innerJoin("products", "products.id", "productSizes.productId")
    .select(["productSizes.productId", "products.title", "productSizes.size", "productSizes.stock"])
    .where(sql<SqlBool>`products.archived = 0`)
    .where("productSizes.stock", "<=", limit)
    .orderBy("productSizes.stock")
    .orderBy("products.title")
    .orderBy("productSizes.position")
    .limit(rows)
    .execute();
}
