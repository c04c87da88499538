import { type Insertable, type SqlBool, sql, type Updateable } from "kysely";
import { engineOf } from "../db/database.ts";
import { changedOneRow } from "../db/guarded-update.ts";
import type { Executor, OrderLinesTable, OrderStatus, OrdersTable } from "../db/schema.ts";

export async function insertOrder(executor: Executor, order: Insertable<OrdersTable> & { id: number }) {
  await executor.insertInto("orders").values(order).execute();
}

export async function insertOrderLines(executor: Executor, lines: Insertable<OrderLinesTable>[]) {
  if (lines.length > 0) await executor.insertInto("orderLines").values(lines).execute();
}

/** Moves an order on only if it still has the status the change was decided from. */
export async function updateStatusIf(
  executor: Executor,
  orderId: number,
  from: OrderStatus,
  to: OrderStatus,
  at: number,
  details: Pick<Updateable<OrdersTable>, "courier" | "trackingNumber" | "expectedDeliveryAt" | "cancelReason"> = {},
): Promise<boolean> {
  return changedOneRow(
    executor
      .updateTable("orders")
      .set({ ...details, status: to, updatedAt: at, ...(to === "delivered" ? { deliveredAt: at } : {}) })
      .where("id", "=", orderId)
      .where("status", "=", from),
  );
}

export async function findOrderByIdempotencyKey(executor: Executor, key: string) {
  return executor
    .selectFrom("orders")
    .select(["id", "orderNumber", "accessToken", "requestFingerprint", "paymentMethod"])
    .where("idempotencyKey", "=", key)
    .executeTakeFirst();
}

export async function findOrder(
  executor: Executor,
  by: { id: number } | { accessToken: string } | { orderNumber: string },
) {
  let query = executor.selectFrom("orders").selectAll();
  if ("id" in by) query = query.where("id", "=", by.id);
  else if ("accessToken" in by) query = query.where("accessToken", "=", by.accessToken);
  else query = query.where("orderNumber", "=", by.orderNumber);
  return query.executeTakeFirst();
}

/**
 * The order's row, held for the rest of the transaction: every change of an order's state or money
 * reads the order under the lock it writes with (record 32). PostgreSQL holds the row with the lock
 * an update takes (`for no key update`: rows that merely refer to the order, such as a payment
 * event written by another transaction, are not held up by it); a SQLite write transaction holds
 * the whole database from its start (`begin immediate`).
 */
export async function findOrderForUpdate(executor: Executor, orderId: number) {
  const query = executor.selectFrom("orders").selectAll().where("id", "=", orderId);
  return (engineOf(executor) === "postgres" ? query.forNoKeyUpdate() : query).executeTakeFirst();
}

export async function findOrderLines(executor: Executor, orderId: number) {
  return executor.selectFrom("orderLines").selectAll().where("orderId", "=", orderId).orderBy("position").execute();
}

export async function findStatusHistory(executor: Executor, orderId: number) {
  return executor
    .selectFrom("orderStatusHistory")
    .select(["fromStatus", "toStatus", "actor", "at"])
    .where("orderId", "=", orderId)
    .orderBy("at")
    .execute();
}

/**
 * One page of orders, newest first, each with its first line: a customer's own (by user id) or, for
 * the administrator, all of them, optionally matching a search in number, e-mail, name, phone or
 * payment reference.
 */
/**
 * What the administrator's order search looks in: number, name, e-mail, phone, payment reference,
 * city and pincode. Written exactly as migration 0030's trigram index on PostgreSQL, which the
 * planner uses only for the same expression.
 */
const ORDER_SEARCH_TEXT = sql`lower(orders.order_number || ' ' || orders.name || ' ' || orders.email || ' ' || orders.phone || ' ' || orders.payment_ref || ' ' || coalesce(orders.payment_id, '') || ' ' || orders.city || ' ' || orders.pincode)`;

/**
 * Orders newest first with their first line: a customer's own (`userId`), or the administrator's
 * list, of one status, with every one of `patterns` (LIKE patterns, one a word searched for) or
 * with a number that starts as `numberStart` (found through the order numbers' unique index).
 */
