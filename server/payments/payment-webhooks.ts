import type { Db, Executor } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { announceOrderEvent } from "../orders/order-feed.ts";
import { orderRowForUpdate } from "../orders/order-rows.service.ts";
import type { GatewayEvent, GatewayPayment, PaymentGateway } from "./gateway.ts";
import { gatewayOrThrow, takePayment } from "./online-payments.service.ts";
import { markPaymentRefunded } from "./payment-ledger.ts";
import {
  findOrderByGatewayOrderId,
  findRefundByGatewayRefund,
  markRefundProcessed,
  recordPaymentEvent,
} from "./payments.repository.ts";

/*
 * The gateway's webhooks (record 24): verified by their signature, recorded once under what that
 * signature covers (record 32), and acted on in the same transaction.
 */

export type WebhookOutcome = "recorded" | "duplicate" | "unknown-order" | "ignored";

/** The order of ours a gateway order belongs to. */
type GatewayOrder = { id: number };

/**
 * A webhook from the gateway, as its raw body and headers: refused (400) unless its signature
 * holds; recorded once under its event id (a replay changes nothing); then acted on, in the same
 * transaction, so an event is recorded if and only if it was acted on.
 */
export async function receiveWebhook(
  db: Db,
  gateway: PaymentGateway | null,
  rawBody: Buffer,
  headers: Readonly<Record<string, string | string[] | undefined>>,
  now: number = Date.now(),
): Promise<WebhookOutcome> {
  const live = gatewayOrThrow(gateway);
  const event = live.verifyWebhook(rawBody, headers);
  if (!event) throw new AppError("payment-unverified", "The webhook's signature does not match.");
  const outcome = await db.transaction().execute((trx) => actOnEvent(trx, event, now));
  if (outcome === "recorded") announceOrderEvent();
  return outcome;
}

async function actOnEvent(trx: Executor, event: GatewayEvent, now: number): Promise<WebhookOutcome> {
  const { payment, refund } = event;
  const order = payment?.orderId ? await findOrderByGatewayOrderId(trx, payment.orderId) : undefined;
  if ((event.kind === "payment-captured" || event.kind === "order-paid") && payment) {
    return paymentCaptured(trx, event, payment, order, now);
  }
  if (event.kind === "payment-failed" && payment) return paymentFailed(trx, event.eventId, payment, order, now);
  if (event.kind === "refund-processed" && refund) return refundProcessed(trx, event.eventId, refund, now);
  const fresh = await recordPaymentEvent(trx, {
    eventId: event.eventId,
    at: now,
    orderId: order?.id ?? null,
    kind: event.name || "other",
  });
  return fresh ? "ignored" : "duplicate";
}

/** payment.failed: kept for the money story; the order waits on (the buyer may try again). */
async function paymentFailed(
  trx: Executor,
  eventId: string,
  payment: GatewayPayment,
  order: GatewayOrder | undefined,
  now: number,
): Promise<WebhookOutcome> {
  const fresh = await recordPaymentEvent(trx, {
    eventId,
    at: now,
    orderId: order?.id ?? null,
    kind: "payment-failed",
    amount: payment.amount,
    currency: payment.currency,
    reference: payment.id,
    flagged: order ? 0 : 1,
  });
  return fresh ? "recorded" : "duplicate";
}

/** payment.captured or order.paid: the payment is taken for its order; one for no order of ours is flagged. */
async function paymentCaptured(
  trx: Executor,
  event: GatewayEvent,
  payment: GatewayPayment,
  order: GatewayOrder | undefined,
  now: number,
): Promise<WebhookOutcome> {
  if (!order) {
    const fresh = await recordPaymentEvent(trx, {
      eventId: event.eventId,
      at: now,
      orderId: null,
      kind: event.kind,
      amount: payment.amount,
      currency: payment.currency,
      reference: payment.id,
      flagged: 1,
      note: `No order of ours has the gateway order ${payment.orderId}.`,
    });
    return fresh ? "unknown-order" : "duplicate";
  }
  const fresh = await takePayment(trx, order.id, payment, { eventId: event.eventId, kind: event.kind }, now);
  return fresh ? "recorded" : "duplicate";
}

/**
 * refund.processed: the refund is done. Its payment is Refunded when it was the whole payment's
 * refund (a return's part leaves the payment as it stands, record 30), and the order's money is
 * derived again from its payments, under the order's row lock.
 */
async function refundProcessed(
  trx: Executor,
  eventId: string,
  refund: NonNullable<GatewayEvent["refund"]>,
  now: number,
): Promise<WebhookOutcome> {
  const asked = await findRefundByGatewayRefund(trx, refund.paymentId);
  if (asked) await orderRowForUpdate(trx, asked.orderId);
  const fresh = await recordPaymentEvent(trx, {
    eventId,
    at: now,
    orderId: asked?.orderId ?? null,
    kind: "refund-processed",
    amount: refund.amount,
    currency: "INR",
    reference: refund.id,
  });
  if (!fresh) return "duplicate";
  const processed = await markRefundProcessed(trx, refund.paymentId, refund.id, now);
  if (processed?.whole) await markPaymentRefunded(trx, processed.orderId, refund.paymentId, now);
  return "recorded";
}
