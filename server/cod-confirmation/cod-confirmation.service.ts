import { createHash } from "node:crypto";
import { type Actor, actorLabel } from "#core/actor.ts";
import type { OrderStatus } from "#core/order-status.ts";
import { amountToPay } from "#core/store-credit.ts";
import { assertCan, assertCanAny } from "../access.ts";
import type { Db, Executor } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { randomId } from "../ids.ts";
import { rupeesText, tellBuyer } from "../messaging/messaging-on-orders.ts";
import { confirmCashOrderIn, noteConfirmedByBuyer } from "../orders/order-marks.service.ts";
import { orderRow } from "../orders/order-rows.service.ts";
import { cancelOrderAsBuyer } from "../orders/orders.service.ts";
import type { OrderRow } from "../processes/order-process.ts";
import { parseInput } from "../validation/fields.ts";
import {
  answerConfirmation,
  findConfirmationByTokenHash,
  findConfirmationOfOrder,
  findConfirmationsOf,
  insertConfirmation,
} from "./cod-confirmation.repository.ts";
import { type ConfirmationAnswerInput, confirmationAnswerSchema } from "./cod-confirmation.schemas.ts";

/*
 * A large cash order is confirmed by its buyer before it is packed (record 44). Cash on
 * delivery costs the shop a courier's round trip when the parcel is refused at the door, and a
 * buyer who never meant to order (or a stranger who typed their number) refuses it. The buyer is
 * sent a link (`/confirm/<code>`, no sign-in) by SMS, and by WhatsApp when they opted in; until
 * they confirm, the order cannot ship. Unanswered after 48 hours it is flagged to the
 * administrator, who calls the buyer: it is never cancelled by itself.
 */

/** After this long without an answer, the order is flagged for the administrator to call the buyer. */
export const CONFIRM_FLAG_AFTER_MS = 48 * 3_600_000;

export const AWAITING_MESSAGE =
  "This cash-on-delivery order awaits the buyer's confirmation: it cannot ship until they confirm it (or you record that they did by phone).";
export const LINK_NOT_VALID = "This confirmation link is not valid.";

/** Where a cash order stands with its buyer's confirmation. */
export type ConfirmationState = "awaiting" | "overdue" | "confirmed" | "cancelled";

/** The link's secret as it is kept: its SHA-256, so a copy of the table opens no order. */
function tokenHash(token: string): string {
  return createHash("sha256").update(`cod-confirmation\n${token}`).digest("hex");
}

/** 24 letters and digits (about 143 bits): unguessable, and short enough for an SMS variable. */
const TOKEN_LENGTH = 24;

/**
 * When a cash order stands with more to pay than the shop's threshold, its buyer is asked to
 * confirm it: the link's code is made now, kept only as a hash, and sent in the SMS (and WhatsApp).
 */
export async function askBuyerToConfirm(
  trx: Executor,
  order: OrderRow,
  threshold: number | null | undefined,
  now: number,
): Promise<boolean> {
  if (threshold === null || threshold === undefined) return false;
  if (order.paymentMethod !== "cod" || amountToPay(order) <= threshold) return false;
  const token = randomId(TOKEN_LENGTH);
  await insertConfirmation(trx, { orderId: order.id, tokenHash: tokenHash(token), askedAt: now });
  const values = { orderNumber: order.orderNumber, amount: rupeesText(amountToPay(order)), confirmCode: token };
  await tellBuyer(trx, order, "cod-confirm", values, now);
  return true;
}

/** The order ships only once its buyer has confirmed it, when it was asked to be. */
export async function assertConfirmedByBuyer(trx: Executor, order: OrderRow): Promise<void> {
  const confirmation = await findConfirmationOfOrder(trx, order.id);
  if (confirmation && confirmation.answer !== "confirmed") throw new AppError("invalid-transition", AWAITING_MESSAGE);
}

/** What the confirmation page shows: the order in short, and whether it may still be answered. */
export type ConfirmationPage = {
  orderNumber: string;
  name: string;
  toPay: number;
  itemCount: number;
  status: OrderStatus;
  answer: "confirmed" | "cancelled" | null;
  /** The order's own page, for the buyer to see it whole. */
  orderPath: string;
  /** Whether Confirm and Cancel are still offered (no answer yet, and the order has not moved on). */
  open: boolean;
};

async function confirmationOf(db: Db, token: string) {
  const found = /^[A-Za-z0-9]{24}$/.test(token) ? await findConfirmationByTokenHash(db, tokenHash(token)) : undefined;
  const order = found ? await orderRow(db, { id: found.orderId }) : undefined;
  if (!found || !order) throw new AppError("not-found", LINK_NOT_VALID);
  return { confirmation: found, order };
}

