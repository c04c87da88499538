import type { Actor } from "#core/actor.ts";
import { ORDER_TRANSITIONS, type OrderStatus, STATUS_LABELS, UNSOLD_STATUSES } from "#core/order-status.ts";
import { SHIPMENT_STATUS_LABELS, trackingPathFor } from "#core/shipment-status.ts";
import { AppError } from "../errors.ts";
import { moveOrder } from "../orders/order-machine.ts";
import { orderRowForUpdate } from "../orders/order-rows.service.ts";
import { type MoveDetails, type OrderRow, orderProcessSlot } from "../processes/order-process.ts";
import type { ShipmentEffect, ShipmentMove, ShipmentProcess } from "../processes/shipment-process.ts";
import type { ShipmentStatus } from "./shipment-machine.ts";
import { noteOrderProblem } from "./shipments.repository.ts";

/*
 * The order follows its parcel (record 43): *Shipped* when the courier has it, *Delivered* when it
 * is delivered, and when it comes back, *Returned to origin* for a cash order not paid or
 * *Cancelled* (which refunds) for one paid. Each is a move of the order machine, with every effect
 * the administrator's own move has (points, cash collected, the review invitation, the return
 * window, the credit note, the mails), in the news's transaction.
 */

/** Who moved the order, as its history says: the shop, on the courier's word. */
export const COURIER_NEWS: Actor = { kind: "system", via: "courier" };

/** A parcel the courier has (any state from picked up until it is back) means the order has shipped. */
const WITH_THE_COURIER: readonly ShipmentStatus[] = [
  "picked-up",
  "in-transit",
  "out-for-delivery",
  "delivery-failed",
  "rto",
];

/**
 * The order's status a parcel's state means: the record-32 rule for a parcel that came back is the
 * order machine's (only an unpaid cash parcel is returned to origin; a paid order is cancelled,
 * which refunds its payment). Null where the order has nothing to follow (booked, lost, cancelled).
 */
export function orderStatusForParcel(to: ShipmentStatus, order: OrderRow): OrderStatus | null {
  if (WITH_THE_COURIER.includes(to)) return "shipped";
  if (to === "delivered") return "delivered";
  if (to !== "rto-delivered") return null;
  const unpaidCash = order.paymentMethod !== "online" && order.paymentStatus === "cod-due";
  return unpaidCash ? "returned-to-origin" : "cancelled";
}

/** The moves from where the order stands to where its parcel says it is: [] when there or past it. */
function stepsTo(from: OrderStatus, to: OrderStatus): OrderStatus[] {
  if (from === to) return [];
  if (ORDER_TRANSITIONS[from].includes(to)) return [to];
  if (from === "placed" && ORDER_TRANSITIONS.shipped.includes(to)) return ["shipped", to];
  return [];
}

function detailsOf(move: ShipmentMove, to: OrderStatus): MoveDetails {
  const { shipment } = move;
  const trackingPath = trackingPathFor(shipment);
  if (to === "shipped") {
    return {
      courier: shipment.courierName ?? undefined,
      trackingNumber: shipment.awb ?? undefined,
      expectedDeliveryAt: shipment.expectedDeliveryAt,
      trackingPath,
    };
  }
  if (to === "cancelled") return { cancelReason: "returned-to-sender", trackingPath };
  return { trackingPath };
}

/**
 * Whether the order's rules let it arrive at this status now: the guards the rooms registered on
 * the move (paid before it ships, its e-way bill entered…). A refusal is noted on the shipment for
 * the administrator instead of failing the courier's news, which stays recorded.
 */
async function refusalOf(move: ShipmentMove, order: OrderRow, to: OrderStatus): Promise<string | null> {
  try {
    for (const guard of orderProcessSlot.installed().guardsOf(to)) await guard(order, move.trx);
    return null;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const problem = `The order stayed ${STATUS_LABELS[order.status]}: ${error.userMessage}`;
    await noteOrderProblem(move.trx, move.shipment.id, problem);
    return problem;
  }
}

/** Moves the order along to where its parcel is, one move of the machine at a time. */
const followParcel: ShipmentEffect = async (move) => {
  let order = await orderRowForUpdate(move.trx, move.order.id);
  const target = order ? orderStatusForParcel(move.to, order) : null;
  if (!order || !target) return;
  const steps = stepsTo(order.status, target);
  if (steps.length === 0 && order.status !== target && UNSOLD_STATUSES.includes(order.status)) {
    // The order ended before its parcel did (cancelled while the courier came): someone must look.
    const problem = `The order is ${STATUS_LABELS[order.status].toLowerCase()}, but the courier reports its parcel ${SHIPMENT_STATUS_LABELS[move.to].toLowerCase()}.`;
    return noteOrderProblem(move.trx, move.shipment.id, problem);
  }
  for (const to of steps) {
    if (await refusalOf(move, order, to)) return;
    const details = detailsOf(move, to);
    await moveOrder(move.trx, {
      orderId: order.id,
      from: order.status,
      to,
      actor: COURIER_NEWS,
      now: move.now,
      details,
    });
    order = await orderRowForUpdate(move.trx, order.id);
    if (!order) return;
  }
  if (move.shipment.orderProblem) await noteOrderProblem(move.trx, move.shipment.id, null);
};

/** What a parcel's moves do to its order (record 43). */
export const ordersOnShipments: ShipmentProcess = {
  room: "shipping",
  effects: {
    "picked-up": [followParcel],
    "in-transit": [followParcel],
    "out-for-delivery": [followParcel],
    "delivery-failed": [followParcel],
    rto: [followParcel],
    delivered: [followParcel],
    "rto-delivered": [followParcel],
  },
};
