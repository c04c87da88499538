import { SYSTEM } from "#core/actor.ts";
import { PAYMENT_WINDOW_MS, type PaymentStatus } from "#core/payment-status.ts";
import { amountToPay } from "#core/store-credit.ts";
import { catalogVersion } from "../catalog/catalog-version.ts";
import type { Db, Executor } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { issueInvoiceNumber } from "../invoices/invoicing.ts";
import {
  type CheckoutResult,
  GatewayError,
  type GatewayEvent,
  type GatewayPayment,
  type PaymentGateway,
} from "../payments/gateway.ts";
import { findPaymentByGatewayId, insertOnlinePayment } from "../payments/order-payments.repository.ts";
import { markPaymentRefunded, settleOrderMoney } from "../payments/payment-ledger.ts";
import {
  claimRefundAttempt,
  findAwaitingOrders,
  findOrderByGatewayOrderId,
  findRefundByGatewayRefund,
  findRefundsToSend,
  markRefundProcessed,
  recordPaymentEvent,
  setGatewayOrderId,
  setPaymentStatusIf,
  setRefundCreated,
} from "../payments/payments.repository.ts";
import { claimRefund } from "../payments/refunds.ts";
import { announceOrderEvent } from "./order-feed.ts";
import { inLockOrder, moveOrder, type OrderRow } from "./order-machine.ts";
import {
  addSoldCount,
  decrementStock,
  findOrder,
  findOrderForUpdate,
  findOrderLines,
  incrementStock,
} from "./orders.repository.ts";
import { queueOrderConfirmation } from "./place-order.ts";

/*
 * Online payment's rules (record 24). An online order is placed holding its stock, without invoice
 * or confirmation; the money arrives by one of three roads (the browser's signed result, the
 * gateway's webhook, or the reconciliation job asking the gateway) and whichever comes first makes
 * the order Paid, issues the invoice and queues the confirmation; the others find it paid and
 * change nothing. Every decision about one order's money is taken with the order's row held
 * (`findOrderForUpdate`), so it is safe on several workers and nodes at once.
 */

/** How many orders or refunds one run of the jobs looks at. */
const JOB_BATCH = 50;
/** How long one node keeps a refund to itself while it asks the gateway. */
const REFUND_ATTEMPT_MS = 60_000;

/** What the pay page shows, and what the browser's checkout opens with. */
export type PaymentView = {
  orderNumber: string;
  accessToken: string;
  total: number;
  status: OrderRow["status"];
  paymentStatus: PaymentStatus;
  expiresAt: number | null;
  /** The gateway's checkout, when the order may be paid now. */
  checkout: {
    key: string;
    scriptUrl: string;
    gatewayOrderId: string;
    amount: number;
    currency: "INR";
    name: string;
    email: string;
    phone: string;
  } | null;
};

function gatewayOrThrow(gateway: PaymentGateway | null): PaymentGateway {
  if (!gateway) throw new AppError("online-payment-off", "Online payment is not available right now.");
  return gateway;
}

async function onlineOrder(db: Executor, token: string): Promise<OrderRow> {
  const order = token.length >= 32 ? await findOrder(db, { accessToken: token }) : undefined;
  if (order?.paymentMethod !== "online") throw new AppError("not-found", "This order could not be found.");
  return order;
}

/**
 * The pay page of an online order, opened by its secret link: while it awaits its payment, the
 * gateway's order for its exact total (made the first time, kept after) for the browser's checkout.
 */
export async function paymentPage(
  db: Db,
  gateway: PaymentGateway | null,
  token: string,
  now: number = Date.now(),
): Promise<PaymentView> {
  let order = await onlineOrder(db, token);
  const view: PaymentView = {
    orderNumber: order.orderNumber,
    accessToken: order.accessToken,
    total: amountToPay(order),
    status: order.status,
    paymentStatus: order.paymentStatus,
    expiresAt: order.paymentExpiresAt === null ? null : Number(order.paymentExpiresAt),
    checkout: null,
  };
  if (!gateway || order.status !== "placed" || order.paymentStatus !== "awaiting") return view;
  if (!order.gatewayOrderId) {
    const created = await callGateway(() =>
      gateway.createOrder({ amount: amountToPay(order), currency: "INR", receipt: order.orderNumber }),
    );
    if (created.amount !== amountToPay(order) || created.currency !== "INR") {
      throw new AppError("payment-unavailable", "The payment could not be set up. Please try again in a moment.");
    }
    await db.transaction().execute(async (trx) => {
      if (await setGatewayOrderId(trx, order.id, created.id)) {
        await recordPaymentEvent(trx, {
          orderId: order.id,
          eventId: null,
          kind: "gateway-order",
          amount: created.amount,
          currency: created.currency,
          reference: created.id,
          at: now,
        });
      }
    });
    order = await onlineOrder(db, token);
  }
  return {
    ...view,
    checkout: {
      key: gateway.publicKey,
      scriptUrl: gateway.checkoutScriptUrl,
      gatewayOrderId: order.gatewayOrderId ?? "",
      amount: amountToPay(order),
      currency: "INR",
      name: order.name,
      email: order.email,
      phone: order.phone,
    },
  };
}

