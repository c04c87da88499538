import type { OrderEffect, OrderProcess } from "../processes/order-process.ts";
import { giveBackSpentCredit } from "./store-credit.service.ts";

/** The store credit the order spent comes back, naming the order. */
const returnStoreCredit: OrderEffect = ({ trx, order, now }) => giveBackSpentCredit(trx, order, now);

/** What the order's moves do to the buyer's store credit (record 37). */
export const storeCreditOnOrders: OrderProcess = {
  room: "store-credit",
  effects: {
    cancelled: [returnStoreCredit],
    "returned-to-origin": [returnStoreCredit],
  },
};
