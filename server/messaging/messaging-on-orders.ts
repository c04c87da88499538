import { formatInr } from "#core/money.ts";
import { orderPathFor } from "#core/order-paths.ts";
import { isIndianMobile } from "#core/phone.ts";
import type { Executor } from "../db/schema.ts";
import type { OrderEffect, OrderProcess, OrderRow } from "../processes/order-process.ts";
import { shortLink } from "./message-links.ts";
import { DLT_VARIABLE_MAX, type Language, languageOfLocale, type MessageKind } from "./message-templates.ts";
import { queueSms, queueWhatsapp } from "./messaging.service.ts";

/*
 * The buyer's SMS and WhatsApp updates, registered on the order machine from this room (record 37):
 * placed, shipped (with the tracking link) and delivered; a parcel's own news (out for delivery, a
 * failed attempt) is registered on the shipment machine (messaging-on-shipments.ts). Each goes to the order's delivery number
 * (`orders.phone`, the ten digits the checkout read), by SMS always and by WhatsApp too when that
 * number's latest word was an opt-in, in the language of the page the order was placed on.
 */

/** The order's language as its messages are written in: the page it was placed on. */
export function messageLanguageOf(order: { locale: string }): Language {
  return languageOfLocale(order.locale);
}

/** The order's delivery number as the shop keeps numbers, or null when it is not a mobile one. */
function deliveryMobile(order: { phone: string }) {
  const number = `+91${order.phone}`;
  return isIndianMobile(number) ? number : null;
}

/** "1,299" for Rs {#var#}: the amount the texts name, without the sign they write themselves. */
export function rupeesText(paise: number): string {
  return formatInr(paise).replace("₹", "");
}

/** A value cut to what a DLT variable holds (a courier's name may be longer). */
function fitted(value: string): string {
  return value.length <= DLT_VARIABLE_MAX ? value : `${value.slice(0, DLT_VARIABLE_MAX - 1)}…`;
}

/**
 * Queues one update to the order's buyer, in the caller's transaction: the SMS, and the WhatsApp
 * template when the number opted in. An order whose number is not a mobile one (an order from
 * before numbers were read so) gets none.
 */
export async function tellBuyer(
  trx: Executor,
  order: OrderRow,
  kind: MessageKind,
  values: Record<string, string>,
  now: number,
): Promise<void> {
  const to = deliveryMobile(order);
  if (!to) return;
  const message = { kind, language: messageLanguageOf(order), to, values };
  await queueSms(trx, message, now);
  await queueWhatsapp(trx, message, now);
}

const textPlaced: OrderEffect = async ({ trx, order, now }) => {
  await tellBuyer(trx, order, "order-placed", { orderNumber: order.orderNumber, amount: rupeesText(order.total) }, now);
};

/**
 * Shipped, with the link to follow the parcel: the courier's tracking page when a booked parcel
 * moved the order (record 43), else, shipped by hand, the order's own page.
 */
const textShipped: OrderEffect = async ({ trx, order, now, details }) => {
  const courier = fitted(details.courier || order.courier || "our courier");
  const linkCode = await shortLink(trx, details.trackingPath ?? orderPathFor(order), now);
  await tellBuyer(trx, order, "order-shipped", { orderNumber: order.orderNumber, courier, linkCode }, now);
};

const textDelivered: OrderEffect = async ({ trx, order, now }) => {
  await tellBuyer(trx, order, "order-delivered", { orderNumber: order.orderNumber }, now);
};

/** The buyer's updates on the order's moves; placing is announced when the order stands. */
export const messagingOnOrders: OrderProcess = {
  room: "messaging",
  effects: { placed: [textPlaced], shipped: [textShipped], delivered: [textDelivered] },
};
