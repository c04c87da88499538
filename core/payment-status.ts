/**
 * How an order's money stands, apart from where its parcel is (core/order-status.ts): cash on
 * delivery due or collected, an online payment awaited, paid, failed (not paid in time: the stock
 * went back), or refunded (record 24).
 */
export type PaymentStatus = "cod-due" | "cod-collected" | "awaiting" | "paid" | "failed" | "refunding" | "refunded";

export type PaymentMethod = "cod" | "online";

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  "cod-due": "Cash on delivery",
  "cod-collected": "Cash collected",
  awaiting: "Awaiting payment",
  paid: "Paid",
  failed: "Payment failed",
  refunding: "Refund on its way",
  refunded: "Refunded",
};

/** Where a refund goes and how long it takes, as the order page and the mail say it. */
export const REFUND_NOTE =
  "The money goes back to the UPI account, card or bank account you paid with, usually within 5–7 working days.";

/** How long an online order holds its stock while it waits for the payment. */
export const PAYMENT_WINDOW_MS = 15 * 60 * 1000;
