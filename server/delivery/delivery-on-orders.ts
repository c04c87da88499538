import type { OrderEffect, OrderProcess } from "../processes/order-process.ts";
import { insertParcelOutcome } from "./parcel-outcomes.repository.ts";

/*
 * How each parcel that left the warehouse ended, by its pincode (record 43): delivered, or back to
 * the shop (refused or undeliverable), which the return-to-origin rate of the pincode counts.
 */

const parcelDelivered: OrderEffect = (move) => recordOutcome(move, "delivered");

/** Where the parcel went, whether it carried cash, and how it ended. */
function recordOutcome({ trx, order, now }: Parameters<OrderEffect>[0], outcome: "delivered" | "rto") {
  const cod = order.paymentMethod !== "online";
  return insertParcelOutcome(trx, { orderId: order.id, pincode: order.pincode, cod, outcome, finishedAt: now });
}

/** Reasons a shipped order ends unsold because its parcel came back undelivered. */
const CAME_BACK = new Set(["refused-on-delivery", "returned-to-sender"]);

/**
 * A parcel back at the shop: returned to origin, or cancelled because the courier brought it back
 * (a paid parcel). A shipped order cancelled for another reason (lost, a mistake) is no return.
 */
const parcelCameBack: OrderEffect = async (move) => {
  if (move.from !== "shipped") return;
  if (move.to === "cancelled" && !CAME_BACK.has(move.details.cancelReason ?? "")) return;
  await recordOutcome(move, "rto");
};

/** What the order's moves tell the delivery room (record 43). */
export const deliveryOnOrders: OrderProcess = {
  room: "delivery",
  effects: {
    delivered: [parcelDelivered],
    cancelled: [parcelCameBack],
    "returned-to-origin": [parcelCameBack],
  },
};
