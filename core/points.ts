/*
 * Reward points, the one place their worth is set: a point is worth ₹1 off, and an order earns one
 * point for every full ₹100 of goods it pays for (not counting the part paid with points). Points
 * an order earns are pending until it is delivered, then spendable; a cancelled order's are dropped.
 */

/** 1 point = ₹1. */
export const POINT_VALUE_PAISE = 100;

/** One point is earned per full ₹100. */
export const PAISE_PER_POINT_EARNED = 10_000;

/** What a number of points takes off an order, in paise. */
export function pointsToPaise(points: number): number {
  return points * POINT_VALUE_PAISE;
}

/** The points an amount of goods earns. */
export function pointsEarnedFor(paise: number): number {
  return Math.floor(Math.max(0, paise) / PAISE_PER_POINT_EARNED);
}

/** The points a balance can spend on goods worth this much: never more than they cost. */
export function redeemablePoints(goodsPaise: number, balance: number): number {
  return Math.max(0, Math.min(balance, Math.floor(goodsPaise / POINT_VALUE_PAISE)));
}

/** Where an order's earned points stand: none earned, pending delivery, spendable, or dropped. */
export type OrderPointsState = "none" | "pending" | "earned" | "dropped";

export function orderPointsState(order: { status: string; pointsEarned: number }): OrderPointsState {
  if (order.pointsEarned <= 0) return "none";
  if (order.status === "delivered") return "earned";
  if (order.status === "cancelled" || order.status === "returned-to-origin") return "dropped";
  return "pending";
}

/**
 * The sentence an order page says about its points; `pointsTakenBack` are the points of pieces
 * returned since, which no longer count (record 30).
 */
export function orderPointsMessage(order: {
  status: string;
  pointsEarned: number;
  pointsTakenBack?: number;
}): string | null {
  const points = order.pointsEarned;
  const noun = points === 1 ? "point" : "points";
  const takenBack = order.pointsTakenBack ?? 0;
  switch (orderPointsState(order)) {
    case "pending":
      return `${points} reward ${noun} pending: yours to spend once this order is delivered.`;
    case "earned":
      return takenBack > 0
        ? `You earned ${points} reward ${noun} on this order; ${takenBack} went back with the pieces you returned, so ${points - takenBack} remain yours.`
        : `You earned ${points} reward ${noun} on this order.`;
    case "dropped":
      return `The ${points} reward ${noun} this order would have earned were not credited: it was ${order.status === "cancelled" ? "cancelled" : "returned to us"}.`;
    default:
      return null;
  }
}
