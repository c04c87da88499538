import { type Expression, type SqlBool, sql } from "kysely";
import type { Executor } from "../db/schema.ts";

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

function contains(column: string, pattern: string | undefined): Expression<SqlBool> | null {
  return pattern ? sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'` : null;
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
  const match = contains("searchText", pattern);
  if (match) query = query.where(match);
  return query.orderBy("createdAt", "desc").orderBy("id", "desc").limit(limit).offset(offset).execute();
}

export async function findAdminOrders(executor: Executor, pattern: string | undefined, limit: number, offset: number) {
  let query = executor
    .selectFrom("orders")
    .leftJoin("orderLines", (join) =>
      join.onRef("orderLines.orderId", "=", "orders.id").on("orderLines.position", "=", 0),
    )
    .select([
      "orders.id",
      "orders.orderNumber",
      "orders.paymentRef",
      "orders.total",
      "orders.itemCount",
      "orders.name",
      "orders.address",
      "orders.pincode",
      "orders.phone",
      "orders.email",
      "orders.status",
      "orders.createdAt",
      "orderLines.title",
      "orderLines.image",
      "orderLines.category",
    ]);
  if (pattern) {
    query = query.where((eb) =>
      eb.or(
        ["orders.orderNumber", "orders.email", "orders.name", "orders.phone", "orders.paymentRef"].map(
          (column) => contains(column, pattern) as Expression<SqlBool>,
        ),
      ),
    );
  }
  return query.orderBy("orders.createdAt", "desc").orderBy("orders.id", "desc").limit(limit).offset(offset).execute();
}

export async function findAdminUsers(executor: Executor, pattern: string | undefined, limit: number, offset: number) {
  let query = executor
    .selectFrom("users")
    .select(["id", "name", "email", "role", "pointsBalance", "disabled", "createdAt"]);
  if (pattern) {
    query = query.where((eb) =>
      eb.or([contains("users.name", pattern), contains("users.emailKey", pattern)] as Expression<SqlBool>[]),
    );
  }
  return query.orderBy("createdAt", "desc").orderBy("id").limit(limit).offset(offset).execute();
}
