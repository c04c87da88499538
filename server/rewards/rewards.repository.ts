import { changedOneRow } from "../db/guarded-update.ts";
import type { Executor, PointsKind } from "../db/schema.ts";

export async function findPointsBalance(executor: Executor, userId: string): Promise<number> {
  const row = await executor.selectFrom("users").select("pointsBalance").where("id", "=", userId).executeTakeFirst();
  return row?.pointsBalance ?? 0;
}

/**
 * Spends points only if the balance covers them, in one statement, so two checkouts at once can
 * never spend the same points twice. Returns false when the balance was too low.
 */
export async function spendPoints(executor: Executor, userId: string, points: number): Promise<boolean> {
  return changedOneRow(
    executor
      .updateTable("users")
      .set((eb) => ({ pointsBalance: eb("pointsBalance", "-", points) }))
      .where("id", "=", userId)
      .where("pointsBalance", ">=", points),
  );
}

export async function addPoints(executor: Executor, userId: string, points: number): Promise<void> {
  await executor
    .updateTable("users")
    .set((eb) => ({ pointsBalance: eb("pointsBalance", "+", points) }))
    .where("id", "=", userId)
    .execute();
}

export async function insertLedgerEntry(
  executor: Executor,
  entry: { userId: string; orderId: number; kind: PointsKind; points: number; at: number },
): Promise<void> {
  await executor.insertInto("pointsLedger").values(entry).execute();
}

/** The ledger with each entry's order number, newest first. */
export async function findLedger(executor: Executor, userId: string, limit: number) {
  return executor
    .selectFrom("pointsLedger")
    .innerJoin("orders", "orders.id", "pointsLedger.orderId")
    .select(["pointsLedger.kind", "pointsLedger.points", "pointsLedger.at", "orders.orderNumber"])
    .where("pointsLedger.userId", "=", userId)
    .orderBy("pointsLedger.at", "desc")
    .limit(limit)
    .execute();
}
