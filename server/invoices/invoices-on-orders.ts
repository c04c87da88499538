import { AppError } from "../errors.ts";
import type { OrderEffect, OrderGuard, OrderProcess } from "../processes/order-process.ts";
import { needsEwayBill } from "./eway-bills.ts";
import { issueCreditNote } from "./invoicing.ts";

/** Goods worth more than Rule 138's threshold leave the state only with an e-way bill. */
const ewayBillEntered: OrderGuard = (order) => {
  if (needsEwayBill(order) && !order.ewayBillNumber) {
    throw new AppError("eway-bill-required", "Enter the e-way bill number before shipping this order.");
  }
};

/** A credit note reverses the order's tax invoice in full. */
const creditNote: OrderEffect = async ({ trx, order, now }) => {
  await issueCreditNote(trx, order, now);
};

/** What the order's moves need of its tax documents, and do to them (record 37). */
export const invoicesOnOrders: OrderProcess = {
  room: "invoices",
  guards: { shipped: [ewayBillEntered] },
  effects: {
    cancelled: [creditNote],
    "returned-to-origin": [creditNote],
  },
};
