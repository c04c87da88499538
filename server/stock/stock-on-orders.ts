import type { OrderEffect, OrderProcess } from "../processes/order-process.ts";
import { awaitCheckIn, putBackStock, stockByOf } from "./stock.service.ts";

/**
 * The order's pieces go back on the shelf, and count as sold no more; an unpaid online order whose
 * stock went back when its payment window closed has nothing left to put back. A parcel that had
 * left the warehouse is not on the shelf until it is back: its pieces wait for the administrator
 * to check it in (record 43), and a parcel lost on the way never puts back what is not there.
 */
const restock: OrderEffect = async ({ trx, order, from, actor, now, changed, lines }) => {
  if (order.stockReleasedAt !== null) return;
  if (from === "shipped") return awaitCheckIn(trx, order.id);
  if (await putBackStock(trx, await lines(), { reason: "cancelled", by: stockByOf(actor), orderId: order.id, now })) {
    changed.catalogue = true;
  }
};

/** What the order's moves do to the stock (record 37). */
export const stockOnOrders: OrderProcess = {
  room: "stock",
  effects: {
    cancelled: [restock],
    "returned-to-origin": [restock],
  },
};
