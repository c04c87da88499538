import { z } from "zod";
import type { Actor } from "#core/actor.ts";
import { orderPathFor } from "#core/order-paths.ts";
import { maskUpiId, UTR_PATTERN } from "#core/returns.ts";
import { assertAdmin } from "../access.ts";
import type { Db } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { queueMail } from "../mail/mail.service.ts";
import { findOrderForUpdate, findOrderLines } from "../orders/orders.repository.ts";
import {
  clearPaymentEventFlag,
  findReturnRefund,
  markUpiRefundPaid,
  recordPaymentEvent,
} from "../payments/payments.repository.ts";
import { decimalInteger, parseInput } from "../validation/fields.ts";
import { findReturn } from "./returns.repository.ts";

/*
 * A return's refund to a UPI ID (record 32): the administrator sends the money from the shop's
 * bank and enters the transfer's UTR here. Until then the return reads "Refund approved"; after,
 * "Refunded", and the shopper is mailed the masked UPI ID and the UTR to match in their bank app.
 */

export const upiRefundSchema = z.object({
  returnId: decimalInteger("Which return?", 1, Number.MAX_SAFE_INTEGER),
  utr: z
    .string()
    .trim()
    .transform((value) => value.replace(/\s+/g, ""))
    .refine((value) => UTR_PATTERN.test(value), "A UPI transaction reference (UTR) is 12 digits."),
});

/** The administrator made the UPI transfer of a return's refund: its UTR is kept, once. */
export async function recordUpiRefund(
  db: Db,
  actor: Actor,
  input: z.input<typeof upiRefundSchema>,
  now: number = Date.now(),
): Promise<void> {
  assertAdmin(actor);
  const { returnId, utr } = parseInput(upiRefundSchema, input);
  await db.transaction().execute(async (trx) => {
    const request = await findReturn(trx, returnId);
    if (!request) throw new AppError("not-found", "This return could not be found.");
    const order = await findOrderForUpdate(trx, request.orderId);
    const refund = await findReturnRefund(trx, returnId);
    if (!order || refund?.via !== "upi") {
      throw new AppError("invalid-transition", "This return has no refund to a UPI ID to pay.");
    }
    const paid = await markUpiRefundPaid(trx, returnId, utr, now);
    if (!paid)
      throw new AppError("invalid-transition", `This refund was already recorded as paid (UTR ${refund.refundId}).`);
    await clearPaymentEventFlag(trx, `return-refund:${returnId}`);
    await recordPaymentEvent(trx, {
      orderId: order.id,
      eventId: null,
      kind: "upi-refund-paid",
      amount: Number(paid.amount),
      currency: "INR",
      reference: utr,
      note: `to UPI ID ${request.upiId ?? ""} · return ${returnId}`,
      at: now,
    });
    const line = (await findOrderLines(trx, order.id)).find((entry) => entry.position === request.position);
    const orderPath = orderPathFor(order);
    await queueMail(
      trx,
      {
        kind: "return-status",
        to: order.email,
        payload: {
          orderNumber: order.orderNumber,
          name: order.name,
          status: "refunded",
          title: line?.title ?? "",
          size: line?.size ?? "",
          quantity: request.quantity,
          exchangeSize: null,
          amount: Number(paid.amount),
          refundMethod: "upi",
          storeCreditBack: 0,
          rejectReason: null,
          selfShip: request.selfShip === 1,
          orderPath,
          creditNotePath: request.creditNoteNumber ? `${orderPath}/returns/${request.id}/credit-note` : null,
          refundDone: true,
          upiId: request.upiId ? maskUpiId(request.upiId) : null,
          utr,
        },
      },
      now,
    );
  });
}
