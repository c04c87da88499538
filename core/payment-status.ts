/**
 * How an order's money stands, apart from where its parcel is (core/order-status.ts): cash on
 * delivery due, collected by the courier at the door, or remitted by the courier to the shop; an
 * online payment awaited, paid, failed (not paid in time: the stock went back), or refunded
 * (records 24 and 32). Once an order has payments, this is derived from them (derivePaymentStatus).
 */
export type PaymentStatus =
  | "cod-due"
  | "cod-collected"
  | "cod-remitted"
  | "awaiting"
  | "paid"
  | "failed"
  | "refunding"
  | "refunded";

export type PaymentMethod = "cod" | "online";

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  "cod-due": "Cash on delivery",
  "cod-collected": "Cash collected",
  "cod-remitted": "Cash remitted",
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

/** One payment of an order as the derivation reads it (record 32). */
export type PaymentRecord = { method: "online" | "cash"; kept: number; status: string };

/**
 * The order's money, from its payments: its cash (collected, or remitted by the courier), or its
 * kept online payments (paid while one still holds the money, refunding, refunded). Payments it did
 * not keep (a second payment, going back) never change it; an order without payments keeps the
 * status it has (cash due, awaiting or failed, or paid by store credit).
 */
export function derivePaymentStatus(current: PaymentStatus, payments: readonly PaymentRecord[]): PaymentStatus {
  const kept = payments.filter((payment) => Number(payment.kept) === 1);
  const cash = kept.find((payment) => payment.method === "cash");
  if (cash) return cash.status === "remitted" ? "cod-remitted" : "cod-collected";
  const online = kept.filter((payment) => payment.method === "online");
  if (online.length === 0) return current;
  if (online.some((payment) => payment.status === "paid")) return "paid";
  return online.some((payment) => payment.status === "refunding") ? "refunding" : "refunded";
}

/** Money the buyer has paid, whoever holds it now: online, or in cash at the door. */
export const PAID_STATUSES: readonly PaymentStatus[] = ["paid", "cod-collected", "cod-remitted"];

/**
 * How an order is paid and where its money stands, said once: "Online · Paid"; for cash the label
 * says it already when it speaks of cash ("Cash on delivery", "Cash collected"), else it is
 * "Cash on delivery · Not paid: the parcel was refused".
 */
export function paymentWords(method: PaymentMethod, label: string): string {
  if (method === "online") return `Online · ${label}`;
  return /cash/i.test(label) ? label : `Cash on delivery · ${label}`;
}
