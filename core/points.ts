/*
 * Reward points, the one place their worth is set: a point is worth ₹1 off, and an order earns one
 * point for every full ₹100 of goods it pays for.
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
