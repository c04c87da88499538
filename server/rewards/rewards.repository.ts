import { sql } from "kysely";
import { engineOf } from "../db/database.ts";
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

/** Ledger kinds that credit, hold back or take back an order's earned points. */
const EARNING_KINDS: PointsKind[] = ["earned", "held-until-delivery", "earned-reversed"];

/**
 * Points earned on the customer's orders still on their way, less any already credited (orders from
 * before points waited for delivery): spendable once each is delivered.
 */
export async function findPendingPoints(executor: Executor, userId: string): Promise<number> {
  const onTheirWay = ["placed", "shipped"] as const;
  const [earned, credited] = await Promise.all([
    executor
      .selectFrom("orders")
      .select(({ fn }) => fn.sum<number | string | null>("pointsEarned").as("points"))
      .where("userId", "=", userId)
      .where("status", "in", onTheirWay)
      .executeTakeFirst(),
    executor
      .selectFrom("pointsLedger")
      .innerJoin("orders", "orders.id", "pointsLedger.orderId")
      .select(({ fn }) => fn.sum<number | string | null>("pointsLedger.points").as("points"))
      .where("pointsLedger.userId", "=", userId)
      .where("pointsLedger.kind", "in", EARNING_KINDS)
      .where("orders.status", "in", onTheirWay)
      .executeTakeFirst(),
  ]);
  return Number(earned?.points ?? 0) - Number(credited?.points ?? 0);
}

/** findPendingPoints for several customers at once (a page of the admin's Users table), by user id. */
export async function findPendingPointsOf(
  executor: Executor,
  userIds: readonly string[],
): Promise<Map<string, number>> {
  const pending = new Map<string, number>();
  if (userIds.length === 0) return pending;
  const onTheirWay = ["placed", "shipped"] as const;
  const [earned, credited] = await Promise.all([
    executor
      .selectFrom("orders")
      .select(({ fn }) => ["userId", fn.sum<number | string | null>("pointsEarned").as("points")])
      .where("userId", "in", userIds)
      .where("status", "in", onTheirWay)
      .groupBy("userId")
      .execute(),
    executor
      .selectFrom("pointsLedger")
      .innerJoin("orders", "orders.id", "pointsLedger.orderId")
      .select(({ fn }) => ["pointsLedger.userId", fn.sum<number | string | null>("pointsLedger.points").as("points")])
      .where("pointsLedger.userId", "in", userIds)
      .where("pointsLedger.kind", "in", EARNING_KINDS)
      .where("orders.status", "in", onTheirWay)
      .groupBy("pointsLedger.userId")
      .execute(),
  ]);
  for (const row of earned) if (row.userId) pending.set(row.userId, Number(row.points ?? 0));
  for (const row of credited) pending.set(row.userId, (pending.get(row.userId) ?? 0) - Number(row.points ?? 0));
  return pending;
}

/** The points of an order's earning already in the balance (credited, less held or taken back). */
export async function findCreditedEarning(executor: Executor, orderId: number): Promise<number> {
  const row = await executor
    .selectFrom("pointsLedger")
    .select(({ fn }) => fn.sum<number | string | null>("points").as("points"))
    .where("orderId", "=", orderId)
    .where("kind", "in", EARNING_KINDS)
    .executeTakeFirst();
  return Number(row?.points ?? 0);
}

/** The points of an order's earning taken back since it was credited (its returned pieces'), as a positive number. */
export async function findPointsTakenBack(executor: Executor, orderId: number): Promise<number> {
  const row = await executor
    .selectFrom("pointsLedger")
    .select(({ fn }) => fn.sum<number | string | null>("points").as("points"))
    .where("orderId", "=", orderId)
    .where("kind", "=", "earned-reversed")
    .executeTakeFirst();
  return -Number(row?.points ?? 0);
}

/** The points a customer owes from returns whose earning was already spent. */
export async function findPointsOwed(executor: Executor, userId: string): Promise<number> {
  const row = await executor.selectFrom("users").select("pointsOwed").where("id", "=", userId).executeTakeFirst();
  return Number(row?.pointsOwed ?? 0);
}

/** The smaller and the larger of two numbers, in each engine's words (SQLite's min/max, PostgreSQL's least/greatest). */
function smaller(executor: Executor) {
  return engineOf(executor) === "postgres" ? sql.raw("least") : sql.raw("min");
}

/**
 * Takes `points` back in one statement: from the spendable balance as far as it holds them, the rest
 * added to what the customer owes. Both sides are read and written under the row's own lock, so a
 * checkout spending points at the same moment cannot make the balance negative.
 */
export async function takeBackOrOwe(executor: Executor, userId: string, points: number): Promise<void> {
  const least = smaller(executor);
  await sql`update users set
      points_owed = points_owed + ${points} - ${least}(points_balance, ${points}),
      points_balance = points_balance - ${least}(points_balance, ${points})
    where id = ${userId}`.execute(executor);
}

/**
 * Credits earned points, clearing what the customer owes first (in one statement): of `points`, the
 * owed part goes to the debt and the rest to the spendable balance.
 */
export async function creditClearingDebt(executor: Executor, userId: string, points: number): Promise<void> {
  const least = smaller(executor);
  await sql`update users set
      points_balance = points_balance + ${points} - ${least}(points_owed, ${points}),
      points_owed = points_owed - ${least}(points_owed, ${points})
    where id = ${userId}`.execute(executor);
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
  entry: { userId: string; orderId: number; kind: PointsKind; points: number; at: number; returnId?: number },
): Promise<void> {
  await executor.insertInto("pointsLedger").values(entry).execute();
}

/**
 * The ledger with each entry's order number and status, and the title of the piece a return took
 * back (entries a return made name it), newest first.
 */
export async function findLedger(executor: Executor, userId: string, limit: number) {
  return executor
    .selectFrom("pointsLedger")
    .innerJoin("orders", "orders.id", "pointsLedger.orderId")
    .leftJoin("returns", "returns.id", "pointsLedger.returnId")
    .leftJoin("orderLines", (join) =>
      join.onRef("orderLines.orderId", "=", "returns.orderId").onRef("orderLines.position", "=", "returns.position"),
    )
    .select([
      "pointsLedger.kind",
      "pointsLedger.points",
      "pointsLedger.at",
      "orders.orderNumber",
      "orders.status as orderStatus",
      "orderLines.title as returnedTitle",
    ])
    .where("pointsLedger.userId", "=", userId)
    .orderBy("pointsLedger.at", "desc")
    .limit(limit)
    .execute();
}
