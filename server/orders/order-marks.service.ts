import { z } from "zod";
import { type Actor, actorLabel, noteAuthor } from "#core/actor.ts";
import { amountToPay } from "#core/store-credit.ts";
import { assertCan } from "../access.ts";
import { orderSubject, recordAudit } from "../audit/audit.service.ts";
import type { Db, Executor } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { parseInput, requiredText } from "../validation/fields.ts";
import { assertMayOpenOrder } from "./order-index.service.ts";
import type { OrderRow } from "./order-machine.ts";
import {
  findOrderForUpdate,
  findOrderNotes,
  insertOrderNote,
  markConfirmed,
  markPackedOrder,
} from "./orders.repository.ts";

/*
 * The marks the order index works with (record 45), apart from the order machine's moves: a cash
 * order confirmed with the buyer (To confirm → To pack) and a parcel packed (To pack → To ship).
 * Each is one transaction on the order's locked row, with its audit entry, refused in the shop's
 * words when the order is not where the mark belongs.
 */

async function lockedOrder(trx: Executor, orderId: number): Promise<OrderRow> {
  const order = await findOrderForUpdate(trx, orderId);
  if (!order) throw new AppError("not-found", "This order could not be found.");
  return order;
}

function stillPlaced(order: OrderRow): void {
  if (order.status !== "placed") {
    throw new AppError("invalid-transition", `This order is ${order.status.replace(/-/g, " ")} already.`);
  }
}

/**
 * A cash order confirmed with the buyer (by phone, before it is packed). The back office confirms
 * through the buyer's confirmation room (`confirmWithBuyer`), which records the buyer's answer a
 * large cash order waits for in the same transaction (record 44).
 */
export async function confirmCashOrder(db: Db, actor: Actor, orderId: number, now: number = Date.now()): Promise<void> {
  assertCan(actor, "orders.manage");
  await db.transaction().execute((trx) => confirmCashOrderIn(trx, actor, orderId, now));
}

/** The confirmation in the caller's transaction, its permission checked by the caller: the locked order, the mark, its audit entry. */
export async function confirmCashOrderIn(trx: Executor, actor: Actor, orderId: number, now: number): Promise<void> {
  const order = await lockedOrder(trx, orderId);
  stillPlaced(order);
  if (order.paymentMethod !== "cod" || amountToPay(order) === 0)
    throw new AppError("invalid-transition", "Only a cash-on-delivery order is confirmed: this one is paid.");
  if (order.confirmedAt !== null) throw new AppError("invalid-transition", "This order is confirmed already.");
  if (!(await markConfirmed(trx, orderId, now, actorLabel(actor))))
    throw new AppError("stale-update", "This order was changed meanwhile. Please reload it.");
  await recordAudit(trx, actor, { kind: "order.confirmed", subject: orderSubject(order) }, now);
}

/** The buyer confirmed the order themselves (record 44's link): it is To pack, as if the shop had. */
export async function noteConfirmedByBuyer(trx: Executor, orderId: number, now: number): Promise<void> {
  await markConfirmed(trx, orderId, now, "buyer");
}

/** Whether an order may be packed: paid online, or cash confirmed (or wholly paid with store credit). */
export function readyToPack(
  order: Pick<OrderRow, "paymentMethod" | "paymentStatus" | "confirmedAt" | "total" | "storeCreditUsed">,
) {
  if (order.paymentMethod === "cod") return order.confirmedAt !== null || amountToPay(order) === 0;
  return order.paymentStatus === "paid";
}

/** The parcel is packed: it waits for the courier (To ship). */
export async function markPacked(db: Db, actor: Actor, orderId: number, now: number = Date.now()): Promise<void> {
  assertCan(actor, "orders.pack");
  await db.transaction().execute(async (trx) => {
    const order = await lockedOrder(trx, orderId);
    stillPlaced(order);
    if (order.packedAt !== null) throw new AppError("invalid-transition", "This order is packed already.");
    if (!readyToPack(order)) {
      throw new AppError(
        "invalid-transition",
        order.paymentMethod === "cod"
          ? "This cash order is not confirmed with the buyer yet: confirm it before packing."
          : "This order is not paid yet: it is packed once its payment has arrived.",
      );
    }
    if (!(await markPackedOrder(trx, orderId, now, actorLabel(actor))))
      throw new AppError("stale-update", "This order was changed meanwhile. Please reload it.");
    await recordAudit(trx, actor, { kind: "order.packed", subject: orderSubject(order) }, now);
  });
}

export const orderNoteSchema = z.object({
  body: requiredText("Please write the note.").pipe(z.string().max(2000, "A note must be at most 2,000 characters.")),
});

/** A note on the order, kept with who wrote it; the packing bench writes on the orders it may open. */
export async function addOrderNote(
  db: Db,
  actor: Actor,
  orderId: number,
  input: { body: string },
  now: number = Date.now(),
): Promise<void> {
  const { body } = parseInput(orderNoteSchema, input);
  await assertMayOpenOrder(db, actor, orderId);
  await db.transaction().execute(async (trx) => {
    const order = await lockedOrder(trx, orderId);
    await insertOrderNote(trx, {
      orderId,
      ...noteAuthor(actor),
      body,
      createdAt: now,
    });
    await recordAudit(trx, actor, { kind: "order.note", subject: orderSubject(order), after: { body } }, now);
  });
}

/** The order's notes, newest first. */
export async function orderNotes(db: Db, actor: Actor, orderId: number) {
  await assertMayOpenOrder(db, actor, orderId);
  const rows = await findOrderNotes(db, orderId);
  return rows.map((row) => ({ id: row.id, author: row.author, body: row.body, createdAt: Number(row.createdAt) }));
}
