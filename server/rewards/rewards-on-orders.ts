import type { OrderEffect, OrderProcess } from "../processes/order-process.ts";
import { creditEarnedPoints, settleCancelledOrderPoints } from "./rewards.service.ts";

/** The points the order earned become spendable now that the buyer has it. */
const creditPoints: OrderEffect = ({ trx, order, now }) => creditEarnedPoints(trx, order, now);

/** The points the order spent come back; the points it would have earned, still pending, are dropped. */
const returnPoints: OrderEffect = ({ trx, order, now }) => settleCancelledOrderPoints(trx, order, now);

/** What the order's moves do to the buyer's points (record 37). */
export const rewardsOnOrders: OrderProcess = {
  room: "rewards",
  effects: {
    delivered: [creditPoints],
    cancelled: [returnPoints],
    "returned-to-origin": [returnPoints],
  },
};
