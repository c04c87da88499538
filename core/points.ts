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

/** What moved a customer's points, one kind per ledger entry. */
export type PointsEntryKind =
  | "earned"
  | "redeemed"
  | "earned-reversed"
  | "redeemed-returned"
  | "held-until-delivery"
  | "corrected";

/** A ledger entry as the profile explains it: its kind, what became of its order, the piece a return took back. */
export type PointsEntryCause = {
  kind: PointsEntryKind;
  /** The order's status now (core/order-status.ts). */
  orderStatus: string;
  /** The title of the piece returned, when a return moved the points. */
  returnedTitle: string | null;
};

/** How an order ended without being kept; null for an order that is not over. */
export function orderEndedAs(status: string): "cancelled" | "refused" | null {
  if (status === "cancelled") return "cancelled";
  if (status === "returned-to-origin") return "refused";
  return null;
}

/** Why an order ended without being kept, in a few words; null for an order that is not over. */
function orderEnded(status: string): string | null {
  const ended = orderEndedAs(status);
  if (ended === "cancelled") return "order cancelled";
  return ended === "refused" ? "parcel refused at the door" : null;
}

/**
 * Why the points moved, in a few words after the figure ("−8 · returned Kundan Jhumka"), for every
 * kind of entry. A reversal comes from a return (its piece named) or from an order that ended
 * unsold; entries written before returns were named say "returned pieces".
 */
export function pointsEntryReason(entry: PointsEntryCause): string {
  const ended = orderEnded(entry.orderStatus);
  switch (entry.kind) {
    case "earned":
      return "earned: order delivered";
    case "redeemed":
      return "spent on the order";
    case "earned-reversed":
      if (entry.returnedTitle) return `returned ${entry.returnedTitle}`;
      return ended ?? "returned pieces";
    case "redeemed-returned":
      if (entry.returnedTitle) return `given back with returned ${entry.returnedTitle}`;
      return `given back: ${ended ?? "pieces returned"}`;
    case "held-until-delivery":
      return "held until the order is delivered";
    case "corrected":
      return "balance set right";
  }
}

/** A change of points with its sign, a true minus for a loss: "+49", "−8". */
export function signedPoints(points: number): string {
  if (points > 0) return `+${points}`;
  return points < 0 ? `−${-points}` : "0";
}
