import type { Executor } from "../db/schema.ts";

export type DocumentColumn = "invoiceDate" | "creditNoteDate";

/**
 * Tax rows of the documents issued in [from, to): invoices by their date, or credit notes by
 * theirs. Grouped by place of supply, rate and HSN, with whether the invoice is a large inter-state
 * one (listed invoice by invoice in GSTR-1).
 */
export async function sumTaxRows(executor: Executor, column: DocumentColumn, from: number, to: number) {
  const rows = await executor
    .selectFrom("orderTaxLines")
    .innerJoin("orders", "orders.id", "orderTaxLines.orderId")
    .select(({ fn }) => [
      "orders.stateCode",
      "orderTaxLines.rateBps",
      "orderTaxLines.hsn",
      fn.sum<number | string>("orderTaxLines.quantity").as("quantity"),
      fn.sum<number | string>("orderTaxLines.taxable").as("taxable"),
      fn.sum<number | string>("orderTaxLines.cgst").as("cgst"),
      fn.sum<number | string>("orderTaxLines.sgst").as("sgst"),
      fn.sum<number | string>("orderTaxLines.igst").as("igst"),
    ])
    .where(`orders.${column}`, ">=", from)
    .where(`orders.${column}`, "<", to)
    .groupBy(["orders.stateCode", "orderTaxLines.rateBps", "orderTaxLines.hsn"])
    .execute();
  return rows.map((row) => ({
    stateCode: row.stateCode,
    rateBps: Number(row.rateBps),
    hsn: row.hsn,
    quantity: Number(row.quantity),
    taxable: Number(row.taxable),
    cgst: Number(row.cgst),
    sgst: Number(row.sgst),
    igst: Number(row.igst),
  }));
}

/** Inter-state invoices above a value, one by one, with their tax by rate (GSTR-1's B2C large). */
export async function findLargeInterStateInvoices(executor: Executor, from: number, to: number, above: number) {
  return executor
    .selectFrom("orders")
    .innerJoin("orderTaxLines", "orderTaxLines.orderId", "orders.id")
    .select(({ fn }) => [
      "orders.invoiceNumber",
      "orders.invoiceDate",
      "orders.stateCode",
      "orders.total",
      "orderTaxLines.rateBps",
      fn.sum<number | string>("orderTaxLines.taxable").as("taxable"),
      fn.sum<number | string>("orderTaxLines.igst").as("igst"),
    ])
    .where("orders.invoiceDate", ">=", from)
    .where("orders.invoiceDate", "<", to)
    .where("orders.supplyType", "=", "inter")
    .where("orders.total", ">", above)
    .groupBy([
      "orders.invoiceNumber",
      "orders.invoiceDate",
      "orders.stateCode",
      "orders.total",
      "orderTaxLines.rateBps",
    ])
    .orderBy("orders.invoiceNumber")
    .execute();
}

/** The first and last number and the count of the documents issued in [from, to). */
export async function documentRange(executor: Executor, column: DocumentColumn, from: number, to: number) {
  const number = column === "invoiceDate" ? "invoiceNumber" : "creditNoteNumber";
  const row = await executor
    .selectFrom("orders")
    .select(({ fn }) => [
      fn.min<string>(`orders.${number}`).as("first"),
      fn.max<string>(`orders.${number}`).as("last"),
      fn.count<number | string>(`orders.${number}`).as("count"),
    ])
    .where(`orders.${column}`, ">=", from)
    .where(`orders.${column}`, "<", to)
    .executeTakeFirst();
  return { first: row?.first ?? null, last: row?.last ?? null, count: Number(row?.count ?? 0) };
}
