import type { RefundMethod } from "#core/returns.ts";
import type { Executor } from "../db/schema.ts";
import { orderTaxRows } from "../invoices/invoicing.ts";
import { offerShareOfReturn } from "../offers/offer-redemption.ts";
import { askReturnRefund, noteReturnRefund } from "../payments/refunds.ts";
import { giveBackRedeemedPoints, takeBackEarnedPoints } from "../rewards/rewards.service.ts";
import { creditBackSpentOnReturn, creditFromReturn } from "../store-credit/store-credit.service.ts";
import { amountOf } from "./return-shares.ts";
import type { OrderRow } from "./returned-order.ts";
import { findDocumentLines, setStoreCreditBack, sumStoreCreditBack } from "./returns.repository.ts";

/*
 * What an accepted return settles besides its credit note (record 30): the points of the returned
 * pieces, and the money. The money goes back once, store credit first: the part of the order that
 * was paid with store credit comes back as store credit (up to what was paid with it, over all the
 * order's returns), and the rest the way the order was paid: through the gateway, as store credit
 * for a cash order, or by UPI transfer.
 */

type Accepted = { id: number; amount: number; refundMethod: RefundMethod | null; upiId: string | null };

/**
 * The points the returned pieces were bought with come back, then the points they earned go: from
 * the balance as far as it holds them, the rest owed and cleared by later earnings (record 34), so
 * the balance never goes below zero and a customer cannot keep points for pieces they gave back.
 */
export async function takeBackPoints(
  trx: Executor,
  order: OrderRow,
  request: { amount: number; roundOff?: number; id: number; position: number; quantity: number },
  now: number,
): Promise<void> {
  if (!order.userId) return;
  const lines = await findDocumentLines(trx, "credit-note", request.id);
  // The pieces' discount is their offers' share and their points' share: only the points come back.
  const offered = await offerShareOfReturn(trx, order.id, request.position, request.quantity);
  const spent = Math.floor((lines.reduce((sum, line) => sum + line.discount, 0) - offered) / 100);
  if (spent > 0 && order.pointsRedeemed > 0) {
    const points = Math.min(spent, order.pointsRedeemed);
    await giveBackRedeemedPoints(trx, { userId: order.userId, orderId: order.id, points, returnId: request.id }, now);
  }
  const goodsPaid = (await orderTaxRows(trx, order.id))
    .filter((row) => row.kind === "goods")
    .reduce((sum, row) => sum + amountOf(row), 0);
  // The pieces' share of what the goods were paid: the credit note's value before its round off.
  const returned = request.amount - (request.roundOff ?? 0);
  const earned = goodsPaid > 0 ? Math.floor((order.pointsEarned * returned) / goodsPaid) : 0;
  await takeBackEarnedPoints(
    trx,
    { userId: order.userId, orderId: order.id, points: earned, returnId: request.id },
    now,
  );
}

/**
 * The refund goes out once, store credit first (the caller holds the order's row, so two returns of
 * one order accepted at once share its store credit out one after the other); the rest by its own
 * key at the gateway, a unique ledger entry, or one UPI transfer to make.
 */
export async function sendMoneyBack(trx: Executor, order: OrderRow, request: Accepted, now: number): Promise<void> {
  if (request.amount <= 0) return;
  const rest = request.amount - (await spentCreditFirst(trx, order, request, now));
  if (rest <= 0) return;
  if (request.refundMethod === "gateway" && order.paymentId) {
    const refund = { orderId: order.id, paymentId: order.paymentId, amount: rest, returnId: request.id };
    await askReturnRefund(trx, { ...refund, via: "gateway" }, now);
  } else if (request.refundMethod === "store-credit" && order.userId) {
    await creditFromReturn(trx, { userId: order.userId, orderId: order.id, returnId: request.id, amount: rest }, now);
    return;
  } else if (request.refundMethod === "upi") {
    // A refund of the order's cash, to be paid by hand: "Refund approved" until its UTR is entered.
    const refund = { orderId: order.id, paymentId: `cash:${order.id}`, amount: rest, returnId: request.id };
    await askReturnRefund(trx, { ...refund, via: "upi" }, now);
  }
  const toUpi = request.refundMethod === "upi";
  await noteReturnRefund(
    trx,
    {
      orderId: order.id,
      returnId: request.id,
      amount: rest,
      toUpi,
      reference: toUpi ? request.upiId : order.paymentId,
    },
    now,
  );
}

/**
 * The part of a return's money that the order paid with store credit, given back as store credit:
 * up to what the order paid with it, less what its earlier returns gave back. Kept on the return.
 */
async function spentCreditFirst(trx: Executor, order: OrderRow, request: Accepted, now: number): Promise<number> {
  if (!order.userId || order.storeCreditUsed <= 0) return 0;
  const left = order.storeCreditUsed - (await sumStoreCreditBack(trx, order.id));
  const back = Math.min(request.amount, Math.max(0, left));
  if (back <= 0) return 0;
  const entry = { userId: order.userId, orderId: order.id, returnId: request.id, amount: back };
  if (!(await creditBackSpentOnReturn(trx, entry, now))) return 0;
  await setStoreCreditBack(trx, request.id, back);
  return back;
}
