import type { Insertable } from "kysely";
import { changedOneRow } from "../db/guarded-update.ts";
import type { Executor, OrderStatus, OrderTaxLinesTable } from "../db/schema.ts";

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

/**
 * What decides whether an order's goods need an e-way bill (see needsEwayBill), with the order's
 * status and the number entered so far. The invoice's and the e-way bill's columns of the order are
 * the tax documents' (record 37).
 */
export async function findEwayBillBasis(executor: Executor, orderId: number) {
  return executor
    .selectFrom("orders")
    .select([
      "id",
      "status",
      "supplyType",
      "total",
      "roundOff",
      "stateCode",
      "createdAt",
      "ewayBillNumber",
      "orderNumber",
    ])
    .where("id", "=", orderId)
    .executeTakeFirst();
}

/**
 * Enters an order's e-way bill number, only while the order has one of the given statuses (its
 * goods have not arrived, nor has it been cancelled meanwhile).
 */
export async function setEwayBillNumber(
  executor: Executor,
  orderId: number,
  number: string,
  at: number,
  whileStatus: readonly OrderStatus[],
): Promise<boolean> {
  return changedOneRow(
    executor
      .updateTable("orders")
      .set({ ewayBillNumber: number, ewayBillEnteredAt: at, updatedAt: at })
      .where("id", "=", orderId)
      .where("status", "in", whileStatus),
  );
}
