import { stockChangeShows } from "#core/stock.ts";
import type { Executor } from "../db/schema.ts";
import {
  addSoldCount,
  decrementStock,
  findSizeStock,
  findSizesOf,
  incrementStock,
  markAwaitingCheckIn,
  markCheckedIn,
} from "./stock.repository.ts";

/*
 * Stock moves (record 37): pieces are taken when an order is placed (or paid again after its
 * payment window closed), put back when it is cancelled or returned to origin, and held for a size
 * exchange. Every take is a guarded decrement, so stock never goes below zero, and rows are always
 * taken in the same order, so two orders at once cannot deadlock each other.
 */

/** Pieces of one size of one product. */
export type Pieces = { productId: number; size: string; quantity: number };

/** Stock rows are always taken in the same order, so two orders at once cannot deadlock each other. */
export function inLockOrder<T extends { productId: number; size: string }>(lines: readonly T[]): T[] {
  return [...lines].sort((a, b) => a.productId - b.productId || a.size.localeCompare(b.size));
}

/**
 * Takes the pieces of every line, all of them or none, and counts them as sold. Answers whether a
 * page would now show something else (few left, or sold out); or, when a size has too few, that
 * line and how many are left (the pieces taken before it are put back).
 */
export async function takeStock<T extends Pieces>(
  trx: Executor,
  lines: readonly T[],
): Promise<{ taken: true; shows: boolean } | { taken: false; short: T; left: number }> {
  let shows = false;
  const taken: T[] = [];
  for (const line of inLockOrder(lines)) {
    const left = await decrementStock(trx, line.productId, line.size, line.quantity);
    if (left === null) {
      for (const back of taken) await incrementStock(trx, back.productId, back.size, back.quantity);
      return { taken: false, short: line, left: (await findSizeStock(trx, line.productId, line.size))?.stock ?? 0 };
    }
    taken.push(line);
    shows ||= stockChangeShows(left + line.quantity, left);
  }
  for (const line of inLockOrder(lines)) await addSoldCount(trx, line.productId, line.quantity);
  return { taken: true, shows };
}

/** Puts the pieces of every line back on the shelf, sold no more; answers whether a page now shows something else. */
export async function putBackStock(trx: Executor, lines: readonly Pieces[]): Promise<boolean> {
  let shows = false;
  for (const line of inLockOrder(lines)) {
    const stock = await incrementStock(trx, line.productId, line.size, line.quantity);
    await addSoldCount(trx, line.productId, -line.quantity);
    shows ||= stockChangeShows(stock - line.quantity, stock);
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
  now: number,
): Promise<boolean | null> {
  if (!(await markCheckedIn(trx, orderId, now))) return null;
  return putBackStock(trx, lines);
}

/** Holds pieces of a size (an exchange's new size): false when the shelf has too few. */
export async function holdSize(trx: Executor, pieces: Pieces): Promise<boolean> {
  return (await decrementStock(trx, pieces.productId, pieces.size, pieces.quantity)) !== null;
}

/**
 * Puts pieces of a size back on the shelf without touching the sold count: a returned piece, or an
 * exchange's held size when the exchange is rejected (neither was a sale of its own).
 */
export async function shelvePieces(trx: Executor, pieces: Pieces): Promise<void> {
  await incrementStock(trx, pieces.productId, pieces.size, pieces.quantity);
}

/** Whether a product has a size of this name. */
export async function sizeExists(executor: Executor, productId: number, size: string): Promise<boolean> {
  return (await findSizeStock(executor, productId, size)) !== undefined;
}

/** A product's sizes with their stock, in the catalogue's order. */
export function sizesOf(executor: Executor, productId: number) {
  return findSizesOf(executor, productId);
}
