import { type RawBuilder, type SqlBool, sql } from "kysely";
import type { Executor } from "../db/schema.ts";

/*
 * The orders of a buyer (record 45): an account's, and a guest's by e-mail address or mobile
 * number, each found through its own index (orders_user_created, orders_email_key, orders_phone).
 * For the customers' pages and file.
 */

export type Buyer = { userId: string | null; emailKey: string | null; phone: string | null };

function ofBuyer(buyer: Buyer): RawBuilder<SqlBool> {
  const any: RawBuilder<SqlBool>[] = [];
  if (buyer.userId) any.push(sql<SqlBool>`orders.user_id = ${buyer.userId}`);
  if (buyer.emailKey) any.push(sql<SqlBool>`lower(orders.email) = ${buyer.emailKey}`);
  if (buyer.phone) any.push(sql<SqlBool>`orders.phone = ${buyer.phone}`);
  return any.length > 0 ? sql<SqlBool>`(${sql.join(any, sql` or `)})` : sql<SqlBool>`1 = 0`;
}

/** Orders that sold: not cancelled nor refused, and not an online order never paid. */
const SOLD = sql`orders.status not in ('cancelled', 'returned-to-origin') and orders.payment_status not in ('awaiting', 'failed')`;

/** A buyer's orders, newest first. */
export async function findBuyerOrders(executor: Executor, buyer: Buyer, limit: number) {
  return executor
    .selectFrom("orders")
    .select([
      "id",
      "orderNumber",
      "status",
      "paymentMethod",
      "paymentStatus",
      "total",
      "itemCount",
      "name",
      "email",
      "phone",
      "address",
      "city",
      "stateCode",
      "pincode",
      "userId",
      "createdAt",
    ])
    .where(ofBuyer(buyer))
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

/** What a buyer's orders add up to: how many, how many sold and for how much, pieces delivered, parcels refused. */
export async function sumBuyerOrders(executor: Executor, buyer: Buyer) {
  const row = await executor
    .selectFrom("orders")
    .select(({ fn }) => [
      fn.countAll<number | string>().as("orders"),
      sql<number | string | null>`sum(case when ${SOLD} then 1 else 0 end)`.as("sold"),
      sql<number | string | null>`sum(case when ${SOLD} then orders.total else 0 end)`.as("spent"),
      sql<number | string | null>`sum(case when orders.status = 'delivered' then orders.item_count else 0 end)`.as(
        "piecesDelivered",
      ),
      sql<
        number | string | null
      >`sum(case when orders.status = 'returned-to-origin' and orders.payment_method = 'cod' then 1 else 0 end)`.as(
        "refusedCash",
      ),
      fn.min("createdAt").as("firstAt"),
      fn.max("createdAt").as("lastAt"),
    ])
    .where(ofBuyer(buyer))
    .executeTakeFirstOrThrow();
  return {
    orders: Number(row.orders),
    sold: Number(row.sold ?? 0),
    spent: Number(row.spent ?? 0),
    piecesDelivered: Number(row.piecesDelivered ?? 0),
    refusedCash: Number(row.refusedCash ?? 0),
    firstAt: row.firstAt === null ? null : Number(row.firstAt),
    lastAt: row.lastAt === null ? null : Number(row.lastAt),
  };
}

/** The ids of a buyer's orders (at most `limit`), for what other rooms count over them. */
export async function findBuyerOrderIds(executor: Executor, buyer: Buyer, limit: number): Promise<number[]> {
  const rows = await executor.selectFrom("orders").select("id").where(ofBuyer(buyer)).limit(limit).execute();
  return rows.map((row) => row.id);
}

export type BuyerSearch = { patterns: readonly string[]; phone: string | null };

/**
 * Buyers, one a row by e-mail address, latest first: each with a name and number they ordered
 * with, their account if one ordered, how many orders and when the last was, and (for the file)
 * what they spent and were refunded. Searched by name, e-mail or mobile number.
 */
export async function findBuyers(executor: Executor, search: BuyerSearch, limit: number, offset: number) {
  let query = executor
    .selectFrom("orders")
    .select(({ fn }) => [
      sql<string>`lower(orders.email)`.as("emailKey"),
      fn.max("orders.email").as("email"),
      fn.max("orders.name").as("name"),
      fn.max("orders.phone").as("phone"),
      fn.max("orders.userId").as("userId"),
      fn.max("orders.id").as("latestOrderId"),
      fn.countAll<number | string>().as("orders"),
      sql<number | string | null>`sum(case when ${SOLD} then orders.total else 0 end)`.as("spent"),
      fn.min("orders.createdAt").as("firstAt"),
      fn.max("orders.createdAt").as("lastAt"),
    ]);
  for (const pattern of search.patterns) {
    query = query.where(
      sql<SqlBool>`(lower(orders.name) like ${pattern} escape '\\' or lower(orders.email) like ${pattern} escape '\\')`,
    );
  }
  if (search.phone) query = query.where("orders.phone", "=", search.phone);
  return query
    .groupBy(sql`lower(orders.email)`)
    .orderBy(sql`max(orders.created_at)`, "desc")
    .orderBy(sql`lower(orders.email)`)
    .limit(limit)
    .offset(offset)
    .execute();
}
