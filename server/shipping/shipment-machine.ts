import type { ShipmentsTable } from "../db/schema.ts";

/*
 * A parcel's life as a transition table (the shape of the order's machine, record 16):
 *
 *   booking → booked → picked-up → in-transit → out-for-delivery → delivered
 *                                       out-for-delivery ⇄ delivery-failed (NDR: another attempt)
 *                                       delivery-failed → rto (return to origin) → rto-delivered
 *   lost, from anywhere on the way; cancelled, before pickup.
 *
 * Couriers skip scans and send news late, twice and out of order (record 39), so the table lets a
 * parcel jump forward over states it never reported, and each state has a rank: news never moves a
 * parcel to a lower rank. The one loop, out for delivery ⇄ delivery failed, shares a rank, and
 * there the courier's time decides: only news newer than the state's own moves it.
 */

export type ShipmentStatus = ShipmentsTable["status"];

const ON_THE_WAY: readonly ShipmentStatus[] = ["delivery-failed", "delivered", "rto", "rto-delivered", "lost"];

export const SHIPMENT_TRANSITIONS: Record<ShipmentStatus, readonly ShipmentStatus[]> = {
  booking: ["booked", "cancelled"],
  booked: ["picked-up", "in-transit", "out-for-delivery", ...ON_THE_WAY, "cancelled"],
  "picked-up": ["in-transit", "out-for-delivery", ...ON_THE_WAY],
  "in-transit": ["out-for-delivery", ...ON_THE_WAY],
  "out-for-delivery": ON_THE_WAY,
  "delivery-failed": ["out-for-delivery", "delivered", "rto", "rto-delivered", "lost"],
  rto: ["rto-delivered", "lost"],
  delivered: [],
  "rto-delivered": [],
  lost: [],
  cancelled: [],
};

export const SHIPMENT_STATUSES = Object.keys(SHIPMENT_TRANSITIONS) as ShipmentStatus[];

/** How far along a parcel is; news never lowers it. Equal ranks are the attempt loop. */
export const SHIPMENT_RANKS: Record<ShipmentStatus, number> = {
  booking: 0,
  booked: 1,
  "picked-up": 2,
  "in-transit": 3,
  "out-for-delivery": 4,
  "delivery-failed": 4,
  rto: 5,
  delivered: 6,
  "rto-delivered": 6,
  lost: 7,
  cancelled: 7,
};

/** The parcel's life is over: nothing moves it again. */
export function isFinalShipmentStatus(status: ShipmentStatus): boolean {
  return SHIPMENT_TRANSITIONS[status].length === 0;
}

/** Whether the table allows the move at all (the shop's own moves: booked, cancelled). */
export function canMoveShipment(from: ShipmentStatus, to: ShipmentStatus): boolean {
  return SHIPMENT_TRANSITIONS[from].includes(to);
}

/** Where a parcel stands: its state, and when the news that put it there happened. */
export type ShipmentPosition = { status: ShipmentStatus; statusAt: number };

export type CarrierMove =
  | { move: true; to: ShipmentStatus }
  | { move: false; why: "no-status" | "same" | "final" | "backwards" | "older" | "not-allowed" };

/**
 * What a courier's news does to a parcel: moves it, or (late, repeated, backward news) leaves it
 * where it is. The news is recorded either way; this decides only the move.
 */
export function carrierMove(
  current: ShipmentPosition,
  news: { status: ShipmentStatus | null; at: number },
): CarrierMove {
  const to = news.status;
  if (to === null) return { move: false, why: "no-status" };
  if (to === current.status) return { move: false, why: "same" };
  if (isFinalShipmentStatus(current.status)) return { move: false, why: "final" };
  const fromRank = SHIPMENT_RANKS[current.status];
  const toRank = SHIPMENT_RANKS[to];
  if (toRank < fromRank) return { move: false, why: "backwards" };
  if (!canMoveShipment(current.status, to)) return { move: false, why: "not-allowed" };
  // The attempt loop: an older "out for delivery" behind a newer "undelivered" is history.
  if (toRank === fromRank && news.at <= current.statusAt) return { move: false, why: "older" };
  return { move: true, to };
}
