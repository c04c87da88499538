import type { MessageDelivery } from "../db/schema.ts";

/**
 * How far a message's delivery got, as a number that only ever grows: the provider's status
 * reports arrive twice and out of order, and the highest one seen is the truth. "failed" outranks
 * "sent" (the message did not get there), but "delivered" and "read" outrank "failed": a message
 * that reached one of the buyer's devices reached them, whatever another device reported.
 */
export const DELIVERY_RANK: Readonly<Record<MessageDelivery, number>> = {
  sent: 10,
  failed: 15,
  delivered: 20,
  read: 30,
};

export function isDelivery(value: unknown): value is MessageDelivery {
  return typeof value === "string" && Object.hasOwn(DELIVERY_RANK, value);
}
