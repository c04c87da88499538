import { z } from "zod";
import { type Actor, actorLabel } from "#core/actor.ts";
import { assertCan } from "../access.ts";
import { orderSubject, recordAudit } from "../audit/audit.service.ts";
import type { Db, Executor } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { announceOrderEvent } from "../orders/order-feed.ts";
import { orderRow, orderRowForUpdate } from "../orders/order-rows.service.ts";
import { parseInput } from "../validation/fields.ts";
import { recordCashCollected, recordCashRemitted } from "./payment-ledger.ts";

/*
 * Cash on delivery's money (record 32): the buyer pays the courier at the door (the order's
 * delivery records it, or the administrator's "Cash collected" step before that), and the courier
 * later remits it to the shop, on a day and under a reference. The remittance is a service call so
 * that a courier's integration can make it from its own room with the courier's report, as the
 * administrator does from the order's screen today.
 */

const DAY_MS = 86_400_000;

/**
 * The administrator marks a cash-on-delivery order's cash as collected by the courier, once it has
 * shipped (delivery records it by itself); a second click changes nothing and says so.
 */
export async function markCashCollected(
  db: Db,
  actor: Actor,
  orderId: number,
  now: number = Date.now(),
): Promise<void> {
  assertCan(actor, "orders.manage");
  await db.transaction().execute(async (trx) => {
    const order = await orderRowForUpdate(trx, orderId);
    if (!order) throw new AppError("not-found", "This order could not be found.");
    if (order.paymentMethod !== "cod") throw new AppError("invalid-transition", "This order was not paid in cash.");
    if (order.paymentStatus !== "cod-due") {
      throw new AppError("invalid-transition", "The cash for this order is already marked as collected.");
    }
    if (order.status !== "shipped" && order.status !== "delivered") {
      throw new AppError("invalid-transition", "Cash is collected when the order is delivered: ship it first.");
    }
    await recordCashCollected(trx, order, now, `Marked by ${actorLabel(actor)}`);
    await recordAudit(trx, actor, { kind: "order.cash-collected", subject: orderSubject(order) }, now);
  });
  announceOrderEvent();
}

/** "2026-03-14" from a date field: the day the courier paid, noon in India. */
const remittanceDayField = z
  .string()
  .trim()
  .refine((value) => /^\d{4}-\d{2}-\d{2}$/.test(value), "Please choose the day the courier paid.")
  .transform((value) => Date.parse(`${value}T12:00:00+05:30`))
  .refine((value) => Number.isFinite(value), "Please choose the day the courier paid.");

/** What the administrator's remittance form posts. */
export const cashRemittanceFormSchema = z.object({
  remittedOn: remittanceDayField,
  reference: z
    .string()
    .trim()
    .min(4, "Enter the courier's remittance reference (its UTR or batch number).")
    .max(60, "The reference is too long (60 characters at most).")
    .regex(/^[A-Za-z0-9][A-Za-z0-9 /_.-]*$/, "A remittance reference has letters, digits and - / _ . only."),
});

/** A courier's remittance: the orders whose cash it paid over, the day, and its reference. */
export const cashRemittanceSchema = cashRemittanceFormSchema.extend({
  orderIds: z.array(z.number().int().positive()).min(1, "Which orders?").max(1000, "At most 1,000 orders at once."),
});

/**
 * The courier remitted the cash of these orders to the shop. All of them or none: each must be a
 * cash order whose cash was collected and not yet remitted (one that is not is named in the
 * refusal). The orders are held in the order of their ids, so two remittances at once cannot
 * deadlock each other; of two at once for the same order, one records it and the other is told.
 */
export async function recordCashRemittance(
  db: Db,
  actor: Actor,
  input: z.input<typeof cashRemittanceSchema>,
  now: number = Date.now(),
): Promise<{ remitted: number }> {
  assertCan(actor, "orders.manage");
  const { orderIds, remittedOn, reference } = parseInput(cashRemittanceSchema, input);
  if (remittedOn > now + DAY_MS) {
    throw new AppError("validation-failed", "The remittance day cannot be in the future.", {
      remittedOn: "Choose today or an earlier day.",
    });
  }
  const ids = [...new Set(orderIds)].sort((a, b) => a - b);
  await db.transaction().execute(async (trx) => {
    for (const orderId of ids) await remitOne(trx, orderId, { remittedAt: remittedOn, reference }, now, actor);
  });
  announceOrderEvent();
  return { remitted: ids.length };
}

/** One order of a remittance, held while it is checked and recorded; a refusal names the order. */
async function remitOne(
  trx: Executor,
  orderId: number,
  remittance: { remittedAt: number; reference: string },
  now: number,
  actor: Actor,
): Promise<void> {
  const order = await orderRowForUpdate(trx, orderId);
  if (!order) throw new AppError("not-found", "This order could not be found.");
  if (order.paymentMethod !== "cod") {
    throw new AppError("invalid-transition", `Order ${order.orderNumber} was not paid in cash.`);
  }
  if (order.paymentStatus === "cod-remitted") {
    throw new AppError("invalid-transition", `The cash of order ${order.orderNumber} is already remitted.`);
  }
  if (order.cashCollectedAt !== null && remittance.remittedAt < Number(order.cashCollectedAt) - DAY_MS) {
    throw new AppError(
      "validation-failed",
      `The courier cannot have remitted the cash of order ${order.orderNumber} before collecting it.`,
      { remittedOn: "Choose the day the courier paid." },
    );
  }
  if (!(await recordCashRemitted(trx, order, remittance, now, actorLabel(actor)))) {
    throw new AppError(
      "invalid-transition",
      `The cash of order ${order.orderNumber} has not been collected yet: it is remitted after delivery.`,
    );
  }
  await recordAudit(
    trx,
    actor,
    {
      kind: "order.cash-remitted",
      subject: orderSubject(order),
      after: { remittedOn: remittance.remittedAt, reference: remittance.reference },
    },
    now,
  );
}

/** The one order's remittance, as the administrator enters it on the order's screen. */
export async function recordOrderRemittance(
  db: Db,
  actor: Actor,
  orderId: number,
  input: z.input<typeof cashRemittanceFormSchema>,
  now: number = Date.now(),
): Promise<void> {
  assertCan(actor, "orders.manage");
  if (!(await orderRow(db, { id: orderId }))) throw new AppError("not-found", "This order could not be found.");
  await recordCashRemittance(db, actor, { ...input, orderIds: [orderId] }, now);
}
