import { formatShopDate } from "#core/dates.ts";
import { derivePaymentStatus, type PaymentStatus } from "#core/payment-status.ts";
import { amountToPay } from "#core/store-credit.ts";
import type { Executor } from "../db/schema.ts";
import {
  findOrderPayments,
  findPaymentStatus,
  insertCashCollected,
  setCashRemitted,
  setDerivedPaymentStatus,
  setOnlinePaymentStatusIf,
} from "./order-payments.repository.ts";
import { recordPaymentEvent } from "./payments.repository.ts";

/*
 * Each payment of an order keeps its own state (record 32); the order's money status is derived
 * from them here, in the same transaction as the change, by a caller that holds the order's row.
 */

/** Writes the order's money status as its payments now say it (with any fields given); answers it. */
export async function settleOrderMoney(
  trx: Executor,
  orderId: number,
  fields: { cashCollectedAt?: number } = {},
): Promise<PaymentStatus> {
  const current = await findPaymentStatus(trx, orderId);
  if (!current) throw new Error(`No order ${orderId} to settle.`);
  const status = derivePaymentStatus(current, await findOrderPayments(trx, orderId));
  if (status !== current || Object.keys(fields).length > 0) await setDerivedPaymentStatus(trx, orderId, status, fields);
  return status;
}

type CashOrder = { id: number; total: number; storeCreditUsed: number };

/**
 * The buyer paid the order's cash to the courier at the door: one cash payment, once (a unique
 * index), which the courier still holds until it remits it. False when it was recorded before.
 */
export async function recordCashCollected(
  trx: Executor,
  order: CashOrder,
  now: number,
  by: string | null,
): Promise<boolean> {
  const amount = amountToPay(order);
  if (!(await insertCashCollected(trx, { orderId: order.id, amount, at: now }))) return false;
  await settleOrderMoney(trx, order.id, { cashCollectedAt: now });
  await recordPaymentEvent(trx, {
    orderId: order.id,
    eventId: null,
    kind: "cod-collected",
    amount,
    currency: "INR",
    note: by,
    at: now,
  });
  return true;
}

/**
 * The courier paid the order's collected cash over to the shop, on `remittedAt`, under its
 * reference (its UTR or remittance batch). False when the cash was not collected, or was remitted
 * already.
 */
export async function recordCashRemitted(
  trx: Executor,
  order: CashOrder,
  remittance: { remittedAt: number; reference: string },
  now: number,
  by: string | null,
): Promise<boolean> {
  if (!(await setCashRemitted(trx, order.id, { ...remittance, at: now }))) return false;
  await settleOrderMoney(trx, order.id);
  await recordPaymentEvent(trx, {
    orderId: order.id,
    eventId: null,
    kind: "cod-remitted",
    amount: amountToPay(order),
    currency: "INR",
    reference: remittance.reference,
    // The story is told in the order things were recorded; the courier's own day is said in words.
    note: `Remitted on ${formatShopDate(remittance.remittedAt)}${by ? ` · entered by ${by}` : ""}`,
    at: now,
  });
  return true;
}

/** The order's online payments still holding the buyer's money (none refunded or going back yet). */
export async function paymentsHoldingMoney(
  trx: Executor,
  orderId: number,
): Promise<{ paymentId: string; amount: number }[]> {
  return (await findOrderPayments(trx, orderId)).flatMap((payment) =>
    payment.method === "online" && payment.status === "paid" && payment.gatewayPaymentId
      ? [{ paymentId: payment.gatewayPaymentId, amount: Number(payment.amount) }]
      : [],
  );
}

/** The gateway refunded a whole payment: that payment is Refunded, and the order's money derived again. */
export async function markPaymentRefunded(trx: Executor, orderId: number, paymentId: string, now: number) {
  await setOnlinePaymentStatusIf(trx, paymentId, ["refunding"], "refunded", now);
  await settleOrderMoney(trx, orderId);
}
