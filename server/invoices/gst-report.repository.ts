import { type RawBuilder, sql } from "kysely";
import type { Executor } from "../db/schema.ts";

/*
 * The month's documents for GSTR-1, read by the table they belong to, as one list of tax rows per
 * kind of document (records 19, 30 and 34):
 * - invoices: the orders' invoices, and the invoices of exchanges' replacement pieces;
 * - credit notes: the notes of cancelled orders (and parcels returned to origin), and of returns.
 * Each document is picked by its own date. An invoice is B2B when the buyer gave a GSTIN; B2C large
 * (B2CL) when it went to an unregistered buyer in another state and its value is above the limit
 * in force on its date (₹1,00,000 from August 2024, ₹2,50,000 before); every other invoice is B2C
 * small (B2CS). A credit note belongs with the invoice it is against, so it is classed by that
 * invoice's value and date; a replacement's invoice is classed by its own. Every row carries its
 * document's round off, which is part of a listed document's value but never of its taxable value.
 */

export type DocumentSet = "invoices" | "credit-notes";
export type TableKind = "b2b" | "b2cl" | "b2cs";
/** The documents' series in the documents-issued table: invoices, cancellations' and returns' credit notes. */
export type Series = "invoices" | "cancellation-notes" | "return-notes";

/**
 * The documents issued in [from, to); credit notes may be narrowed to those against invoices dated
 * in [invoicedFrom, invoicedTo) (the month's own invoices, or an earlier month's).
 */
export type Window = {
  documents: DocumentSet;
  from: number;
  to: number;
  invoicedFrom?: number;
  invoicedTo?: number;
};

/**
 * Inter-state B2C invoices above ₹1,00,000 are listed one by one (GSTR-1 table 5) from August 2024,
 * above ₹2,50,000 before; this is the first moment of August 2024, India time.
 */
const AUGUST_2024 = Date.UTC(2024, 7, 1) - 330 * 60_000;
const LARGE_FROM_AUGUST_2024 = 1_00_000_00;
const LARGE_BEFORE = 2_50_000_00;

/**
 * Every tax row of the window's documents, in one shape: the document (number, date, the invoice
 * it is or is against, its value for the B2CL test), the buyer and place of supply, and the row.
 */
function documentLines({ documents, from, to, invoicedFrom, invoicedTo }: Window): RawBuilder<unknown> {
  const row = (lines: string) =>
    sql.raw(`${lines}.kind, ${lines}.hsn, ${lines}.quantity, ${lines}.rate_bps,
      ${lines}.taxable, ${lines}.cgst, ${lines}.sgst, ${lines}.igst`);
  const buyer = sql`o.state_code, coalesce(o.supply_type, 'intra') as supply_type, o.buyer_gstin, o.buyer_legal_name`;
  if (documents === "invoices") {
    return sql`
      select o.invoice_number as number, o.invoice_date as date, o.invoice_number, o.invoice_date,
        o.total as class_value, o.round_off, ${buyer}, ${row("l")}
      from orders o join order_tax_lines l on l.order_id = o.id
      where o.invoice_date >= ${from} and o.invoice_date < ${to}
      union all
      select r.exchange_invoice_number, r.exchange_invoice_date, r.exchange_invoice_number, r.exchange_invoice_date,
        r.amount, r.round_off, ${buyer}, ${row("x")}
      from returns r join exchange_invoice_lines x on x.return_id = r.id join orders o on o.id = r.order_id
      where r.exchange_invoice_date >= ${from} and r.exchange_invoice_date < ${to}`;
  }
  const invoiced = sql`${invoicedFrom === undefined ? sql`` : sql`and o.invoice_date >= ${invoicedFrom}`}
    ${invoicedTo === undefined ? sql`` : sql`and o.invoice_date < ${invoicedTo}`}`;
  return sql`
    select o.credit_note_number as number, o.credit_note_date as date, o.invoice_number, o.invoice_date,
      o.total as class_value, o.round_off, ${buyer}, ${row("l")}
    from orders o join order_tax_lines l on l.order_id = o.id
    where o.credit_note_date >= ${from} and o.credit_note_date < ${to} ${invoiced}
    union all
    select r.credit_note_number, r.credit_note_date, o.invoice_number, o.invoice_date,
      o.total, r.round_off, ${buyer}, ${row("c")}
    from returns r join return_credit_lines c on c.return_id = r.id join orders o on o.id = r.order_id
    where r.credit_note_date >= ${from} and r.credit_note_date < ${to} ${invoiced}`;
}

/**
 * The rows of one GSTR-1 table, as a condition on the rows of documentLines: B2C large by the
 * invoice's value against the limit in force on the invoice's date.
 */
function ofTable(kind: TableKind) {
  const limit = sql`case when d.invoice_date < ${AUGUST_2024} then ${sql.lit(LARGE_BEFORE)} else ${sql.lit(LARGE_FROM_AUGUST_2024)} end`;
  const large = sql`(d.supply_type = 'inter' and d.class_value > ${limit})`;
  if (kind === "b2b") return sql`d.buyer_gstin is not null`;
  return kind === "b2cl" ? sql`d.buyer_gstin is null and ${large}` : sql`d.buyer_gstin is null and not ${large}`;
}

const AMOUNTS = sql`sum(d.taxable) as taxable, sum(d.cgst) as cgst, sum(d.sgst) as sgst, sum(d.igst) as igst`;