/**
 * The buyer tries again after the payment window closed: the order takes its stock back, if the
 * shelf still has it, and waits another 15 minutes for the payment.
 */
export async function retryPayment(db: Db, token: string, now: number = Date.now()): Promise<void> {
  const order = await onlineOrder(db, token);
  if (order.status !== "placed" || order.paymentStatus !== "failed") {
    throw new AppError("payment-not-due", "This order is not waiting for a payment.");
  }
  const changed = await db.transaction().execute(async (trx) => {
    await findOrderForUpdate(trx, order.id);
    if (!(await takeStockBack(trx, order.id))) {
      throw new AppError("out-of-stock", "Sorry, an item of this order has sold out meanwhile, so it cannot be paid.");
    }
    const moved = await setPaymentStatusIf(
      trx,
      order.id,
      ["failed"],
      "awaiting",
      { stockReleasedAt: null, paymentExpiresAt: now + PAYMENT_WINDOW_MS },
      ["placed"],
    );
    if (!moved) throw new AppError("stale-update", "This order was changed meanwhile. Please reload it.");
    return true;
  });
  if (changed) await catalogVersion(db).changed();
}

/**
 * The browser's word that the buyer paid: believed only if the gateway signed it for this order's
 * gateway order (the one we keep, never the one the browser names), and only for the payment the
 * gateway itself reports, for this order's amount, in rupees.
 */
export async function confirmCheckout(
  db: Db,
  gateway: PaymentGateway | null,
  token: string,
  result: { razorpay_order_id?: unknown; razorpay_payment_id?: unknown; razorpay_signature?: unknown },
  now: number = Date.now(),
): Promise<PaymentStatus> {
  const live = gatewayOrThrow(gateway);
  const order = await onlineOrder(db, token);
  const checkout: CheckoutResult = {
    gatewayOrderId: String(result.razorpay_order_id ?? ""),
    paymentId: String(result.razorpay_payment_id ?? ""),
    signature: String(result.razorpay_signature ?? ""),
  };
  if (
    !order.gatewayOrderId ||
    checkout.gatewayOrderId !== order.gatewayOrderId ||
    !/^[A-Za-z0-9_]{1,60}$/.test(checkout.paymentId) ||
    !live.verifyCheckoutSignature({ ...checkout, gatewayOrderId: order.gatewayOrderId })
  ) {
    throw new AppError(
      "payment-unverified",
      "We could not verify this payment. If money left your account, it will be matched or refunded.",
    );
  }
  const payment = await callGateway(() => live.fetchPayment(checkout.paymentId));
  if (payment.orderId !== order.gatewayOrderId) {
    throw new AppError("payment-unverified", "We could not verify this payment.");
  }
  return db.transaction().execute(async (trx) => {
    await takePayment(trx, order.id, payment, { eventId: null, kind: "payment-captured" }, now);
    return (await findOrder(trx, { id: order.id }))?.paymentStatus ?? order.paymentStatus;
  });
}

export type WebhookOutcome = "recorded" | "duplicate" | "unknown-order" | "ignored";

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
  order: OrderRow | undefined,
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
  order: OrderRow | undefined,
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
  if (asked) await findOrderForUpdate(trx, asked.orderId);
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

/**
 * A captured payment for one of our orders, from whichever road it came; answers false when this
 * gateway event was recorded before (nothing changes). The amount and currency must be the
 * order's, else the payment is refused and flagged. The order, held for the decision:
 * - awaiting its payment: it is Paid; its invoice is issued and the confirmation queued;
 * - its window closed and stock went back: it takes the stock again if the shelf has it, and is
 *   Paid; if not, it is cancelled and the payment refunded;
 * - paid by this payment already: nothing changes;
 * - anything else (cancelled, or paid by another payment): this payment is refunded.
 */
