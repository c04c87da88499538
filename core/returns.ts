/*
 * Returns and size exchanges of delivered pieces (record 30): the shopper's reasons, the steps of a
 * request, and how the money goes back. Client-safe: the order page and the admin's queue read the
 * same words.
 */

export const RETURN_REASONS = {
  "too-small": "Too small",
  "too-large": "Too large",
  "not-as-pictured": "Not as pictured",
  defective: "Defective",
  "changed-mind": "Changed my mind",
} as const;
export type ReturnReason = keyof typeof RETURN_REASONS;
export const RETURN_REASON_KEYS = Object.keys(RETURN_REASONS) as ReturnReason[];

export type ReturnKind = "refund" | "exchange";

/** Where a refund goes: back through the gateway (online orders), store credit or a UPI transfer (cash orders). */
export type RefundMethod = "gateway" | "store-credit" | "upi";

export type ReturnStatus =
  | "requested"
  | "pickup-scheduled"
  | "picked-up"
  | "received"
  | "refunded"
  | "exchange-accepted"
  | "exchange-shipped"
  | "rejected";

export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  requested: "Requested",
  "pickup-scheduled": "Pickup scheduled",
  "picked-up": "Picked up",
  received: "Received",
  refunded: "Refunded",
  "exchange-accepted": "Exchange accepted",
  "exchange-shipped": "Exchange shipped",
  rejected: "Rejected",
};

/**
 * The steps a request may take. "received" is the quality check: accepting it refunds, or accepts
 * the exchange (whose new size is then packed); rejecting it sends the parcel back with a reason.
 * An accepted exchange's replacement then ships as an order does, with its courier and tracking
 * number (record 36).
 */
export const RETURN_TRANSITIONS: Record<ReturnStatus, readonly ReturnStatus[]> = {
  requested: ["pickup-scheduled", "rejected"],
  "pickup-scheduled": ["picked-up", "rejected"],
  "picked-up": ["received"],
  received: ["refunded", "exchange-accepted", "rejected"],
  refunded: [],
  "exchange-accepted": ["exchange-shipped"],
  "exchange-shipped": [],
  rejected: [],
};

export const RETURN_STATUSES = Object.keys(RETURN_TRANSITIONS) as ReturnStatus[];

/** Whether a request is closed: nothing more happens to it. */
export function returnIsClosed(status: ReturnStatus): boolean {
  return RETURN_TRANSITIONS[status].length === 0;
}

/** A UPI ID (virtual payment address): "name@bank", 2–256 characters of letters, digits, ".", "-", "_". */
export const UPI_ID_PATTERN = /^[a-zA-Z0-9._-]{2,256}@[a-zA-Z][a-zA-Z0-9.-]{1,63}$/;

export function isValidUpiId(value: string): boolean {
  return UPI_ID_PATTERN.test(value.trim());
}

/** What the order page says of when the money arrives. */
export const REFUND_TIMING: Record<RefundMethod, string> = {
  gateway: "to the account you paid with, usually within 5–7 working days after we receive the parcel",
  "store-credit": "as store credit, the moment we accept the parcel",
  upi: "to your UPI ID within 2 working days after we accept the parcel",
};

export const NON_RETURNABLE_NOTE = "This piece cannot be returned.";

/**
 * What a return's step reads as, with its money (record 32): an accepted refund whose money has not
 * reached the shopper yet (a UPI transfer not yet made, a gateway refund not yet processed) is
 * "Refund approved"; "Refunded" only once it has.
 */
export function returnStepLabel(status: ReturnStatus, refundStatus: string | null | undefined): string {
  if (status === "refunded" && refundStatus && refundStatus !== "processed") return "Refund approved";
  return RETURN_STATUS_LABELS[status];
}

/** A UPI ID as mails and documents show it: "as•••••@okicici" (the bank's handle whole, the name hidden). */
export function maskUpiId(upiId: string): string {
  const [name = "", handle = ""] = upiId.trim().split("@");
  return `${name.slice(0, 2)}${"•".repeat(Math.max(3, name.length - 2))}@${handle}`;
}

/** A UPI transaction reference (UTR, the RRN the payer's bank app shows): 12 digits. */
export const UTR_PATTERN = /^\d{12}$/;
