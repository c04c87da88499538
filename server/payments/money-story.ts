import type { Actor } from "#core/actor.ts";
import { PAYMENT_STATUS_LABELS } from "#core/payment-status.ts";
import { assertCan } from "../access.ts";
import { type ConfirmationState, confirmationStates } from "../cod-confirmation/cod-confirmation.service.ts";
import type { Db } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { orderRow } from "../orders/order-rows.service.ts";
import type { AdminOrderDetail } from "../orders/orders.schemas.ts";
import { orderForAdmin } from "../orders/orders.service.ts";
import { findPaymentEvents } from "./payments.repository.ts";

/** One money event of an order, as the administrator's order screen lists it. */
export type MoneyEvent = {
  at: number;
  /** What happened, in words. */
  label: string;
  /** Paise, or null when the event moved no money (a gateway order made). */
  amount: number | null;
  /** The gateway's id of the payment, order or refund, or the document's number. */
  reference: string | null;
  /** Something the administrator must look at: a mismatched amount, an unknown order. */
  flagged: boolean;
  note: string | null;
};

const LABELS: Record<string, string> = {
  "gateway-order": "Payment started at the gateway",
  "payment-captured": "Payment received",
  "order-paid": "Payment received (order paid)",
  reconciled: "Payment found by reconciliation",
  "payment-failed": "Payment attempt failed",
  "payment-expired": "Not paid in time: stock released",
  "amount-mismatch": "Payment refused: amount does not match",
  "refund-requested": "Refund asked for",
  "refund-created": "Refund sent to the gateway",
  "refund-processed": "Refund completed",
  "cod-collected": "Cash collected by the courier",
  "cod-remitted": "Cash remitted by the courier",
  "upi-refund-due": "Refund to UPI approved",
  "upi-refund-paid": "Refunded to UPI",
};

/**
 * Every money event of an order in one list, oldest first: the gateway's order, payments and their
 * failures, refunds, cash collected and remitted, store credit paid at checkout, and the tax invoice and credit
 * note with their amounts.
 */
export async function moneyStory(db: Db, actor: Actor, orderId: number): Promise<MoneyEvent[]> {
  assertCan(actor, "orders.view");
  const order = await orderRow(db, { id: orderId });
  if (!order) throw new AppError("not-found", "This order could not be found.");
  const events: MoneyEvent[] = (await findPaymentEvents(db, orderId)).map((event) => ({
    at: Number(event.at),
    label: LABELS[event.kind] ?? `Gateway event ${event.kind}`,
    amount: event.amount === null ? null : Number(event.amount),
    reference: event.reference,
    flagged: Number(event.flagged) === 1,
    note: event.note,
  }));
  if (order.invoiceNumber && order.invoiceDate !== null) {
    events.push({
      at: Number(order.invoiceDate),
      label: "Tax invoice issued",
      amount: order.total,
      reference: order.invoiceNumber,
      flagged: false,
      note: null,
    });
  }
  if (order.storeCreditUsed > 0) {
    events.push({
      at: Number(order.createdAt),
      label: "Paid by store credit",
      amount: Number(order.storeCreditUsed),
      reference: null,
      flagged: false,
      note: null,
    });
  }
  if (order.creditNoteNumber && order.creditNoteDate !== null) {
    events.push({
      at: Number(order.creditNoteDate),
      label: "Credit note issued",
      amount: -order.total,
      reference: order.creditNoteNumber,
      flagged: false,
      note: null,
    });
  }
  return events.sort((a, b) => a.at - b.at);
}

/** The administrator's order screen: the order with its e-way bill, and its money. */
export type AdminOrderWithMoney = AdminOrderDetail & {
  /** Every money event of the order, oldest first. */
  money: MoneyEvent[];
  /** Whether the administrator may mark its cash as collected now. */
  canCollectCash: boolean;
  /** Whether its cash is with the courier, so that the courier's remittance can be entered. */
  canRecordRemittance: boolean;
  /** A large cash order's wait for its buyer's confirmation, which shipping waits for; null when none was asked. */
  buyerConfirmation: ConfirmationState | null;
};

/** Cash the buyer paid at the door: with the courier, or remitted to the shop. */
const CASH_IN_HAND: readonly string[] = ["cod-collected", "cod-remitted"];

/**
 * Any order for the administrator (orders' own view, with its e-way bill) with its money: the
 * money story, and what may be recorded of its cash now. The administrator follows the cash to the
 * shop's account, so its money reads "Cash collected", then "Cash remitted".
 */
export async function adminOrderWithMoney(db: Db, actor: Actor, orderId: number): Promise<AdminOrderWithMoney> {
  const order = await orderForAdmin(db, actor, orderId);
  const { status } = order.payment;
  return {
    ...order,
    payment: CASH_IN_HAND.includes(status) ? { ...order.payment, label: PAYMENT_STATUS_LABELS[status] } : order.payment,
    money: await moneyStory(db, actor, orderId),
    canCollectCash: status === "cod-due" && (order.status === "shipped" || order.status === "delivered"),
    canRecordRemittance: status === "cod-collected",
    buyerConfirmation: (await confirmationStates(db, actor, [orderId])).get(orderId) ?? null,
  };
}
