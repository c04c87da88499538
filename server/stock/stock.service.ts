import type { Actor } from "#core/actor.ts";
import { reorderPointOf, stockChangeShows } from "#core/stock.ts";
import type { Executor, StockReason } from "../db/schema.ts";
import {
  addSoldCount,
  findSizeStock,
  findSizesOf,
  insertLowStockAlert,
  insertMovement,
  markAwaitingCheckIn,
  markCheckedIn,
  moveStock,
} from "./stock.repository.ts";

/*
 * Stock is counted, not overwritten (record 46): every change of a size's stock is a movement with
 * its reason and who made it, written in the transaction of what caused it (an order, a
 * cancellation, a return, a parcel come back, a receipt, a correction, a count), and the size's
 * stock is their sum. Pieces are taken when an order is placed (or paid again after its payment
 * window closed), put back when it is cancelled or returned to origin, and held for a size exchange.
 * Every take is a guarded change, so stock never goes below zero, and rows are always taken in the
 * same order, so two orders at once cannot deadlock each other. A size that falls to its reorder
 * point is noted once per fall for the owner's daily digest.
 */

/** Pieces of one size of one product. */
export type Pieces = { productId: number; size: string; quantity: number };

/** Who moved stock: a staff member or a buyer (with their account), or the shop, a guest, a courier. */
export type StockBy = { userId: string | null; name: string };

/** Why stock moved, who moved it, and what it belongs to. */
export type StockCause = {
  reason: StockReason;
  by: StockBy;
  orderId?: number | null;
  returnId?: number | null;
  note?: string | null;
  now?: number;
};

/** How a movement names who made it. */
export function stockByOf(actor: Actor): StockBy {
  if (actor.kind === "user") return { userId: actor.userId, name: actor.email };
  return { userId: null, name: actor.kind === "system" ? "Shop" : "Guest" };
}

/** Stock rows are always taken in the same order, so two orders at once cannot deadlock each other. */
export function inLockOrder<T extends { productId: number; size: string }>(lines: readonly T[]): T[] {
  return [...lines].sort((a, b) => a.productId - b.productId || a.size.localeCompare(b.size));
}

/**
 * Changes one size's stock by `change` pieces with its movement, unless that would take it below
 * zero (or the size does not exist): then null and nothing written. Answers the stock before and after.
 */
export async function moveSizeStock(
  trx: Executor,
  pieces: { productId: number; size: string; change: number },
  cause: StockCause,
): Promise<{ before: number; after: number } | null> {
  const moved = await moveStock(trx, pieces.productId, pieces.size, pieces.change);
  if (!moved) return null;
  const now = cause.now ?? Date.now();
  const before = moved.stock - pieces.change;
  await insertMovement(trx, {
    productId: pieces.productId,
    size: pieces.size,
    reason: cause.reason,
    quantity: pieces.change,
    stockAfter: moved.stock,
    note: cause.note ?? null,
    userId: cause.by.userId,
    byName: cause.by.name,
    orderId: cause.orderId ?? null,
    returnId: cause.returnId ?? null,
    createdAt: now,
  });
  const reorderPoint = reorderPointOf(moved.reorderPoint);
  if (before > reorderPoint && moved.stock <= reorderPoint) {
    await insertLowStockAlert(trx, {
      productId: pieces.productId,
      size: pieces.size,
      stock: moved.stock,
      reorderPoint,
      crossedAt: now,
    });
  }
  return { before, after: moved.stock };
}

/**
 * Takes the pieces of every line, all of them or none, and counts them as sold. Answers whether a
 * page would now show something else (few left, or sold out); or, when a size has too few, that
 * line and how many are left (the caller's transaction is rolled back by its refusal).
 */
