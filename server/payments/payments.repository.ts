import type { Insertable } from "kysely";
import { changedOneRow } from "../db/guarded-update.ts";
import type { Executor, PaymentEventsTable, PaymentStatus } from "../db/schema.ts";

/**
 * Records a money event. A gateway event (with its id) is recorded once: a second delivery of the
 * same event finds its id taken and answers false, and changes nothing.
 */
export async function recordPaymentEvent(executor: Executor, event: Insertable<PaymentEventsTable>): Promise<boolean> {
  const result = await executor
    .insertInto("paymentEvents")
    .values(event)
    .onConflict((conflict) => conflict.column("eventId").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function findPaymentEvents(executor: Executor, orderId: number) {
  return executor
    .selectFrom("paymentEvents")
    .selectAll()
    .where("orderId", "=", orderId)
    .orderBy("at")
    .orderBy("id")
    .execute();
}

export async function findFlaggedPaymentEvents(executor: Executor, limit: number) {
  return executor
    .selectFrom("paymentEvents")
    .selectAll()
    .where("flagged", "=", 1)
    .orderBy("at", "desc")
    .limit(limit)
    .execute();
}

/**
 * Takes the order's row for the rest of the transaction (a write that changes nothing): two
 * deliveries of news about one order's payment, on any node, then decide one after the other.
 */
export async function lockOrder(executor: Executor, orderId: number): Promise<void> {
  await executor
    .updateTable("orders")
    .set((eb) => ({ updatedAt: eb.ref("updatedAt") }))
    .where("id", "=", orderId)
    .execute();
}

export async function findOrderByGatewayOrderId(executor: Executor, gatewayOrderId: string) {
  return executor.selectFrom("orders").selectAll().where("gatewayOrderId", "=", gatewayOrderId).executeTakeFirst();
}

/** Moves the order's money on only if it still stands where the change was decided from. */
export async function setPaymentStatusIf(
  executor: Executor,
  orderId: number,
  from: readonly PaymentStatus[],
  to: PaymentStatus,
  fields: {
    paymentId?: string;
    paidAt?: number;
    stockReleasedAt?: number | null;
    paymentExpiresAt?: number | null;
    cashCollectedAt?: number;
  } = {},
  whileStatus?: readonly string[],
): Promise<boolean> {
  let update = executor
    .updateTable("orders")
    .set({ ...fields, paymentStatus: to })
    .where("id", "=", orderId)
    .where("paymentStatus", "in", from);
  if (whileStatus) update = update.where("status", "in", whileStatus as never);
  return changedOneRow(update);
}

/** Keeps the gateway's order for ours, unless one was kept meanwhile (two loads of the pay page). */
export async function setGatewayOrderId(executor: Executor, orderId: number, gatewayOrderId: string): Promise<boolean> {
  return changedOneRow(
    executor
      .updateTable("orders")
      .set({ gatewayOrderId })
      .where("id", "=", orderId)
      .where("gatewayOrderId", "is", null),
  );
}

/** Online orders still waiting for their money, oldest first. */
export async function findAwaitingOrders(executor: Executor, limit: number) {
  return executor
    .selectFrom("orders")
    .selectAll()
    .where("paymentStatus", "=", "awaiting")
    .where("status", "=", "placed")
    .orderBy("paymentExpiresAt")
    .limit(limit)
    .execute();
}

/** Asks for the refund of a payment; a payment is refunded once, however often this is asked. */
export async function requestRefund(
  executor: Executor,
  refund: { orderId: number; paymentId: string; amount: number; reason: string; at: number },
): Promise<boolean> {
  const result = await executor
    .insertInto("paymentRefunds")
    .values({
      orderId: refund.orderId,
      paymentId: refund.paymentId,
      amount: refund.amount,
      reason: refund.reason,
      createdAt: refund.at,
    })
    .onConflict((conflict) => conflict.column("paymentId").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function findRefundsToSend(executor: Executor, now: number, limit: number) {
  return executor
    .selectFrom("paymentRefunds")
    .selectAll()
    .where("status", "=", "requested")
    .where((eb) => eb.or([eb("attemptUntil", "is", null), eb("attemptUntil", "<", now)]))
    .orderBy("id")
    .limit(limit)
    .execute();
}

/** A node takes a refund to send for a while; of several nodes, one wins, the others pass it by. */
export async function claimRefundAttempt(executor: Executor, id: number, now: number, until: number): Promise<boolean> {
  return changedOneRow(
    executor
      .updateTable("paymentRefunds")
      .set({ attemptUntil: until })
      .where("id", "=", id)
      .where("status", "=", "requested")
      .where((eb) => eb.or([eb("attemptUntil", "is", null), eb("attemptUntil", "<", now)])),
  );
}

export async function setRefundCreated(executor: Executor, id: number, refundId: string): Promise<boolean> {
  return changedOneRow(
    executor
      .updateTable("paymentRefunds")
      .set({ refundId, status: "created" })
      .where("id", "=", id)
      .where("status", "=", "requested"),
  );
}

export async function markRefundProcessed(executor: Executor, paymentId: string, refundId: string, at: number) {
  const row = await executor
    .updateTable("paymentRefunds")
    .set({ status: "processed", processedAt: at, refundId })
    .where("paymentId", "=", paymentId)
    .where("status", "in", ["requested", "created"])
    .returning(["orderId"])
    .executeTakeFirst();
  return row ? row.orderId : null;
}

export async function findRefunds(executor: Executor, orderId: number) {
  return executor.selectFrom("paymentRefunds").selectAll().where("orderId", "=", orderId).orderBy("id").execute();
}