export async function findOrdersWithFirstLine(
  executor: Executor,
  filter: { userId?: string; patterns?: readonly string[]; numberStart?: string; status?: OrderStatus },
  limit: number,
  offset: number,
) {
  let query = executor
    .selectFrom("orders")
    .leftJoin("orderLines", (join) =>
      join.onRef("orderLines.orderId", "=", "orders.id").on("orderLines.position", "=", 0),
    )
    .select([
      "orders.id",
      "orders.orderNumber",
      "orders.paymentRef",
      "orders.status",
      "orders.total",
      "orders.itemCount",
      "orders.name",
      "orders.address",
      "orders.city",
      "orders.pincode",
      "orders.phone",
      "orders.email",
      "orders.createdAt",
      "orders.supplyType",
      "orders.stateCode",
      "orders.roundOff",
      "orders.ewayBillNumber",
      "orders.ewayBillEnteredAt",
      "orders.paymentMethod",
      "orders.paymentStatus",
      "orders.paymentId",
      "orders.storeCreditUsed",
      "orderLines.title",
      "orderLines.description",
      "orderLines.image",
      "orderLines.category",
    ]);
  if (filter.userId !== undefined) query = query.where("orders.userId", "=", filter.userId);
  if (filter.status !== undefined) query = query.where("orders.status", "=", filter.status);
  // Order numbers are "KS-" and digits: those that start so lie between it and it followed by "~".
  if (filter.numberStart !== undefined) {
    query = query
      .where("orders.orderNumber", ">=", filter.numberStart)
      .where("orders.orderNumber", "<", `${filter.numberStart}~`);
  }
  for (const pattern of filter.patterns ?? []) {
    query = query.where(sql<SqlBool>`${ORDER_SEARCH_TEXT} like ${pattern} escape '\\'`);
  }
  return query.orderBy("orders.createdAt", "desc").orderBy("orders.id", "desc").limit(limit).offset(offset).execute();
}

/**
 * The id the next order will have, taken before it is written so that its number can be written
 * with it. PostgreSQL hands out sequence values once (a rolled-back order leaves a hole, as a serial
 * would); SQLite's writer holds the only write lock, so the next value is the sequence's plus one.
 */
export async function nextOrderId(executor: Executor): Promise<number> {
  const query =
    engineOf(executor) === "postgres"
      ? sql<{ id: number | string }>`select nextval(pg_get_serial_sequence('orders', 'id')) as id`
      : sql<{
          id: number | string;
        }>`select coalesce((select seq from sqlite_sequence where name = 'orders'), 0) + 1 as id`;
  const row = (await query.execute(executor)).rows[0];
  if (!row) throw new Error("The next order id could not be read.");
  return Number(row.id);
}

/** Marks a cash order confirmed with the buyer, once, while it is still placed. */
export async function markConfirmed(executor: Executor, orderId: number, at: number, by: string): Promise<boolean> {
  return changedOneRow(
    executor
      .updateTable("orders")
      .set({ confirmedAt: at, confirmedBy: by, updatedAt: at })
      .where("id", "=", orderId)
      .where("status", "=", "placed")
      .where("confirmedAt", "is", null),
  );
}

/** Marks an order packed, once, while it is still placed. */
export async function markPackedOrder(executor: Executor, orderId: number, at: number, by: string): Promise<boolean> {
  return changedOneRow(
    executor
      .updateTable("orders")
      .set({ packedAt: at, packedBy: by, updatedAt: at })
      .where("id", "=", orderId)
      .where("status", "=", "placed")
      .where("packedAt", "is", null),
  );
}

export async function insertOrderNote(
  executor: Executor,
  note: { orderId: number; authorId: string | null; author: string; body: string; createdAt: number },
): Promise<void> {
  await executor.insertInto("orderNotes").values(note).execute();
}

export async function findOrderNotes(executor: Executor, orderId: number) {
  return executor
    .selectFrom("orderNotes")
    .select(["id", "author", "body", "createdAt"])
    .where("orderId", "=", orderId)
    .orderBy("id", "desc")
    .execute();
}

/** The numbers of the orders among the ids given (ids that name no order are left out). */
export async function findOrderNumbers(executor: Executor, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return executor.selectFrom("orders").select(["id", "orderNumber"]).where("id", "in", ids).execute();
}

/**
 * Gives an account the orders placed as a guest with its number since a moment, which no account
 * holds: answers how many. Orders that lost their account when it was deleted were not placed as
 * guests, and stay as they are.
 */
export async function giveGuestOrdersTo(
  executor: Executor,
  claim: { userId: string; phone: string; placedAfter: number },
): Promise<number> {
  const result = await executor
    .updateTable("orders")
    .set({ userId: claim.userId })
    .where("phone", "=", claim.phone)
    .where("createdAt", ">", claim.placedAfter)
    .where("userId", "is", null)
    .where("placedAsGuest", "=", 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
