import { SYSTEM } from "#core/actor.ts";
import { PAYMENT_WINDOW_MS, type PaymentStatus } from "#core/payment-status.ts";
import { visibleEmail } from "#core/phone.ts";
import { amountToPay } from "#core/store-credit.ts";
import { catalogVersion } from "../catalog/catalog-version.ts";
import type { Db, Executor } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { issueInvoiceNumber } from "../invoices/invoicing.ts";
import { queueOrderConfirmation } from "../orders/confirmation-mail.ts";
import { announcePlacement, moveOrder, type OrderRow } from "../orders/order-machine.ts";
import { orderLines, orderRow, orderRowForUpdate } from "../orders/order-rows.service.ts";
import { takeStock } from "../stock/stock.service.ts";
import { type CheckoutResult, GatewayError, type GatewayPayment, type PaymentGateway } from "./gateway.ts";
import { findPaymentByGatewayId, insertOnlinePayment } from "./order-payments.repository.ts";
import { settleOrderMoney } from "./payment-ledger.ts";
import { recordPaymentEvent, setGatewayOrderId, setPaymentStatusIf } from "./payments.repository.ts";
import { claimRefund } from "./refunds.ts";

/*
 * Online payment's rules (record 24). An online order is placed holding its stock, without invoice
 * or confirmation; the money arrives by one of three roads (the browser's signed result, the
 * gateway's webhook, or the reconciliation job asking the gateway) and whichever comes first makes
 * the order Paid, issues the invoice and queues the confirmation; the others find it paid and
 * change nothing. Every decision about one order's money is taken with the order's row held
 * (`findOrderForUpdate`), so it is safe on several workers and nodes at once.
 */

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

export function gatewayOrThrow(gateway: PaymentGateway | null): PaymentGateway {
  if (!gateway) throw new AppError("online-payment-off", "Online payment is not available right now.");
  return gateway;
}

async function onlineOrder(db: Executor, token: string): Promise<OrderRow> {
  const order = token.length >= 32 ? await orderRow(db, { accessToken: token }) : undefined;
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
      email: visibleEmail(order.email) ?? "",
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
    await orderRowForUpdate(trx, order.id);
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
    return (await orderRow(trx, { id: order.id }))?.paymentStatus ?? order.paymentStatus;
  });
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
export async function takePayment(
  trx: Executor,
  orderId: number,
  payment: GatewayPayment,
  source: { eventId: string | null; kind: string },
  now: number,
): Promise<boolean> {
  const order = await orderRowForUpdate(trx, orderId);
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
  const lines = await orderLines(trx, order.id);
  await queueOrderConfirmation(trx, { ...order, total: order.total, paymentMethod: "online" }, lines, now);
  // The order stands now: what the rooms do then (its SMS) happens with its payment.
  await announcePlacement(trx, { orderId: order.id, actor: SYSTEM, now });
}

/** Takes the order's stock again, all of it or none; false when a size no longer has enough. */
async function takeStockBack(trx: Executor, orderId: number): Promise<boolean> {
  const cause = {
    reason: "sold" as const,
    by: { userId: null, name: "Shop" },
    orderId,
    note: "Paid after the payment window",
  };
  return (await takeStock(trx, await orderLines(trx, orderId), cause)).taken;
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
