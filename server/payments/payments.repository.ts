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

/** The order of ours that a gateway order was made for. */
export async function findOrderByGatewayOrderId(executor: Executor, gatewayOrderId: string) {
  return executor.selectFrom("orders").select("id").where("gatewayOrderId", "=", gatewayOrderId).executeTakeFirst();
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
    .select(["id", "gatewayOrderId", "paymentExpiresAt", "total", "storeCreditUsed"])
    .where("paymentStatus", "=", "awaiting")
    .where("status", "=", "placed")
    .orderBy("paymentExpiresAt")
    .limit(limit)
    .execute();
}

/**
 * Asks for a refund of a payment, once per key however often this is asked: the whole payment's key
 * is "payment:<id>", a return's part of it "return:<return id>" (record 30).
 */
export async function requestRefund(
  executor: Executor,
  refund: {
    orderId: number;
    paymentId: string;
    amount: number;
    reason: string;
    at: number;
    refundKey?: string;
    returnId?: number | null;
    /** A refund to UPI is paid by hand, not sent by the payment jobs (record 32). */
    via?: "gateway" | "upi";
  },
): Promise<boolean> {
  const result = await executor
    .insertInto("paymentRefunds")
    .values({
      orderId: refund.orderId,
      paymentId: refund.paymentId,
      refundKey: refund.refundKey ?? `payment:${refund.paymentId}`,
      returnId: refund.returnId ?? null,
      amount: refund.amount,
      reason: refund.reason,
      createdAt: refund.at,
      via: refund.via ?? "gateway",
    })
    .onConflict((conflict) => conflict.column("refundKey").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Refunds the payment jobs send to the gateway (a refund to UPI is paid by hand). */
export async function findRefundsToSend(executor: Executor, now: number, limit: number) {
  return executor
    .selectFrom("paymentRefunds")
    .selectAll()
    .where("status", "=", "requested")
    .where("via", "=", "gateway")
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

/** Whether the refund was recorded under this gateway refund id (by its own send, or by the gateway's news). */
export async function refundHasGatewayId(executor: Executor, id: number, refundId: string): Promise<boolean> {
  const row = await executor
    .selectFrom("paymentRefunds")
    .select("id")
    .where("id", "=", id)
    .where("refundId", "=", refundId)
    .executeTakeFirst();
  return Boolean(row);
}

/**
 * Marks a refund done when the gateway says so: the refund it names by its id, else (news that came
 * before the refund's id was kept) the whole payment's. Answers the order and whether it was the
 * whole payment's refund (a return's part leaves the order's payment as it stands).
 */
export async function markRefundProcessed(
  executor: Executor,
  paymentId: string,
  refundId: string,
  at: number,
): Promise<{ orderId: number; whole: boolean } | null> {
  const byId = await executor
    .updateTable("paymentRefunds")
    .set({ status: "processed", processedAt: at })
    .where("refundId", "=", refundId)
    .where("paymentId", "=", paymentId)
    .where("status", "in", ["requested", "created"])
    .returning(["orderId", "refundKey"])
    .executeTakeFirst();
  const row =
    byId ??
    (await executor
      .updateTable("paymentRefunds")
      .set({ status: "processed", processedAt: at, refundId })
      .where("refundKey", "=", `payment:${paymentId}`)
      .where("status", "in", ["requested", "created"])
      .returning(["orderId", "refundKey"])
      .executeTakeFirst());
  return row ? { orderId: row.orderId, whole: row.refundKey.startsWith("payment:") } : null;
}

/** The order a gateway refund's news is about: every refund of one payment is of the same order. */
export async function findRefundByGatewayRefund(executor: Executor, paymentId: string) {
  return executor
    .selectFrom("paymentRefunds")
    .select(["orderId"])
    .where("paymentId", "=", paymentId)
    .where("via", "=", "gateway")
    .limit(1)
    .executeTakeFirst();
}

/**
 * A refund to UPI is paid: its UTR is kept as its reference, once (of two entries at once, one
 * records it). Answers the refund, or nothing when there is no such refund still to pay.
 */
export async function markUpiRefundPaid(executor: Executor, returnId: number, utr: string, at: number) {
  return executor
    .updateTable("paymentRefunds")
    .set({ status: "processed", refundId: utr, processedAt: at })
    .where("refundKey", "=", `return:${returnId}`)
    .where("via", "=", "upi")
    .where("status", "=", "requested")
    .returning(["orderId", "amount"])
    .executeTakeFirst();
}

/** The refund asked for a return, if any: through the gateway or to UPI. */
export async function findReturnRefund(executor: Executor, returnId: number) {
  return executor
    .selectFrom("paymentRefunds")
    .selectAll()
    .where("refundKey", "=", `return:${returnId}`)
    .executeTakeFirst();
}

/** Something the administrator had to look at has been seen to (a UPI refund made). */
export async function clearPaymentEventFlag(executor: Executor, eventId: string): Promise<void> {
  await executor.updateTable("paymentEvents").set({ flagged: 0 }).where("eventId", "=", eventId).execute();
}

export async function findRefunds(executor: Executor, orderId: number) {
  return executor.selectFrom("paymentRefunds").selectAll().where("orderId", "=", orderId).orderBy("id").execute();
}
