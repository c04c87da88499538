import { type SqlBool, sql } from "kysely";
import { changedOneRow } from "../db/guarded-update.ts";
import type { Executor, OrderPaymentsTable, PaymentStatus } from "../db/schema.ts";

type PaymentState = OrderPaymentsTable["status"];

/**
 * Records an online payment of an order, once per gateway payment: a second road bringing the same
 * payment finds its id taken and answers false.
 */
export async function insertOnlinePayment(
  executor: Executor,
  payment: {
    orderId: number;
    gatewayPaymentId: string;
    amount: number;
    kept: boolean;
    status: PaymentState;
    at: number;
  },
): Promise<boolean> {
  const result = await executor
    .insertInto("orderPayments")
    .values({
      orderId: payment.orderId,
      method: "online",
      gatewayPaymentId: payment.gatewayPaymentId,
      amount: payment.amount,
      kept: payment.kept ? 1 : 0,
      status: payment.status,
      receivedAt: payment.at,
      updatedAt: payment.at,
    })
    .onConflict((conflict) => conflict.column("gatewayPaymentId").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Records the order's cash as collected at the door, once per order (a unique index). */
export async function insertCashCollected(
  executor: Executor,
  payment: { orderId: number; amount: number; at: number },
): Promise<boolean> {
  const result = await executor
    .insertInto("orderPayments")
    .values({
      orderId: payment.orderId,
      method: "cash",
      amount: payment.amount,
      kept: 1,
      status: "collected",
      receivedAt: payment.at,
      updatedAt: payment.at,
    })
    // The index's own predicate, written out: PostgreSQL matches a partial index only by its text.
    .onConflict((conflict) => conflict.column("orderId").where(sql<SqlBool>`method = 'cash'`).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function findOrderPayments(executor: Executor, orderId: number) {
  return executor.selectFrom("orderPayments").selectAll().where("orderId", "=", orderId).orderBy("id").execute();
}

export async function findPaymentByGatewayId(executor: Executor, gatewayPaymentId: string) {
  return executor
    .selectFrom("orderPayments")
    .selectAll()
    .where("gatewayPaymentId", "=", gatewayPaymentId)
    .executeTakeFirst();
}

/** Moves one online payment on only if it still stands where the change was decided from. */
export async function setOnlinePaymentStatusIf(
  executor: Executor,
  gatewayPaymentId: string,
  from: readonly PaymentState[],
  to: PaymentState,
  at: number,
): Promise<boolean> {
  return changedOneRow(
    executor
      .updateTable("orderPayments")
      .set({ status: to, updatedAt: at })
      .where("gatewayPaymentId", "=", gatewayPaymentId)
      .where("status", "in", from),
  );
}

/** The courier remitted the order's collected cash to the shop, on a day, under its reference. */
export async function setCashRemitted(
  executor: Executor,
  orderId: number,
  remittance: { remittedAt: number; reference: string; at: number },
): Promise<boolean> {
  return changedOneRow(
    executor
      .updateTable("orderPayments")
      .set({
        status: "remitted",
        remittedAt: remittance.remittedAt,
        remittanceReference: remittance.reference,
        updatedAt: remittance.at,
      })
      .where("orderId", "=", orderId)
      .where("method", "=", "cash")
      .where("status", "=", "collected"),
  );
}

/** Writes the order's money status derived from its payments (the caller holds the order's row). */
export async function setDerivedPaymentStatus(
  executor: Executor,
  orderId: number,
  status: PaymentStatus,
  fields: { cashCollectedAt?: number } = {},
): Promise<void> {
  await executor
    .updateTable("orders")
    .set({ ...fields, paymentStatus: status })
    .where("id", "=", orderId)
    .execute();
}

export async function findPaymentStatus(executor: Executor, orderId: number): Promise<PaymentStatus | undefined> {
  const row = await executor.selectFrom("orders").select("paymentStatus").where("id", "=", orderId).executeTakeFirst();
  return row?.paymentStatus;
}
