import type { OrderEffect, OrderProcess } from "../processes/order-process.ts";
import { releaseOffers } from "./offer-redemption.ts";

/**
 * An order cancelled before dispatch gives its offers' uses back (a one-time code can be used
 * again); one cancelled on its way keeps them, as does a parcel returned to origin.
 */
const returnOffers: OrderEffect = async ({ trx, order, from, now, changed }) => {
  if (from !== "placed") return;
  if (await releaseOffers(trx, order.id, now)) changed.catalogue = true;
};

/** What the order's moves do to its offers (record 37). */
export const offersOnOrders: OrderProcess = {
  room: "offers",
  effects: { cancelled: [returnOffers] },
};
