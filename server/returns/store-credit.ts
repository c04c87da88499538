import type { Actor } from "#core/actor.ts";
import { assertSignedIn } from "../access.ts";
import { changedOneRow } from "../db/guarded-update.ts";
import type { Db, Executor, StoreCreditKind } from "../db/schema.ts";
import { AppError } from "../errors.ts";

/*
 * Store credit: a ledger like the points' (server/rewards). The balance on the user's row never goes
 * below zero (the database refuses it; spending is a guarded update), and every entry names its
 * cause: the return that gave it, or the order that spent it.
 */

/** Gives a return's credit, once: a second try for the same return writes nothing. */
export async function creditFromReturn(
  trx: Executor,
  entry: { userId: string; orderId: number; returnId: number; amount: number },
  at: number,
): Promise<boolean> {
  if (entry.amount <= 0) return false;
  const written = await trx
    .insertInto("storeCreditLedger")
    .values({ ...entry, kind: "return-refund", at })
    .onConflict((conflict) => conflict.columns(["returnId", "kind"]).doNothing())
    .executeTakeFirst();
  if (Number(written.numInsertedOrUpdatedRows ?? 0) !== 1) return false;
  await trx
    .updateTable("users")
    .set((eb) => ({ storeCreditBalance: eb("storeCreditBalance", "+", entry.amount) }))
    .where("id", "=", entry.userId)
    .execute();
  return true;
}

/** Spends store credit on an order; refused when the balance no longer covers it. */
export async function spendStoreCredit(
  trx: Executor,
  entry: { userId: string; orderId: number; amount: number },
  at: number,
): Promise<void> {
  if (entry.amount <= 0) return;
  const spent = await changedOneRow(
    trx
      .updateTable("users")
      .set((eb) => ({ storeCreditBalance: eb("storeCreditBalance", "-", entry.amount) }))
      .where("id", "=", entry.userId)
      .where("storeCreditBalance", ">=", entry.amount),
  );
  if (!spent) throw new AppError("points-unavailable", "Your store credit has changed. Please review your cart.");
  await trx
    .insertInto("storeCreditLedger")
    .values({ userId: entry.userId, orderId: entry.orderId, returnId: null, kind: "spent", amount: -entry.amount, at })
    .execute();
}

export type StoreCreditEntry = { kind: StoreCreditKind; amount: number; at: number; orderNumber: string | null };

/** The signed-in customer's store credit and its latest entries. */
export async function storeCreditSummary(
  db: Db,
  actor: Actor,
  limit = 20,
): Promise<{ balance: number; ledger: StoreCreditEntry[] }> {
  assertSignedIn(actor);
  const [user, rows] = await Promise.all([
    db.selectFrom("users").select("storeCreditBalance").where("id", "=", actor.userId).executeTakeFirst(),
    db
      .selectFrom("storeCreditLedger")
      .leftJoin("orders", "orders.id", "storeCreditLedger.orderId")
      .select(["storeCreditLedger.kind", "storeCreditLedger.amount", "storeCreditLedger.at", "orders.orderNumber"])
      .where("storeCreditLedger.userId", "=", actor.userId)
      .orderBy("storeCreditLedger.at", "desc")
      .orderBy("storeCreditLedger.id", "desc")
      .limit(limit)
      .execute(),
  ]);
  return { balance: Number(user?.storeCreditBalance ?? 0), ledger: rows };
}
