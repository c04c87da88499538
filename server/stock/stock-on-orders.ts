import type { OrderEffect, OrderProcess } from "../processes/order-process.ts";
import { putBackStock, stockByOf } from "./stock.service.ts";

/**
 * The order's pieces go back on the shelf, and count as sold no more; an unpaid online order whose
 * stock went back when its payment window closed has nothing left to put back.
 */
const restock: OrderEffect = async ({ trx, order, to, actor, now, changed, lines }) => {
  if (order.stockReleasedAt !== null) return;
  const cause = { reason: to === "returned-to-origin" ? ("rto" as const) : ("cancelled" as const), now };
  if (await putBackStock(trx, await lines(), { ...cause, by: stockByOf(actor), orderId: order.id })) {
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
