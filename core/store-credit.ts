/*
 * Store credit as a way to pay (record 30): it pays part or all of an order, like cash paid early,
 * and is never a discount. The order's total and its tax stay what they are; what is left to pay
 * goes online or to the door. Amounts in paise.
 */

/**
 * What a balance pays of an order: all of it up to the balance, never more than the order's total.
 * When it pays only part, it pays whole rupees, so that what is left to pay at the door or online is
 * whole rupees too, as the order's total is (record 34).
 */
export function storeCreditFor(total: number, balance: number): number {
  if (balance >= total) return Math.max(0, total);
  return Math.max(0, balance - (balance % 100));
}

/** What is left to pay of an order once its store credit is counted: online, or in cash at the door. */
export function amountToPay(order: { total: number; storeCreditUsed: number }): number {
  return order.total - order.storeCreditUsed;
}

/** A signed-in customer's store credit at checkout: what it could pay, whether it does, and what is left. */
export type StoreCreditOffer = {
  balance: number;
  /** What it would pay of this order. */
  usable: number;
  /** What it pays, now that the customer chose to use it (0 when not). */
  applied: number;
  /** What is left to pay after it. */
  toPay: number;
};

export function storeCreditOffer(total: number, balance: number, use: boolean): StoreCreditOffer {
  const usable = storeCreditFor(total, balance);
  const applied = use ? usable : 0;
  return { balance, usable, applied, toPay: total - applied };
}
