import type { Insertable } from "kysely";
import type { Executor, OrderLinesTable, OrderStatus, OrdersTable } from "../db/schema.ts";

/**
 * Takes units of a size only if that many are in stock, in one statement: of many buyers racing for
 * the last units, exactly as many succeed as there are units. Returns false when there were too few.
 */
export async function decrementStock(executor: Executor, productId: number, size: string, quantity: number) {
  const result = await executor
    .updateTable("productSizes")
    .set((eb) => ({ stock: eb("stock", "-", quantity) }))
    .where("productId", "=", productId)
    .where("size", "=", size)
    .where("stock", ">=", quantity)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function incrementStock(executor: Executor, productId: number, size: string, quantity: number) {
  await executor
    .updateTable("productSizes")
    .set((eb) => ({ stock: eb("stock", "+", quantity) }))
    .where("productId", "=", productId)
    .where("size", "=", size)
    .execute();
}

export async function addSoldCount(executor: Executor, productId: number, quantity: number) {
  await executor
    .updateTable("products")
    .set((eb) => ({ soldCount: eb("soldCount", "+", quantity) }))
    .where("id", "=", productId)
    .execute();
}

export async function insertOrder(executor: Executor, order: Insertable<OrdersTable>): Promise<number> {
  const row = await executor.insertInto("orders").values(order).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

export async function setOrderNumber(executor: Executor, id: number, orderNumber: string) {
  await executor.updateTable("orders").set({ orderNumber }).where("id", "=", id).execute();
}

export async function insertOrderLines(executor: Executor, lines: Insertable<OrderLinesTable>[]) {
  if (lines.length > 0) await executor.insertInto("orderLines").values(lines).execute();
}

export async function insertStatusChange(
  executor: Executor,
  change: { orderId: number; fromStatus: OrderStatus | null; toStatus: OrderStatus; actor: string; at: number },
) {
  await executor.insertInto("orderStatusHistory").values(change).execute();
}

/** Moves an order on only if it still has the status the change was decided from. */
export async function updateStatusIf(
  executor: Executor,
  orderId: number,
  from: OrderStatus,
  to: OrderStatus,
  at: number,
): Promise<boolean> {
  const result = await executor
    .updateTable("orders")
    .set({ status: to, updatedAt: at })
    .where("id", "=", orderId)
    .where("status", "=", from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function findOrderByIdempotencyKey(executor: Executor, key: string) {
  return executor
    .selectFrom("orders")
    .select(["id", "orderNumber", "accessToken", "requestFingerprint"])
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

/** One page of a customer's orders, newest first, each with its first line. */
export async function findCustomerOrders(executor: Executor, userId: string, limit: number, offset: number) {
  return executor
    .selectFrom("orders")
    .leftJoin("orderLines", (join) =>
      join.onRef("orderLines.orderId", "=", "orders.id").on("orderLines.position", "=", 0),
    )
    .select([
      "orders.id",
      "orders.orderNumber",
      "orders.status",
      "orders.total",
      "orders.itemCount",
      "orders.createdAt",
      "orderLines.title",
      "orderLines.description",
      "orderLines.image",
    ])
    .where("orders.userId", "=", userId)
    .orderBy("orders.createdAt", "desc")
    .orderBy("orders.id", "desc")
    .limit(limit)
    .offset(offset)
    .execute();
}
