import { orderPathFor } from "#core/order-paths.ts";
import { UNSOLD_STATUSES } from "#core/order-status.ts";
import { amountToPay } from "#core/store-credit.ts";
import type { OrderEffect, OrderProcess } from "../processes/order-process.ts";
import { queueMail } from "./mail.service.ts";

/*
 * The one place that tells a buyer where an order or a return now stands (record 37): each
 * machine's moves end with the status mail this room registers on them, written from the move
 * itself, after the move's documents and refunds, which it names.
 */

/**
 * The buyer is told where the order now stands, and what matters at that step: the courier and
 * tracking number and what to pay at the door when it ships, the payment received when delivered,
 * the reason and the credit note when cancelled.
 */
const mailOrderStatus: OrderEffect = async ({ trx, order, to, now, details }) => {
  if (to === "placed") return;
  const orderPath = orderPathFor(order);
  await queueMail(
    trx,
    {
      kind: "order-status",
      to: order.email,
      payload: {
        orderNumber: order.orderNumber,
        name: order.name,
        status: to,
        orderPath,
        total: order.total,
        courier: details.courier ?? null,
        trackingNumber: details.trackingNumber ?? null,
        expectedDeliveryAt: details.expectedDeliveryAt ?? null,
        cancelReason: details.cancelReason ?? null,
        creditNotePath: order.invoiceNumber ? `${orderPath}/credit-note` : null,
        pointsEarned: order.userId ? order.pointsEarned : 0,
        pointsRedeemed: order.userId ? order.pointsRedeemed : 0,
        paidOnline: order.paymentStatus === "paid",
        refundAmount:
          to === "cancelled" && order.paymentId && order.paymentStatus === "paid" ? amountToPay(order) : null,
        storeCreditBack: UNSOLD_STATUSES.includes(to) ? order.storeCreditUsed : 0,
        amountDue: amountToPay(order),
      },
    },
    now,
  );
};

/** The status mail of every order move but placing (whose confirmation is the order's own). */
export const mailOnOrders: OrderProcess = {
  room: "mail",
  effects: {
    shipped: [mailOrderStatus],
    delivered: [mailOrderStatus],
    cancelled: [mailOrderStatus],
    "returned-to-origin": [mailOrderStatus],
  },
};