async function takePayment(
  trx: Executor,
  orderId: number,
  payment: GatewayPayment,
  source: { eventId: string | null; kind: string },
  now: number,
): Promise<boolean> {
  const order = await findOrderForUpdate(trx, orderId);
  if (!order) return false;
  const event = {
    orderId,
    eventId: source.eventId,
    kind: source.kind,
    amount: payment.amount,
    currency: payment.currency,
    reference: payment.id,
    at: now,
  };
  if (payment.status !== "captured") {
    return recordPaymentEvent(trx, { ...event, note: `The gateway reports this payment as ${payment.status}.` });
  }
  if (payment.amount !== amountToPay(order) || payment.currency !== "INR") {
    return recordPaymentEvent(trx, {
      ...event,
      kind: "amount-mismatch",
      flagged: 1,
      note: `The order asks ${amountToPay(order)} paise in INR; the payment is for ${payment.amount} in ${payment.currency}. Refused.`,
    });
  }
  if (await findPaymentByGatewayId(trx, payment.id)) {
    // The same payment by another road: a gateway event is kept (once), the browser's news is not.
    return source.eventId ? recordPaymentEvent(trx, { ...event, note: "Already recorded." }) : false;
  }
  if (!(await recordPaymentEvent(trx, event))) return false;
  await settlePayment(trx, order, payment, now);
  return true;
}

/** What a new, matching, captured payment does to the order (see takePayment). */
async function settlePayment(trx: Executor, order: OrderRow, payment: GatewayPayment, now: number): Promise<void> {
  const keep = (kept: boolean) =>
    insertOnlinePayment(trx, {
      orderId: order.id,
      gatewayPaymentId: payment.id,
      amount: payment.amount,
      kept,
      status: "paid",
      at: now,
    });
  if (order.status === "placed" && order.paymentStatus === "awaiting") {
    await keep(true);
    await markPaid(trx, order, payment.id, now);
    return;
  }
  if (order.status === "placed" && order.paymentStatus === "failed") {
    await keep(true);
    if (await takeStockBack(trx, order.id)) {
      await markPaid(trx, order, payment.id, now);
      return;
    }
    // Paid after its stock went to another buyer: the order is cancelled and the money goes back.
    await setPaymentStatusIf(trx, order.id, ["failed"], "paid", { paymentId: payment.id, paidAt: now });
    await moveOrder(trx, {
      orderId: order.id,
      from: "placed",
      to: "cancelled",
      actor: SYSTEM,
      now,
      details: { cancelReason: "out-of-stock" },
    });
    return;
  }
  // A payment the order cannot keep (cancelled meanwhile, or paid twice) goes back in full; it is a
  // payment of its own, so the order's money stays as its kept payment says (record 32).
  await keep(false);
  await claimRefund(trx, { orderId: order.id, paymentId: payment.id, amount: payment.amount }, "not-needed", now);
}

/** The order is Paid: its invoice is numbered and dated now, and its confirmation queued. */
async function markPaid(trx: Executor, order: OrderRow, paymentId: string, now: number): Promise<void> {
  const moved = await setPaymentStatusIf(
    trx,
    order.id,
    ["awaiting", "failed"],
    "paid",
    { paymentId, paidAt: now, stockReleasedAt: null },
    ["placed"],
  );
  if (!moved) throw new AppError("stale-update", "This order was changed meanwhile.");
  await settleOrderMoney(trx, order.id);
  await issueInvoiceNumber(trx, order.id, now);
  const lines = await findOrderLines(trx, order.id);
  await queueOrderConfirmation(trx, { ...order, total: order.total, paymentMethod: "online" }, lines, now);
}

/** Takes the order's stock again, all of it or none; false when a size no longer has enough. */
async function takeStockBack(trx: Executor, orderId: number): Promise<boolean> {
  const lines = inLockOrder(await findOrderLines(trx, orderId));
  const taken: typeof lines = [];
  for (const line of lines) {
    if ((await decrementStock(trx, line.productId, line.size, line.quantity)) === null) {
      for (const back of taken) await incrementStock(trx, back.productId, back.size, back.quantity);
      return false;
    }
    taken.push(line);
  }
  for (const line of lines) await addSoldCount(trx, line.productId, line.quantity);
  return true;
}

