import type { OrderEffect, OrderGuard, OrderProcess } from "../processes/order-process.ts";
import { askBuyerToConfirm, assertConfirmedByBuyer } from "./cod-confirmation.service.ts";

/** A large cash order's buyer is asked, as the order stands, to confirm it (MoveDetails.codConfirmAbove). */
const askToConfirm: OrderEffect = async ({ trx, order, now, details }) => {
  await askBuyerToConfirm(trx, order, details.codConfirmAbove, now);
};

/** It ships only once confirmed. */
const buyerConfirmed: OrderGuard = (order, trx) => assertConfirmedByBuyer(trx, order);

export const codConfirmationOnOrders: OrderProcess = {
  room: "cod-confirmation",
  guards: { shipped: [buyerConfirmed] },
  effects: { placed: [askToConfirm] },
};
