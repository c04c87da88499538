import { z } from "zod";
import type { Actor } from "#core/actor.ts";
import { UTR_PATTERN } from "#core/returns.ts";
import { assertCan } from "../access.ts";
import { recordAudit } from "../audit/audit.service.ts";
import type { Db } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { queueReturnStatusMail } from "../mail/status-mails.ts";
import { orderLines, orderRowForUpdate } from "../orders/order-rows.service.ts";
import { recordUpiRefundPaid, returnRefundOf } from "../payments/refunds.ts";
import { decimalInteger, parseInput } from "../validation/fields.ts";
import { current } from "./return-machine.ts";
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
  assertCan(actor, "returns.manage");
  const { returnId, utr } = parseInput(upiRefundSchema, input);
  await db.transaction().execute(async (trx) => {
    const request = await findReturn(trx, returnId);
    if (!request) throw new AppError("not-found", "This return could not be found.");
    const order = await orderRowForUpdate(trx, request.orderId);
    const refund = await returnRefundOf(trx, returnId);
    if (!order || refund?.via !== "upi") {
      throw new AppError("invalid-transition", "This return has no refund to a UPI ID to pay.");
    }
    const paid = await recordUpiRefundPaid(trx, { orderId: order.id, returnId, utr, upiId: request.upiId }, now);
    if (!paid)
      throw new AppError("invalid-transition", `This refund was already recorded as paid (UTR ${refund.refundId}).`);
    await recordAudit(
      trx,
      actor,
      {
        kind: "return.upi-refund",
        subject: { type: "return", id: returnId, label: `${order.orderNumber} · return ${returnId}` },
        after: { amount: paid.amount, utr },
      },
      now,
    );
    const line = (await orderLines(trx, order.id)).find((entry) => entry.position === request.position);
    // The refunded step's mail again, now with the transfer's UTR: the money has reached the shopper.
    await queueReturnStatusMail(
      trx,
      { order, line: { title: line?.title ?? "", size: line?.size ?? "" }, request: await current(trx, returnId) },
      now,
      { status: "refunded", amount: paid.amount, refundMethod: "upi", storeCreditBack: 0, refundDone: true, utr },
    );
  });
}
