import type { Insertable } from "kysely";
import { changedOneRow } from "../db/guarded-update.ts";
import type { Executor, StoreCreditLedgerTable } from "../db/schema.ts";

/*
 * Store credit's ledger and the balance it keeps on the customer's row (record 30): the balance
 * never goes below zero (the database refuses it; spending is a guarded update).
 */

export async function findStoreCreditBalance(executor: Executor, userId: string): Promise<number> {
  const row = await executor
    .selectFrom("users")
    .select("storeCreditBalance")
    .where("id", "=", userId)
    .executeTakeFirst();
  return Number(row?.storeCreditBalance ?? 0);
}

/** Writes a return's credit entry once per return and kind (a unique index): false when it was written before. */
export async function insertReturnCreditOnce(
  executor: Executor,
  entry: Insertable<StoreCreditLedgerTable> & { returnId: number },
): Promise<boolean> {
  const written = await executor
    .insertInto("storeCreditLedger")
    .values(entry)
    .onConflict((conflict) => conflict.columns(["returnId", "kind"]).doNothing())
    .executeTakeFirst();
  return Number(written.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function insertLedgerEntry(executor: Executor, entry: Insertable<StoreCreditLedgerTable>): Promise<void> {
  await executor.insertInto("storeCreditLedger").values(entry).execute();
}

export async function addToBalance(executor: Executor, userId: string, amount: number): Promise<void> {
  await executor
    .updateTable("users")
    .set((eb) => ({ storeCreditBalance: eb("storeCreditBalance", "+", amount) }))
    .where("id", "=", userId)
    .execute();
}

/** Takes from the balance only if it holds that much: false when it does not. */
export async function takeFromBalance(executor: Executor, userId: string, amount: number): Promise<boolean> {
  return changedOneRow(
    executor
      .updateTable("users")
      .set((eb) => ({ storeCreditBalance: eb("storeCreditBalance", "-", amount) }))
      .where("id", "=", userId)
      .where("storeCreditBalance", ">=", amount),
  );
}

/** A customer's latest entries, newest first, each with the number of the order it names. */
export async function findLedger(executor: Executor, userId: string, limit: number) {
  return executor
    .selectFrom("storeCreditLedger")
    .leftJoin("orders", "orders.id", "storeCreditLedger.orderId")
    .select(["storeCreditLedger.kind", "storeCreditLedger.amount", "storeCreditLedger.at", "orders.orderNumber"])
    .where("storeCreditLedger.userId", "=", userId)
    .orderBy("storeCreditLedger.at", "desc")
    .orderBy("storeCreditLedger.id", "desc")
    .limit(limit)
    .execute();
}
