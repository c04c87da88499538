import type { Actor } from "#core/actor.ts";
import { pointsEntryReason } from "#core/points.ts";
import { assertSignedIn } from "../access.ts";
import type { Db, Executor, PointsKind } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import {
  addPoints,
  findCreditedEarning,
  findLedger,
  findPendingPoints,
  findPointsBalance,
  insertLedgerEntry,
  spendPoints,
} from "./rewards.repository.ts";

/*
 * The points ledger. The balance is what a customer can spend; points an order earns are pending
 * until it is delivered (they are read from the orders on their way, never credited early), become
 * spendable on delivery, and are dropped if the order is cancelled first. The database refuses a
 * balance below zero, so no path can spend points that were never there.
 */

/** A ledger entry as the profile lists it, with why the points moved ("returned Kundan Jhumka"). */
export type LedgerEntry = { kind: PointsKind; points: number; at: number; orderNumber: string | null; reason: string };

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
  await addPoints(executor, order.userId, due);
  await insertLedgerEntry(executor, { userId: order.userId, orderId: order.id, kind: "earned", points: due, at });
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

/** The signed-in customer's spendable and pending points and the latest entries of the ledger. */
export async function pointsSummary(
  db: Db,
  actor: Actor,
  limit = 20,
): Promise<{ balance: number; pending: number; ledger: LedgerEntry[] }> {
  assertSignedIn(actor);
  const [balance, pending, rows] = await Promise.all([
    findPointsBalance(db, actor.userId),
    findPendingPoints(db, actor.userId),
    findLedger(db, actor.userId, limit),
  ]);
  return {
    balance,
    pending,
    ledger: rows.map((row) => ({
      kind: row.kind,
      points: row.points,
      at: row.at,
      orderNumber: row.orderNumber,
      reason: pointsEntryReason({ kind: row.kind, orderStatus: row.orderStatus, returnedTitle: row.returnedTitle }),
    })),
  };
}