/**
 * The reconciliation job: every online order still awaiting its payment is looked up at the
 * gateway (a payment the browser and the webhook both missed is taken), and one whose 15 minutes
 * are over releases its stock and is marked Payment failed; the buyer can try again from the order
 * page. Safe on several nodes at once: each decision is a guarded update.
 */
export async function reconcilePayments(
  db: Db,
  gateway: PaymentGateway | null,
  now: number = Date.now(),
): Promise<{ paid: number; expired: number }> {
  let paid = 0;
  let expired = 0;
  let released = false;
  for (const order of await findAwaitingOrders(db, JOB_BATCH)) {
    const payments = gateway && order.gatewayOrderId ? await gatewayPayments(gateway, order.gatewayOrderId) : [];
    const captured = payments?.find((payment) => payment.status === "captured");
    if (captured) {
      await db
        .transaction()
        .execute((trx) => takePayment(trx, order.id, captured, { eventId: null, kind: "reconciled" }, now));
      paid++;
      continue;
    }
    // A gateway that could not be asked is asked again next time, before the stock goes.
    if (payments === null || order.paymentExpiresAt === null || now < Number(order.paymentExpiresAt)) continue;
    const done = await db.transaction().execute(async (trx) => {
      if (!(await setPaymentStatusIf(trx, order.id, ["awaiting"], "failed", { stockReleasedAt: now }, ["placed"]))) {
        return false;
      }
      for (const line of inLockOrder(await findOrderLines(trx, order.id))) {
        await incrementStock(trx, line.productId, line.size, line.quantity);
        await addSoldCount(trx, line.productId, -line.quantity);
      }
      await recordPaymentEvent(trx, {
        orderId: order.id,
        eventId: null,
        kind: "payment-expired",
        amount: amountToPay(order),
        currency: "INR",
        note: "Not paid within 15 minutes: the stock went back on the shelf.",
        at: now,
      });
      return true;
    });
    if (done) {
      expired++;
      released = true;
    }
  }
  if (released) await catalogVersion(db).changed();
  if (paid + expired > 0) announceOrderEvent();
  return { paid, expired };
}

async function gatewayPayments(gateway: PaymentGateway, gatewayOrderId: string): Promise<GatewayPayment[] | null> {
  try {
    return await gateway.fetchOrderPayments(gatewayOrderId);
  } catch (error) {
    if (error instanceof GatewayError) return null;
    throw error;
  }
}

/**
 * Sends the refunds asked for to the gateway. A node takes a refund for a minute before it asks
 * (a guarded update, so two nodes never send the same one at once), and the gateway's idempotency
 * key, the refund's own id, makes even a retried request one refund.
 */
export async function sendRefunds(db: Db, gateway: PaymentGateway | null, now: number = Date.now()): Promise<number> {
  if (!gateway) return 0;
  let sent = 0;
  for (const refund of await findRefundsToSend(db, now, JOB_BATCH)) {
    if (!(await claimRefundAttempt(db, refund.id, now, now + REFUND_ATTEMPT_MS))) continue;
    let created: Awaited<ReturnType<PaymentGateway["refund"]>>;
    try {
      created = await gateway.refund(refund.paymentId, {
        amount: refund.amount,
        idempotencyKey: `kesar-refund-${refund.id}`,
      });
    } catch (error) {
      if (error instanceof GatewayError) continue;
      throw error;
    }
    await db.transaction().execute(async (trx) => {
      if (!(await setRefundCreated(trx, refund.id, created.id))) return;
      await recordPaymentEvent(trx, {
        orderId: refund.orderId,
        eventId: null,
        kind: "refund-created",
        amount: created.amount,
        currency: "INR",
        reference: created.id,
        at: now,
      });
    });
    sent++;
  }
  return sent;
}

/** One round of the payment jobs: reconciliation, then refunds. */
export async function runPaymentJobs(db: Db, gateway: PaymentGateway | null, now: number = Date.now()) {
  const reconciled = await reconcilePayments(db, gateway, now);
  const refunds = await sendRefunds(db, gateway, now);
  return { ...reconciled, refunds };
}

async function callGateway<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof GatewayError) {
      throw new AppError("payment-unavailable", "The payment service is not answering. Please try again in a moment.");
    }
    throw error;
  }
}
