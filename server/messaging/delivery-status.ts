import type { Executor, MessageDelivery } from "../db/schema.ts";
import { firstReceiptError, furthestReceipt, raiseDelivery, recordDeliveryError } from "./messages.repository.ts";

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

/**
 * Brings a message's delivery up to the furthest status its provider reported, and its first error.
 * Safe to run any number of times; run after the report or the send has committed, so that of two
 * racing writers the later one always sees the other's row.
 */
export async function applyReceipts(executor: Executor, providerMessageId: string): Promise<void> {
  const furthest = await furthestReceipt(executor, providerMessageId);
  if (furthest && isDelivery(furthest.status)) {
    await raiseDelivery(executor, providerMessageId, furthest.status, DELIVERY_RANK[furthest.status], furthest.at);
  }
  const error = await firstReceiptError(executor, providerMessageId);
  if (error) await recordDeliveryError(executor, providerMessageId, error);
}
