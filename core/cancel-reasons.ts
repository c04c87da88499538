/*
 * Why an order was cancelled: a short list, so that the buyer's mail and the order page say it in
 * plain words and the shop can count the reasons. A customer picks from the first group on the
 * order page; the shop's administrator from either.
 */

export const CUSTOMER_CANCEL_REASONS = {
  "changed-mind": "Changed my mind",
  "ordered-by-mistake": "Ordered by mistake",
  "wrong-size": "Chose the wrong size or item",
  "wrong-address": "The delivery address is wrong",
  "too-slow": "It would arrive too late",
} as const;

export const SHOP_CANCEL_REASONS = {
  "customer-asked": "Cancelled at your request",
  "out-of-stock": "An item is no longer in stock",
  "address-unreachable": "Our courier cannot deliver to this address",
  "refused-on-delivery": "The parcel was refused at the door",
  "returned-to-sender": "The courier could not deliver it and brought it back to us",
} as const;

export type CustomerCancelReason = keyof typeof CUSTOMER_CANCEL_REASONS;
export type CancelReason = CustomerCancelReason | keyof typeof SHOP_CANCEL_REASONS;

const ALL_REASONS: Record<string, string> = { ...CUSTOMER_CANCEL_REASONS, ...SHOP_CANCEL_REASONS };

export const CUSTOMER_CANCEL_REASON_CODES = Object.keys(CUSTOMER_CANCEL_REASONS) as CustomerCancelReason[];
export const CANCEL_REASON_CODES = Object.keys(ALL_REASONS) as CancelReason[];

/** The reason in words, or null for an order cancelled before reasons were kept. */
export function cancelReasonLabel(code: string | null | undefined): string | null {
  return code ? (ALL_REASONS[code] ?? null) : null;
}
