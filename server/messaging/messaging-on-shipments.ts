import { trackingPathFor } from "#core/shipment-status.ts";
import type { ShipmentEffect, ShipmentProcess } from "../processes/shipment-process.ts";
import { shortLink } from "./message-links.ts";
import { tellBuyer } from "./messaging-on-orders.ts";

/*
 * A parcel's news that is no step of its order (records 43 and 44), told to the buyer by SMS, and by
 * WhatsApp when they opted in: out for delivery, and a failed attempt with the parcel's tracking
 * page, where the buyer chooses what happens next. Registered on the shipment machine from this
 * room, after the order has followed the parcel, so a parcel first seen out for delivery is
 * announced shipped before it is announced out for delivery. Picked up and delivered are the
 * order's own moves, whose messages messaging-on-orders.ts sends.
 */

const textOutForDelivery: ShipmentEffect = async ({ trx, order, now }) => {
  await tellBuyer(trx, order, "out-for-delivery", { orderNumber: order.orderNumber }, now);
};

const textDeliveryFailed: ShipmentEffect = async ({ trx, order, shipment, now }) => {
  const linkCode = await shortLink(trx, trackingPathFor(shipment), now);
  await tellBuyer(trx, order, "delivery-failed", { orderNumber: order.orderNumber, linkCode }, now);
};

/** The buyer's messages of a parcel's news. */
export const messagingOnShipments: ShipmentProcess = {
  room: "messaging",
  effects: { "out-for-delivery": [textOutForDelivery], "delivery-failed": [textDeliveryFailed] },
};
