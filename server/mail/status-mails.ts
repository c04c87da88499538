import { knownLocale, localizedPath } from "#core/locales.ts";
import { orderPathFor } from "#core/order-paths.ts";
import { UNSOLD_STATUSES } from "#core/order-status.ts";
import { maskUpiId } from "#core/returns.ts";
import { trackingPathFor } from "#core/shipment-status.ts";
import { amountToPay } from "#core/store-credit.ts";
import type { Executor } from "../db/schema.ts";
import type { OrderEffect, OrderProcess } from "../processes/order-process.ts";
import type { CurrentReturn, ReturnEffect, ReturnProcess } from "../processes/return-process.ts";
import type { ShipmentEffect, ShipmentProcess } from "../processes/shipment-process.ts";
import type { ReturnMail } from "./mail.schemas.ts";
import { queueMail } from "./mail.service.ts";
import { languageField } from "./mail-language.ts";

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
  const locale = knownLocale(order.locale);
  const orderPath = localizedPath(orderPathFor(order), locale);
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
        ...languageField(locale),
        total: order.total,
        courier: details.courier ?? null,
        trackingNumber: details.trackingNumber ?? null,
        expectedDeliveryAt: details.expectedDeliveryAt ?? null,
        cancelReason: details.cancelReason ?? null,
        creditNotePath: order.invoiceNumber ? `${orderPathFor(order)}/credit-note` : null,
        pointsEarned: order.userId ? order.pointsEarned : 0,
        pointsRedeemed: order.userId ? order.pointsRedeemed : 0,
        paidOnline: order.paymentStatus === "paid",
        refundAmount:
          to === "cancelled" && order.paymentId && order.paymentStatus === "paid" ? amountToPay(order) : null,
        storeCreditBack: UNSOLD_STATUSES.includes(to) ? order.storeCreditUsed : 0,
        amountDue: amountToPay(order),
        trackingPath: details.trackingPath ?? null,
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

/**
 * A parcel's news that is no step of its order (record 43): out for delivery (with the cash to have
 * ready), or a failed attempt, with the tracking page where the buyer says what happens next.
 */
const mailParcelNews: ShipmentEffect = async ({ trx, order, shipment, to, news, now }) => {
  if (to !== "out-for-delivery" && to !== "delivery-failed") return;
  const locale = knownLocale(order.locale);
  const trackingPath = localizedPath(trackingPathFor(shipment), locale);
  await queueMail(
    trx,
    {
      kind: "parcel-news",
      to: order.email,
      payload: {
        orderNumber: order.orderNumber,
        name: order.name,
        news: to,
        trackingPath,
        ...languageField(locale),
        courier: shipment.courierName,
        awb: shipment.awb,
        attempts: shipment.attempts,
        activity: news.activity,
        amountDue: shipment.paymentMethod === "cod" ? shipment.codAmount : 0,
      },
    },
    now,
  );
};

/** The buyer's mails of a parcel's moves that are no order status (the order's own moves mail the rest). */
export const mailOnShipments: ShipmentProcess = {
  room: "mail",
  effects: {
    "out-for-delivery": [mailParcelNews],
    "delivery-failed": [mailParcelNews],
  },
};

/** What a return's status mail is written from: its order, the line it takes pieces of, and the return now. */
export type ReturnFacts = {
  order: { email: string; orderNumber: string; name: string; accessToken: string; locale: string };
  line: { title: string; size: string };
  request: CurrentReturn;
};

/**
 * The shopper is told of each step of a return or exchange, in the step's transaction: what comes
 * back and how, the documents once the parcel is accepted, and the replacement's courier and
 * tracking number once it ships. `overrides` says what a later event adds to the refunded step's
 * mail (the UPI transfer's UTR, once it is made).
 */
export async function queueReturnStatusMail(
  trx: Executor,
  { order, line, request }: ReturnFacts,
  now: number,
  overrides: Partial<ReturnMail["payload"]> = {},
): Promise<void> {
  const orderPath = orderPathFor(order);
  const locale = knownLocale(order.locale);
  const refunded = request.status === "refunded";
  await queueMail(
    trx,
    {
      kind: "return-status",
      to: order.email,
      payload: {
        ...languageField(locale),
        orderNumber: order.orderNumber,
        name: order.name,
        status: request.status,
        title: line.title,
        size: line.size,
        quantity: request.quantity,
        exchangeSize: request.exchangeSize,
        amount: request.kind === "refund" ? request.amount : null,
        storeCreditBack: request.storeCreditBack,
        refundMethod: request.refundMethod,
        rejectReason: request.rejectReason,
        selfShip: request.selfShip === 1,
        orderPath: localizedPath(orderPath, locale),
        creditNotePath: request.creditNoteNumber ? `${orderPath}/returns/${request.id}/credit-note` : null,
        exchangeInvoicePath: request.exchangeInvoiceNumber ? `${orderPath}/returns/${request.id}/invoice` : null,
        courier: request.courier,
        trackingNumber: request.trackingNumber,
        expectedDeliveryAt: request.expectedDeliveryAt === null ? null : Number(request.expectedDeliveryAt),
        // A refund whose money is still on its way (through the gateway, or a UPI transfer to make) is approved, not done.
        refundDone: refunded ? request.refundStatus === null || request.refundStatus === "processed" : undefined,
        upiId: request.refundMethod === "upi" && request.upiId ? maskUpiId(request.upiId) : null,
        ...overrides,
      },
    },
    now,
  );
}

/** Every step of a return mails the shopper, after the step's documents and money, which it names. */
const mailReturnStatus: ReturnEffect = async ({ trx, order, line, now, current }) => {
  await queueReturnStatusMail(trx, { order, line, request: await current() }, now);
};

/** The status mail of every step of a return (its request is mailed as it is written). */
export const mailOnReturns: ReturnProcess = {
  room: "mail",
  effects: {
    "pickup-scheduled": [mailReturnStatus],
    "picked-up": [mailReturnStatus],
    received: [mailReturnStatus],
    refunded: [mailReturnStatus],
    "exchange-accepted": [mailReturnStatus],
    "exchange-shipped": [mailReturnStatus],
    rejected: [mailReturnStatus],
  },
};