type Summed = { rateBps: number | string; taxable: number | string; cgst: number | string; sgst: number | string };
const asNumbers = <T extends Summed & { igst: number | string }>(row: T) => ({
  ...row,
  rateBps: Number(row.rateBps),
  taxable: Number(row.taxable),
  cgst: Number(row.cgst),
  sgst: Number(row.sgst),
  igst: Number(row.igst),
});

/** B2C small: taxable value and tax by place of supply and rate (and whether within the state). */
export async function sumB2csRows(executor: Executor, window: Window) {
  const { rows } = await sql<Summed & { igst: number | string; stateCode: string; supplyType: string }>`
    select d.state_code, d.supply_type, d.rate_bps, ${AMOUNTS}
    from (${documentLines(window)}) d
    where ${ofTable("b2cs")}
    group by d.state_code, d.supply_type, d.rate_bps`.execute(executor);
  return rows.map((row) => ({ ...asNumbers(row), supplyType: row.supplyType }));
}

/**
 * B2C small credit notes of the window against invoices of earlier months (they amend those months'
 * B2CS, record 34): taxable value and tax by the invoice's date, place of supply and rate. A month's
 * notes against earlier invoices are few (returns), so rows per invoice date are few too.
 */
export async function sumAmendingNotes(executor: Executor, window: Omit<Window, "documents" | "invoicedFrom">) {
  const lines = documentLines({ ...window, documents: "credit-notes", invoicedTo: window.from });
  const { rows } = await sql<
    Summed & { igst: number | string; stateCode: string; supplyType: string; invoiceDate: number | string }
  >`
    select d.invoice_date, d.state_code, d.supply_type, d.rate_bps, ${AMOUNTS}
    from (${lines}) d
    where ${ofTable("b2cs")}
    group by d.invoice_date, d.state_code, d.supply_type, d.rate_bps`.execute(executor);
  return rows.map((row) => ({ ...asNumbers(row), supplyType: row.supplyType, invoiceDate: Number(row.invoiceDate) }));
}

/** B2B or B2C large documents one by one, with their tax by rate. */
export async function findDocumentRows(executor: Executor, window: Window, kind: "b2b" | "b2cl") {
  type Row = Summed & {
    igst: number | string;
    number: string;
    date: number | string;
    invoiceNumber: string | null;
    invoiceDate: number | string | null;
    stateCode: string;
    buyerGstin: string | null;
    buyerLegalName: string | null;
    roundOff: number | string;
  };
  const described = sql`d.number, d.date, d.invoice_number, d.invoice_date, d.state_code, d.buyer_gstin,
    d.buyer_legal_name, d.round_off, d.rate_bps`;
  const { rows } = await sql<Row>`
    select ${described}, ${AMOUNTS}
    from (${documentLines(window)}) d
    where ${ofTable(kind)}
    group by ${described}
    order by d.number, d.rate_bps`.execute(executor);
  return rows.map((row) => ({
    ...asNumbers(row),
    date: Number(row.date),
    invoiceNumber: row.invoiceNumber ?? "",
    invoiceDate: Number(row.invoiceDate),
    roundOff: Number(row.roundOff),
  }));
}

/**
 * The HSN summary's rows: by HSN and rate, B2B apart from B2C; quantities count goods only. Credit
 * notes that amend an earlier month's B2CS (reported in Table 10) are left out: Table 12 summarises
 * the month's own tables, and an earlier month's cannot be amended (record 34).
 */
export async function sumHsnRows(executor: Executor, window: Window) {
  const registered = sql`case when d.buyer_gstin is null then 0 else 1 end`;
  const amending =
    window.documents === "credit-notes"
      ? sql`not (${ofTable("b2cs")} and d.invoice_date < ${window.from})`
      : sql`1 = 1`;
  const { rows } = await sql<Summed & { igst: number | string; registered: number; hsn: string; quantity: number }>`
    select ${registered} as registered, d.hsn, d.rate_bps,
      sum(case when d.kind = 'goods' then d.quantity else 0 end) as quantity, ${AMOUNTS}
    from (${documentLines(window)}) d
    where ${amending}
    group by ${registered}, d.hsn, d.rate_bps`.execute(executor);
  return rows.map((row) => ({
    ...asNumbers(row),
    registered: Number(row.registered) === 1,
    hsn: row.hsn,
    quantity: Number(row.quantity),
  }));
}

/** The numbers of a series issued in [from, to): the invoices (orders' and replacements'), or a credit note series. */
function seriesNumbers(series: Series, from: number, to: number) {
  const ofOrders = (number: string, date: string) =>
    sql`select ${sql.ref(number)} as number from orders where ${sql.ref(date)} >= ${from} and ${sql.ref(date)} < ${to}`;
  const ofReturns = (number: string, date: string) =>
    sql`select ${sql.ref(number)} as number from returns where ${sql.ref(date)} >= ${from} and ${sql.ref(date)} < ${to}`;
  if (series === "invoices")
    return sql`${ofOrders("invoice_number", "invoice_date")} union all ${ofReturns("exchange_invoice_number", "exchange_invoice_date")}`;
  return series === "cancellation-notes"
    ? ofOrders("credit_note_number", "credit_note_date")
    : ofReturns("credit_note_number", "credit_note_date");
}

/** The first and last number and the count of the documents of a series issued in [from, to). */
export async function documentRange(executor: Executor, series: Series, from: number, to: number) {
  const { rows } = await sql<{ first: string | null; last: string | null; count: number | string }>`
    select min(s.number) as first, max(s.number) as last, count(s.number) as count
    from (${seriesNumbers(series, from, to)}) s`.execute(executor);
  const row = rows[0];
  return { first: row?.first ?? null, last: row?.last ?? null, count: Number(row?.count ?? 0) };
}