export async function takeStock<T extends Pieces>(
  trx: Executor,
  lines: readonly T[],
  cause: StockCause,
): Promise<{ taken: true; shows: boolean } | { taken: false; short: T; left: number }> {
  let shows = false;
  const taken: T[] = [];
  for (const line of inLockOrder(lines)) {
    const moved = await moveSizeStock(trx, { ...line, change: -line.quantity }, cause);
    if (!moved) {
      // Put back what was taken, with movements that say so, for a caller that carries on.
      for (const back of taken)
        await moveSizeStock(trx, { ...back, change: back.quantity }, { ...cause, reason: "cancelled" });
      return { taken: false, short: line, left: (await findSizeStock(trx, line.productId, line.size))?.stock ?? 0 };
    }
    taken.push(line);
    shows ||= stockChangeShows(moved.before, moved.after);
  }
  for (const line of inLockOrder(lines)) await addSoldCount(trx, line.productId, line.quantity);
  return { taken: true, shows };
}

/** Puts the pieces of every line back on the shelf, sold no more; answers whether a page now shows something else. */
export async function putBackStock(trx: Executor, lines: readonly Pieces[], cause: StockCause): Promise<boolean> {
  let shows = false;
  for (const line of inLockOrder(lines)) {
    const moved = await moveSizeStock(trx, { ...line, change: line.quantity }, cause);
    await addSoldCount(trx, line.productId, -line.quantity);
    if (moved) shows ||= stockChangeShows(moved.before, moved.after);
  }
  return shows;
}

/** A parcel that left the warehouse came back unsold: its pieces wait for it to be checked in. */
export async function awaitCheckIn(trx: Executor, orderId: number): Promise<void> {
  await markAwaitingCheckIn(trx, orderId);
}

/**
 * The returned parcel is checked in at the warehouse: its pieces go back on the shelf, once (a
 * second click or node finds it done and puts nothing back). Answers null when the order had no
 * parcel waiting, else whether a page now shows something else.
 */
export async function checkInPieces(
  trx: Executor,
  orderId: number,
  lines: readonly Pieces[],
  checkedIn: { by: StockBy; now: number },
): Promise<boolean | null> {
  if (!(await markCheckedIn(trx, orderId, checkedIn.now))) return null;
  return putBackStock(trx, lines, { reason: "rto", orderId, note: "Parcel checked in", ...checkedIn });
}

/** Holds pieces of a size (an exchange's new size): false when the shelf has too few. */
export async function holdSize(trx: Executor, pieces: Pieces, cause: StockCause): Promise<boolean> {
  return (await moveSizeStock(trx, { ...pieces, change: -pieces.quantity }, cause)) !== null;
}

/**
 * Puts pieces of a size back on the shelf without touching the sold count: a returned piece, or an
 * exchange's held size when the exchange is rejected (neither was a sale of its own).
 */
export async function shelvePieces(trx: Executor, pieces: Pieces, cause: StockCause): Promise<void> {
  await moveSizeStock(trx, { ...pieces, change: pieces.quantity }, cause);
}

/**
 * Sets a size's stock to what was counted, as a movement of the difference (nothing when it is the
 * same). A sale between the count and this write is kept: the difference is taken from the stock
 * as it is now, read under the row's lock by the guarded change.
 */
export async function countStock(
  trx: Executor,
  count: { productId: number; size: string; counted: number },
  cause: StockCause,
): Promise<void> {
  const current = await findSizeStock(trx, count.productId, count.size);
  if (!current || current.stock === count.counted) return;
  await moveSizeStock(
    trx,
    { productId: count.productId, size: count.size, change: count.counted - current.stock },
    cause,
  );
}

/** Whether a product has a size of this name. */
export async function sizeExists(executor: Executor, productId: number, size: string): Promise<boolean> {
  return (await findSizeStock(executor, productId, size)) !== undefined;
}

/** A product's sizes with their stock, SKU, barcode and reorder point, in the catalogue's order. */
export function sizesOf(executor: Executor, productId: number) {
  return findSizesOf(executor, productId);
}
