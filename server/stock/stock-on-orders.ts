import type { OrderEffect, OrderProcess } from "../processes/order-process.ts";
import { putBackStock } from "./stock.service.ts";

/**
 * The order's pieces go back on the shelf, and count as sold no more; an unpaid online order whose
 * stock went back when its payment window closed has nothing left to put back.
 */
const restock: OrderEffect = async ({ trx, order, changed, lines }) => {
  if (order.stockReleasedAt !== null) return;
  if (await putBackStock(trx, await lines())) changed.catalogue = true;
};

/** What the order's moves do to the stock (record 37). */
export const stockOnOrders: OrderProcess = {
  room: "stock",
  effects: {
    cancelled: [restock],
    "returned-to-origin": [restock],
  },
};
