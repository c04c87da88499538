import { type Actor, actorLabel } from "#core/actor.ts";
import { ORDER_TRANSITIONS, type OrderStatus } from "#core/order-status.ts";
import type { Executor } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import {
  type MoveDetails,
  type OrderLineRow,
  type OrderMove,
  type OrderRow,
  orderProcessSlot,
} from "../processes/order-process.ts";
import { recordStatusChange } from "./order-events.repository.ts";
import { findOrderForUpdate, findOrderLines, updateStatusIf } from "./orders.repository.ts";

/*
 * The order's life as a transition table (the allowed moves are core's ORDER_TRANSITIONS). The
 * conditions and effects of each move are not this file's: the rooms that react contribute them
 * from their own room (server/processes/order-process.ts), and the shop's composition step
 * (server/shop-processes.ts) installs them in the order they run. A move runs inside the caller's
 * transaction: the order is read under the lock the move writes with, it must meet the conditions
 * of the status it goes to, the status changes only if the order still has the status it was
 * decided from, then each effect runs in order, and the history entry (which feeds the
 * administrators' live view) is written last. If anything fails, nothing of the move stays. With
 * no process installed the machine refuses to move at all.
 */

export type { MoveDetails, OrderRow };

/** Whether the table allows an order to move from one status to another. */
export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

/**
 * Moves an order from the status it was seen in to another, with every effect of the move, inside
 * the given transaction. Of two moves decided from the same status at once, one wins and the other
 * is refused as stale.
 */
export async function moveOrder(
  trx: Executor,
  request: { orderId: number; from: OrderStatus; to: OrderStatus; actor: Actor; now: number; details?: MoveDetails },
): Promise<{ order: OrderRow; catalogueChanged: boolean }> {
  const { orderId, from, to, actor, now, details = {} } = request;
  const process = orderProcessSlot.installed();
  if (!canTransition(from, to)) throw new AppError("invalid-transition", `An order cannot go from ${from} to ${to}.`);
  // Read under the lock the move writes with: a payment taken meanwhile is seen, never overwritten.
  const order = await findOrderForUpdate(trx, orderId);
  if (!order) throw new AppError("not-found", "This order could not be found.");
  for (const guard of process.guardsOf(to)) await guard(order, trx);
  // The tracking page and the confirmation threshold are for the effects (mails, messages); the order keeps the courier's details only.
  const { trackingPath: _forTheMessages, codConfirmAbove: _forTheConfirmation, ...kept } = details;
  if (!(await updateStatusIf(trx, orderId, from, to, now, kept))) {
    throw new AppError("stale-update", "This order was changed meanwhile. Please reload it.");
  }
  const move: OrderMove = {
    trx,
    order,
    from,
    to,
    actor,
    now,
    changed: { catalogue: false },
    details,
    lines: once(() => findOrderLines(trx, orderId)),
  };
  for (const effect of process.effectsOf(to)) await effect(move);
  // Last, as it holds the other writers of order events until this commits.
  await recordStatusChange(trx, { orderId, fromStatus: from, toStatus: to, actor: actorLabel(actor), at: now });
  return { order, catalogueChanged: move.changed.catalogue };
}

/**
 * An order now stands (a cash order as it is placed, an online order when its payment is taken):
 * the effects registered on arriving at "placed" run, in order, inside the caller's transaction.
 * Placing is not a move of the table (nothing moves to "placed"), so there is no guard, no status
 * to change and no history entry: the placement wrote its own.
 */
export async function announcePlacement(
  trx: Executor,
  request: { orderId: number; actor: Actor; now: number; details?: MoveDetails },
): Promise<void> {
  const { orderId, actor, now, details = {} } = request;
  const process = orderProcessSlot.installed();
  const order = await findOrderForUpdate(trx, orderId);
  if (!order) throw new AppError("not-found", "This order could not be found.");
  const move: OrderMove = {
    trx,
    order,
    from: "placed",
    to: "placed",
    actor,
    now,
    changed: { catalogue: false },
    details,
    lines: once(() => findOrderLines(trx, orderId)),
  };
  for (const effect of process.effectsOf("placed")) await effect(move);
}

/** Reads the order's lines the first time an effect asks, and hands every later one the same. */
function once(read: () => Promise<OrderLineRow[]>): () => Promise<readonly OrderLineRow[]> {
  let lines: Promise<OrderLineRow[]> | null = null;
  return () => {
    lines ??= read();
    return lines;
  };
}
