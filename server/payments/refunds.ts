import type { Executor } from "../db/schema.ts";
import { setOnlinePaymentStatusIf } from "./order-payments.repository.ts";
import { settleOrderMoney } from "./payment-ledger.ts";
import {
  clearPaymentEventFlag,
  findReturnRefund,
  markUpiRefundPaid,
  recordPaymentEvent,
  requestRefund,
} from "./payments.repository.ts";

/**
 * Asks for the refund of one whole payment in the caller's transaction (which holds the order's
 * row): the refund is written down (once per payment: a unique key), that payment marked as going
 * back, the order's money derived again from its payments (a second payment going back leaves the
 * first one's order Paid, record 32), and the event kept for the money story. The payment jobs
 * send it to the gateway.
 */
export async function claimRefund(
  trx: Executor,
  payment: { orderId: number; paymentId: string; amount: number },
  reason: string,
  now: number,
): Promise<boolean> {
  const asked = await requestRefund(trx, {
    orderId: payment.orderId,
    paymentId: payment.paymentId,
    amount: payment.amount,
    reason,
    at: now,
  });
  if (!asked) return false;
  await setOnlinePaymentStatusIf(trx, payment.paymentId, ["paid"], "refunding", now);
  await settleOrderMoney(trx, payment.orderId);
  await recordPaymentEvent(trx, {
    orderId: payment.orderId,
    eventId: null,
    kind: "refund-requested",
    amount: payment.amount,
    currency: "INR",
    reference: payment.paymentId,
    note: reason,
    at: now,
  });
  return true;
}

/*
 * The refunds of returns (records 30 and 32): the returns room decides how much goes back and which
 * way; the refund and its money event are written here, in the acceptance's transaction.
 */

/**
 * Asks for a return's refund, once per return (its own key): through the gateway, against the
 * order's payment, or to a UPI ID, paid by hand (not sent by the payment jobs).
 */
export async function askReturnRefund(
  trx: Executor,
  refund: { orderId: number; paymentId: string; amount: number; returnId: number; via: "gateway" | "upi" },
  now: number,
): Promise<boolean> {
  return requestRefund(trx, {
    orderId: refund.orderId,
    paymentId: refund.paymentId,
    amount: refund.amount,
    reason: "returned",
    refundKey: `return:${refund.returnId}`,
    returnId: refund.returnId,
    ...(refund.via === "upi" ? { via: "upi" as const } : {}),
    at: now,
  });
}

/**
 * The money story's entry for a return's refund, once per return. A transfer to UPI is made by
 * hand, so the administrator sees it flagged until its UTR is entered.
 */
export async function noteReturnRefund(
  trx: Executor,
  refund: { orderId: number; returnId: number; amount: number; toUpi: boolean; reference: string | null },
  now: number,
): Promise<void> {
  await recordPaymentEvent(trx, {
    orderId: refund.orderId,
    eventId: `return-refund:${refund.returnId}`,
    kind: refund.toUpi ? "upi-refund-due" : "refund-requested",
    amount: refund.amount,
    currency: "INR",
    reference: refund.reference,
    flagged: refund.toUpi ? 1 : 0,
    note: `return ${refund.returnId}`,
    at: now,
  });
}

/** The refund asked for a return, if any: through the gateway or to UPI. */
export function returnRefundOf(executor: Executor, returnId: number) {
  return findReturnRefund(executor, returnId);
}

/**
 * A return's refund to UPI is paid: its UTR is kept (once: of two entries at once, one records
 * it), the flag on its money event cleared, and the payment recorded in the money story. Answers
 * the amount paid, or null when the refund was already recorded as paid.
 */
export async function recordUpiRefundPaid(
  trx: Executor,
  paid: { orderId: number; returnId: number; utr: string; upiId: string | null },
  now: number,
): Promise<{ amount: number } | null> {
  const refund = await markUpiRefundPaid(trx, paid.returnId, paid.utr, now);
  if (!refund) return null;
  await clearPaymentEventFlag(trx, `return-refund:${paid.returnId}`);
  await recordPaymentEvent(trx, {
    orderId: paid.orderId,
    eventId: null,
    kind: "upi-refund-paid",
    amount: Number(refund.amount),
    currency: "INR",
    reference: paid.utr,
    note: `to UPI ID ${paid.upiId ?? ""} · return ${paid.returnId}`,
    at: now,
  });
  return { amount: Number(refund.amount) };
}
