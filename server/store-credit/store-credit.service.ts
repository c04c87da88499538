import type { Actor } from "#core/actor.ts";
import { formatInr } from "#core/money.ts";
import { type StoreCreditOffer, storeCreditFor, storeCreditOffer } from "#core/store-credit.ts";
import { assertSignedIn } from "../access.ts";
import type { Db, Executor, StoreCreditKind } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import {
  addToBalance,
  findLedger,
  findStoreCreditBalance,
  insertLedgerEntry,
  insertReturnCreditOnce,
  takeFromBalance,
} from "./store-credit.repository.ts";

/*
 * Store credit: a ledger like the points' (server/rewards). The balance on the user's row never goes
 * below zero (the database refuses it; spending is a guarded update), and every entry names its
 * cause: the return that gave it, the order that spent it, or the order or return that gave spent
 * credit back. At checkout it is a payment, not a discount (core/store-credit.ts).
 */

/** Credit a return gives a customer, against the order it came from (paise). */
type ReturnCredit = { userId: string; orderId: number; returnId: number; amount: number };

/** Gives a return's credit, once: a second try for the same return writes nothing. */
export async function creditFromReturn(trx: Executor, entry: ReturnCredit, at: number): Promise<boolean> {
  return creditOnce(trx, { ...entry, kind: "return-refund" }, at);
}

/**
 * Gives back, once, the part of a return's refund that the order had paid with store credit
 * (refunded first, record 30).
 */
export async function creditBackSpentOnReturn(trx: Executor, entry: ReturnCredit, at: number): Promise<boolean> {
  return creditOnce(trx, { ...entry, kind: "spending-returned" }, at);
}

/** A credit entry for a return, written once per return and kind (a unique index), and its balance. */
async function creditOnce(trx: Executor, entry: ReturnCredit & { kind: StoreCreditKind }, at: number) {
  if (entry.amount <= 0) return false;
  if (!(await insertReturnCreditOnce(trx, { ...entry, at }))) return false;
  await addToBalance(trx, entry.userId, entry.amount);
  return true;
}

/** A signed-in customer's store credit at checkout for an order of this total; none for a visitor. */
export async function storeCreditAtCheckout(
  executor: Executor,
  actor: Actor,
  total: number,
  use: boolean,
): Promise<StoreCreditOffer | null> {
  if (actor.kind !== "user") return null;
  return storeCreditOffer(total, await findStoreCreditBalance(executor, actor.userId), use);
}

/**
 * What store credit pays of an order being placed, decided here from the balance read in its
 * transaction: all of it up to the order's total, when the buyer chose to use it (`seen` is what
 * their page showed). A balance that changed meanwhile (another tab spent it, a return added to
 * it) refuses the order, saying what it would pay now, so the buyer pays what they saw or nothing.
 */
export async function decideStoreCredit(
  trx: Executor,
  userId: string | null,
  seen: number,
  total: number,
): Promise<number> {
  if (!userId || seen <= 0) return 0;
  const applied = storeCreditFor(total, await findStoreCreditBalance(trx, userId));
  if (applied !== seen) throw storeCreditChanged(applied, seen);
  return applied;
}

function storeCreditChanged(now: number, seen: number): AppError {
  return new AppError(
    "store-credit-changed",
    `Your store credit has changed: it pays ${formatInr(now)} of this order now (you saw ${formatInr(seen)}). Your order has not been placed: please check it and press Order Now again.`,
  );
}

/** Spends store credit on an order; refused when the balance no longer covers it. */
export async function spendStoreCredit(
  trx: Executor,
  entry: { userId: string; orderId: number; amount: number },
  at: number,
): Promise<void> {
  if (entry.amount <= 0) return;
  const spent = await takeFromBalance(trx, entry.userId, entry.amount);
  // Another checkout spent it between this one's look and its spending: nothing of this order stays.
  if (!spent) throw storeCreditChanged(0, entry.amount);
  await insertLedgerEntry(trx, {
    userId: entry.userId,
    orderId: entry.orderId,
    returnId: null,
    kind: "spent",
    amount: -entry.amount,
    at,
  });
}

/**
 * The store credit an order spent comes back when the order is cancelled or its parcel returned to
 * origin, as one entry naming the order (the move that calls this runs once per order).
 */
export async function giveBackSpentCredit(
  trx: Executor,
  order: { id: number; userId: string | null; storeCreditUsed: number },
  at: number,
): Promise<void> {
  if (!order.userId || order.storeCreditUsed <= 0) return;
  await addToBalance(trx, order.userId, order.storeCreditUsed);
  await insertLedgerEntry(trx, {
    userId: order.userId,
    orderId: order.id,
    returnId: null,
    kind: "spending-returned",
    amount: order.storeCreditUsed,
    at,
  });
}

export type StoreCreditEntry = { kind: StoreCreditKind; amount: number; at: number; orderNumber: string | null };

/** The signed-in customer's store credit and its latest entries. */
export async function storeCreditSummary(
  db: Db,
  actor: Actor,
  limit = 20,
): Promise<{ balance: number; ledger: StoreCreditEntry[] }> {
  assertSignedIn(actor);
  const [balance, ledger] = await Promise.all([
    findStoreCreditBalance(db, actor.userId),
    findLedger(db, actor.userId, limit),
  ]);
  return { balance, ledger };
}
