import type { Executor } from "../db/schema.ts";
import { setOnlinePaymentStatusIf } from "./order-payments.repository.ts";
import { settleOrderMoney } from "./payment-ledger.ts";
import { recordPaymentEvent, requestRefund } from "./payments.repository.ts";

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
