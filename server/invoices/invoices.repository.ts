import type { Insertable } from "kysely";
import { changedOneRow } from "../db/guarded-update.ts";
import type { Executor, OrderTaxLinesTable } from "../db/schema.ts";

export async function insertTaxLines(executor: Executor, rows: Insertable<OrderTaxLinesTable>[]): Promise<void> {
  if (rows.length > 0) await executor.insertInto("orderTaxLines").values(rows).execute();
}

export async function findTaxLines(executor: Executor, orderId: number) {
  return executor.selectFrom("orderTaxLines").selectAll().where("orderId", "=", orderId).orderBy("position").execute();
}

/** Gives an invoiced order its credit note, once: false when it has one already. */
export async function setCreditNote(executor: Executor, orderId: number, number: string, at: number) {
  return changedOneRow(
    executor
      .updateTable("orders")
      .set({ creditNoteNumber: number, creditNoteDate: at })
      .where("id", "=", orderId)
      .where("invoiceNumber", "is not", null)
      .where("creditNoteNumber", "is", null),
  );
}

/** What an invoice needs of its order beyond what the order page shows. */
export async function findInvoiceParts(executor: Executor, orderId: number) {
  return executor.selectFrom("orders").select(["seller", "supplyType"]).where("id", "=", orderId).executeTakeFirst();
}
