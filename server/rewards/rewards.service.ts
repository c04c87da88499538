import type { Actor } from "#core/actor.ts";
import { assertSignedIn } from "../access.ts";
import type { Db, Executor, PointsKind } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { addPoints, findLedger, findPointsBalance, insertLedgerEntry, spendPoints } from "./rewards.repository.ts";

export type LedgerEntry = { kind: PointsKind; points: number; at: number; orderNumber: string | null };

/** Points earned by an order, credited as it is placed (inside its transaction). */
export async function creditPoints(executor: Executor, userId: string, orderId: number, points: number, at: number) {
  if (points <= 0) return;
  await addPoints(executor, userId, points);
  await insertLedgerEntry(executor, { userId, orderId, kind: "earned", points, at });
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
 * A cancelled order gives back the points it spent and takes back the points it earned. The
 * balance may go below zero if those points were spent meanwhile; it is then earned back first.
 */
export async function reverseOrderPoints(
  executor: Executor,
  order: { id: number; userId: string | null; pointsEarned: number; pointsRedeemed: number },
  at: number,
) {
  if (!order.userId) return;
  if (order.pointsRedeemed > 0) {
    await addPoints(executor, order.userId, order.pointsRedeemed);
    await insertLedgerEntry(executor, {
      userId: order.userId,
      orderId: order.id,
      kind: "redeemed-returned",
      points: order.pointsRedeemed,
      at,
    });
  }
  if (order.pointsEarned > 0) {
    await addPoints(executor, order.userId, -order.pointsEarned);
    await insertLedgerEntry(executor, {
      userId: order.userId,
      orderId: order.id,
      kind: "earned-reversed",
      points: -order.pointsEarned,
      at,
    });
  }
}

/** The signed-in customer's balance and the latest entries of their ledger, for the profile. */
export async function pointsSummary(
  db: Db,
  actor: Actor,
  limit = 20,
): Promise<{ balance: number; ledger: LedgerEntry[] }> {
  assertSignedIn(actor);
  const [balance, rows] = await Promise.all([findPointsBalance(db, actor.userId), findLedger(db, actor.userId, limit)]);
  return {
    balance,
    ledger: rows.map((row) => ({ kind: row.kind, points: row.points, at: row.at, orderNumber: row.orderNumber })),
  };
}
