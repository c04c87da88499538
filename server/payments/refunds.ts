import type { Executor } from "../db/schema.ts";
import { recordPaymentEvent, requestRefund, setPaymentStatusIf } from "./payments.repository.ts";

/**
 * Asks for the refund of the order's payment in the caller's transaction: the refund is written
 * down (once per payment: a unique key), the order's money marked as going back, and the event kept
 * for the money story. The payment jobs send it to the gateway.
 */
export async function claimRefund(
  trx: Executor,
  order: { id: number; paymentId: string | null; total: number },
  reason: string,
  now: number,
): Promise<boolean> {
  if (!order.paymentId) return false;
  const asked = await requestRefund(trx, {
    orderId: order.id,
    paymentId: order.paymentId,
    amount: order.total,
    reason,
    at: now,
  });
  if (!asked) return false;
  await setPaymentStatusIf(trx, order.id, ["paid"], "refunding");
  await recordPaymentEvent(trx, {
    orderId: order.id,
    eventId: null,
    kind: "refund-requested",
    amount: order.total,
    currency: "INR",
    reference: order.paymentId,
    note: reason,
    at: now,
  });
  return true;
}