/** The page a confirmation link opens, for whoever holds the link (no sign-in: the link is the key). */
export async function confirmationPage(db: Db, token: string): Promise<ConfirmationPage> {
  const { confirmation, order } = await confirmationOf(db, token);
  return {
    orderNumber: order.orderNumber,
    name: order.name,
    toPay: amountToPay(order),
    itemCount: order.itemCount,
    status: order.status,
    answer: confirmation.answer,
    orderPath: `/orders/${order.accessToken}`,
    open: confirmation.answer === null && order.status === "placed",
  };
}

/**
 * The buyer's answer by the link: Confirm lets the order be packed; Cancel cancels it as the
 * buyer's own cancellation does (stock back, the cancelled mail), with the reason they chose. A
 * link answers once; an order that has shipped or was cancelled meanwhile takes no answer.
 */
export async function answerByBuyer(
  db: Db,
  actor: Actor,
  token: string,
  input: ConfirmationAnswerInput,
  now: number = Date.now(),
): Promise<"confirmed" | "cancelled"> {
  const answer = parseInput(confirmationAnswerSchema, input);
  const { confirmation, order } = await confirmationOf(db, token);
  if (confirmation.answer !== null || order.status !== "placed") {
    throw new AppError("invalid-transition", answeredMessage(confirmation.answer, order.status));
  }
  if (answer.answer === "cancel") {
    await cancelOrderAsBuyer(db, actor, { accessToken: order.accessToken }, { reason: answer.reason }, now);
    await answerConfirmation(db, order.id, { answer: "cancelled", answeredBy: "buyer", at: now });
    return "cancelled";
  }
  // Confirmed by its buyer, the order is To pack in the back office too (record 45), at once.
  await db.transaction().execute(async (trx) => {
    if (!(await answerConfirmation(trx, order.id, { answer: "confirmed", answeredBy: "buyer", at: now }))) {
      throw new AppError("stale-update", "This order was answered meanwhile. Please reload the page.");
    }
    await noteConfirmedByBuyer(trx, order.id, now);
  });
  return "confirmed";
}

function answeredMessage(answer: "confirmed" | "cancelled" | null, status: OrderStatus): string {
  if (answer === "confirmed") return "You have confirmed this order already. Thank you!";
  if (answer === "cancelled" || status === "cancelled") return "This order has been cancelled.";
  return "This order has left our warehouse: there is nothing left to confirm.";
}

/** The administrator records that the buyer confirmed by phone (after the order was flagged, say). */
export async function confirmForBuyer(db: Db, actor: Actor, orderId: number, now: number = Date.now()) {
  assertCan(actor, "orders.manage");
  const order = await orderRow(db, { id: orderId });
  const confirmation = order ? await findConfirmationOfOrder(db, orderId) : undefined;
  if (!order || !confirmation) throw new AppError("not-found", "This order does not wait for a confirmation.");
  if (order.status !== "placed") throw new AppError("invalid-transition", answeredMessage(null, order.status));
  await db.transaction().execute(async (trx) => {
    if (!(await answerConfirmation(trx, orderId, { answer: "confirmed", answeredBy: actorLabel(actor), at: now }))) {
      throw new AppError("invalid-transition", answeredMessage(confirmation.answer, order.status));
    }
    // The shop's confirmation of the back office's To confirm tab, with its audit entry (record 45).
    if (order.confirmedAt === null) await confirmCashOrderIn(trx, actor, orderId, now);
  });
}

/**
 * The back office's Confirm (record 45): a cash order confirmed with its buyer by phone. A large
 * one that waits for its buyer's own confirmation (record 44) has that answer recorded in the same
 * transaction, so it may ship; any other is confirmed as the shop's own mark.
 */
export async function confirmWithBuyer(db: Db, actor: Actor, orderId: number, now: number = Date.now()) {
  assertCan(actor, "orders.manage");
  await db.transaction().execute(async (trx) => {
    await confirmCashOrderIn(trx, actor, orderId, now);
    const confirmation = await findConfirmationOfOrder(trx, orderId);
    if (confirmation?.answer === null) {
      await answerConfirmation(trx, orderId, { answer: "confirmed", answeredBy: actorLabel(actor), at: now });
    }
  });
}

/** Where each of these orders stands with its buyer's confirmation (orders never asked are left out). */
export async function confirmationStates(
  db: Db,
  actor: Actor,
  orderIds: readonly number[],
  now: number = Date.now(),
): Promise<Map<number, ConfirmationState>> {
  assertCanAny(actor, ["orders.view", "orders.pack"]);
  const rows = await findConfirmationsOf(db, orderIds);
  return new Map(rows.map((row) => [row.orderId, stateOf(row, now)]));
}

function stateOf(row: { askedAt: number; answer: "confirmed" | "cancelled" | null }, now: number): ConfirmationState {
  if (row.answer) return row.answer;
  return Number(row.askedAt) < now - CONFIRM_FLAG_AFTER_MS ? "overdue" : "awaiting";
}
