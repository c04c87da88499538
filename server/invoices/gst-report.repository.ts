import { type ExpressionBuilder, sql } from "kysely";
import type { Database, Executor } from "../db/schema.ts";

/*
 * The month's documents for GSTR-1, read by the table they belong to. An invoice is B2B when the
 * buyer gave a GSTIN; B2C large (B2CL) when it went to an unregistered buyer in another state and
 * its value is above the limit; every other invoice is B2C small (B2CS). A credit note belongs with
 * its invoice. Documents are picked by their own date: invoices by `invoice_date`, credit notes by
 * `credit_note_date`.
 */

export type DocumentColumn = "invoiceDate" | "creditNoteDate";
export type TableKind = "b2b" | "b2cl" | "b2cs";

type Window = { column: DocumentColumn; from: number; to: number; largeAbove: number };

/** The orders of one GSTR-1 table. */
function ofTable(kind: TableKind, largeAbove: number) {
  return (eb: ExpressionBuilder<Database, "orders">) => {
    const large = eb.and([eb("orders.supplyType", "=", "inter"), eb("orders.total", ">", largeAbove)]);
    if (kind === "b2b") return eb("orders.buyerGstin", "is not", null);
    const unregistered = eb("orders.buyerGstin", "is", null);
    return kind === "b2cl" ? eb.and([unregistered, large]) : eb.and([unregistered, eb.not(large)]);
  };
}

const amounts = [
  sql<number | string>`sum(order_tax_lines.taxable)`.as("taxable"),
  sql<number | string>`sum(order_tax_lines.cgst)`.as("cgst"),
  sql<number | string>`sum(order_tax_lines.sgst)`.as("sgst"),
  sql<number | string>`sum(order_tax_lines.igst)`.as("igst"),
];

function inWindow(executor: Executor, window: Window) {
  return executor
    .selectFrom("orders")
    .innerJoin("orderTaxLines", "orderTaxLines.orderId", "orders.id")
    .where(`orders.${window.column}`, ">=", window.from)
    .where(`orders.${window.column}`, "<", window.to);
}

const asNumbers = <T extends { taxable: unknown; cgst: unknown; sgst: unknown; igst: unknown; rateBps: unknown }>(
  row: T,
) => ({
  ...row,
  rateBps: Number(row.rateBps),
  taxable: Number(row.taxable),
  cgst: Number(row.cgst),
  sgst: Number(row.sgst),
  igst: Number(row.igst),
});

/** B2C small: taxable value and tax by place of supply and rate (and whether within the state). */
export async function sumB2csRows(executor: Executor, window: Window) {
  const rows = await inWindow(executor, window)
    .where(ofTable("b2cs", window.largeAbove))
    .select(["orders.stateCode", "orders.supplyType", "orderTaxLines.rateBps", ...amounts])
    .groupBy(["orders.stateCode", "orders.supplyType", "orderTaxLines.rateBps"])
    .execute();
  return rows.map((row) => ({ ...asNumbers(row), supplyType: row.supplyType ?? "intra" }));
}

/** B2B or B2C large documents one by one, with their tax by rate. */
export async function findDocumentRows(executor: Executor, window: Window, kind: "b2b" | "b2cl") {
  const number = window.column === "invoiceDate" ? "orders.invoiceNumber" : "orders.creditNoteNumber";
  const date = `orders.${window.column}` as const;
  // What identifies a document and what it prints, beside its tax by rate.
  const described = [
    "orders.invoiceNumber",
    "orders.invoiceDate",
    "orders.stateCode",
    "orders.total",
    "orders.buyerGstin",
    "orders.buyerLegalName",
    "orderTaxLines.rateBps",
  ] as const;
  const rows = await inWindow(executor, window)
    .where(ofTable(kind, window.largeAbove))
    .select([`${number} as number`, `${date} as date`, ...described, ...amounts])
    .groupBy([number, date, ...described])
    .orderBy(number)
    .orderBy("orderTaxLines.rateBps")
    .execute();
  return rows.map((row) => ({
    ...asNumbers(row),
    number: row.number ?? "",
    date: Number(row.date),
    invoiceNumber: row.invoiceNumber ?? "",
    invoiceDate: Number(row.invoiceDate),
    total: Number(row.total),
  }));
}

/** The HSN summary's rows: by HSN and rate, B2B apart from B2C; quantities count goods only. */
export async function sumHsnRows(executor: Executor, window: Window) {
  const rows = await inWindow(executor, window)
    .select([
      sql<number>`case when orders.buyer_gstin is null then 0 else 1 end`.as("registered"),
      "orderTaxLines.hsn",
      "orderTaxLines.rateBps",
      sql<number | string>`sum(case when order_tax_lines.kind = 'goods' then order_tax_lines.quantity else 0 end)`.as(
        "quantity",
      ),
      ...amounts,
    ])
    .groupBy([
      sql`case when orders.buyer_gstin is null then 0 else 1 end`,
      "orderTaxLines.hsn",
      "orderTaxLines.rateBps",
    ])
    .execute();
  return rows.map((row) => ({
    ...asNumbers(row),
    registered: Number(row.registered) === 1,
    hsn: row.hsn,
    quantity: Number(row.quantity),
  }));
}

/** The first and last number and the count of the documents of a series issued in [from, to). */
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
