import type { Actor } from "#core/actor.ts";
import { type PointsEntryCause, pointsEntryReason } from "#core/points.ts";
import { assertSignedIn } from "../access.ts";
import type { Db, Executor, PointsKind } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import {
  addPoints,
  creditClearingDebt,
  findCreditedEarning,
  findLedger,
  findPendingPoints,
  findPendingPointsOf,
  findPointsBalance,
  findPointsOwed,
  findPointsTakenBack,
  insertLedgerEntry,
  spendPoints,
  takeBackOrOwe,
} from "./rewards.repository.ts";

/*
 * The points ledger. The balance is what a customer can spend; points an order earns are pending
 * until it is delivered (they are read from the orders on their way, never credited early), become
 * spendable on delivery, and are dropped if the order is cancelled first. The database refuses a
 * balance below zero, so no path can spend points that were never there. Points taken back with a
 * returned piece that the customer had already spent are owed (record 34): the ledger records the
 * whole take-back, later earnings clear the debt before anything becomes spendable, and the ledger's
 * entries add up to the balance less what is owed.
 */

/** A ledger entry as the profile lists it, with why the points moved ("returned Kundan Jhumka"). */
export type LedgerEntry = {
  kind: PointsKind;
  points: number;
  at: number;
  orderNumber: string | null;
  /** Why, in English words; `cause` is what a page in another language words it from. */
  reason: string;
  cause: PointsEntryCause;
};

/**
 * Points earned by a delivered order become spendable (inside the delivery's transaction): all of
 * them, less any an older order had credited before points waited for delivery.
 */
export async function creditEarnedPoints(
  executor: Executor,
  order: { id: number; userId: string | null; pointsEarned: number },
  at: number,
) {
  if (!order.userId || order.pointsEarned <= 0) return;
  const due = order.pointsEarned - (await findCreditedEarning(executor, order.id));
  if (due <= 0) return;
  // Points owed from an earlier return are cleared first.
  await creditClearingDebt(executor, order.userId, due);
  await insertLedgerEntry(executor, { userId: order.userId, orderId: order.id, kind: "earned", points: due, at });
}

/** Points a return moves, against the order they were spent or earned on (and the return, when one did). */
type ReturnedPoints = { userId: string; orderId: number; points: number; returnId?: number };

/** Points spent on pieces that came back are given back to the balance, against their order. */
export async function giveBackRedeemedPoints(executor: Executor, back: ReturnedPoints, at: number): Promise<void> {
  const { points, ...against } = back;
  if (points <= 0) return;
  await addPoints(executor, back.userId, points);
  await insertLedgerEntry(executor, { ...against, kind: "redeemed-returned", points, at });
}

/**
 * Takes back points an order earned (on pieces returned): from the spendable balance as far as it
 * holds them, the rest owed, to be cleared by later earnings. The balance never goes below zero;
 * one ledger entry records the whole take-back against the order.
 */
export async function takeBackEarnedPoints(executor: Executor, take: ReturnedPoints, at: number): Promise<void> {
  const { points, ...against } = take;
  if (points <= 0) return;
  await takeBackOrOwe(executor, take.userId, points);
  await insertLedgerEntry(executor, { ...against, kind: "earned-reversed", points: -points, at });
}

/** Points spent on an order; refused when the balance no longer covers them. */
export async function redeemPoints(executor: Executor, userId: string, orderId: number, points: number, at: number) {
  if (points <= 0) return;
  if (!(await spendPoints(executor, userId, points))) {
    throw new AppError("points-unavailable", "Your reward points balance has changed. Please review your cart.");
  }
  await insertLedgerEntry(executor, { userId, orderId, kind: "redeemed", points: -points, at });
}

/**
 * A cancelled order gives back the points it spent. The points it would have earned were still
 * pending (an order is cancelled before delivery), so they are simply never credited; an older
 * order that had them credited early takes them back, as far as the balance holds them (a
 * balance never goes below zero).
 */
export async function settleCancelledOrderPoints(
  executor: Executor,
  order: { id: number; userId: string | null; pointsRedeemed: number },
  at: number,
) {
  const { userId } = order;
  if (!userId) return;
  if (order.pointsRedeemed > 0) {
    await addPoints(executor, userId, order.pointsRedeemed);
    await insertLedgerEntry(executor, {
      userId,
      orderId: order.id,
      kind: "redeemed-returned",
      points: order.pointsRedeemed,
      at,
    });
  }
  const credited = await findCreditedEarning(executor, order.id);
  const takeBack = Math.min(credited, await findPointsBalance(executor, userId));
  if (takeBack > 0 && (await spendPoints(executor, userId, takeBack))) {
    await insertLedgerEntry(executor, { userId, orderId: order.id, kind: "earned-reversed", points: -takeBack, at });
  }
}

/** A customer's spendable points: what a cart or a checkout may redeem. */
export function pointsBalance(executor: Executor, userId: string): Promise<number> {
  return findPointsBalance(executor, userId);
}

/** A customer's points still on their way: earned by orders not yet delivered. */
export function pendingPoints(executor: Executor, userId: string): Promise<number> {
  return findPendingPoints(executor, userId);
}

/** pendingPoints for several customers at once (a page of the admin's Users table), by user id. */
export function pendingPointsOf(executor: Executor, userIds: readonly string[]): Promise<Map<string, number>> {
  return findPendingPointsOf(executor, userIds);
}

/** The points of an order's earning taken back with its returned pieces, as a positive number. */
export function pointsTakenBack(executor: Executor, orderId: number): Promise<number> {
  return findPointsTakenBack(executor, orderId);
}

/** The signed-in customer's spendable, pending and owed points and the latest entries of the ledger. */
export async function pointsSummary(
  db: Db,
  actor: Actor,
  limit = 20,
): Promise<{ balance: number; pending: number; owed: number; ledger: LedgerEntry[] }> {
  assertSignedIn(actor);
  const [balance, pending, owed, rows] = await Promise.all([
    findPointsBalance(db, actor.userId),
    findPendingPoints(db, actor.userId),
    findPointsOwed(db, actor.userId),
    findLedger(db, actor.userId, limit),
  ]);
  return {
    balance,
    pending,
    owed,
    ledger: rows.map((row) => ({
      kind: row.kind,
      points: row.points,
      at: row.at,
      orderNumber: row.orderNumber,
      reason: pointsEntryReason({ kind: row.kind, orderStatus: row.orderStatus, returnedTitle: row.returnedTitle }),
      cause: { kind: row.kind, orderStatus: row.orderStatus, returnedTitle: row.returnedTitle },
    })),
  };
}
