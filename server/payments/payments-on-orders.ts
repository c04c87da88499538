import { actorLabel } from "#core/actor.ts";
import { amountToPay } from "#core/store-credit.ts";
import { AppError } from "../errors.ts";
import type { OrderEffect, OrderGuard, OrderProcess } from "../processes/order-process.ts";
import { paymentsHoldingMoney, recordCashCollected } from "./payment-ledger.ts";
import { claimRefund } from "./refunds.ts";

/** An online order ships once it is paid; a cash order pays at the door. */
const paymentSettled: OrderGuard = (order) => {
  if (!["paid", "cod-due", "cod-collected", "cod-remitted"].includes(order.paymentStatus)) {
    throw new AppError("invalid-transition", "This order is not paid yet: it ships once its payment has arrived.");
  }
};

/**
 * Only a cash-on-delivery parcel whose cash was not collected comes back as refused at the door: a
 * paid order is cancelled instead, which refunds it.
 */
const refusedCashParcel: OrderGuard = (order) => {
  if (order.paymentMethod === "online" || order.paymentStatus !== "cod-due") {
    throw new AppError(
      "invalid-transition",
      "Only an unpaid cash-on-delivery parcel can be returned to origin: cancel a paid order instead, which refunds it.",
    );
  }
};

/**
 * Delivered cash on delivery means the buyer paid the courier at the door: the cash is recorded as
 * collected (once; the administrator may have marked it already), and waits for the courier's
 * remittance.
 */
const collectCash: OrderEffect = async ({ trx, order, actor, now }) => {
  if (order.paymentMethod === "online" || order.paymentStatus !== "cod-due" || amountToPay(order) === 0) return;
  await recordCashCollected(trx, order, now, `Delivered: paid at the door (${actorLabel(actor)})`);
};

/**
 * A paid order's money goes back through the gateway: every online payment still holding money is
 * refunded in full (what the gateway took: the total less what store credit paid, which comes back
 * as such). The refund is asked for here, in the cancellation's transaction (one per payment, so a
 * second click or node asks nothing more), and sent by the payment jobs.
 */
const refundPayment: OrderEffect = async ({ trx, order, now }) => {
  for (const payment of await paymentsHoldingMoney(trx, order.id)) {
    await claimRefund(trx, { orderId: order.id, ...payment }, "cancelled", now);
  }
};

/** What the order's moves need of its money, and do to it (record 37). */
export const paymentsOnOrders: OrderProcess = {
  room: "payments",
  guards: {
    shipped: [paymentSettled],
    "returned-to-origin": [refusedCashParcel],
  },
  effects: {
    delivered: [collectCash],
    cancelled: [refundPayment],
  },
};
