import { z } from "zod";
import type { Actor } from "#core/actor.ts";
import { INDIA_OFFSET_MS, indiaDay } from "#core/dates.ts";
import { stateByCode } from "#core/indian-states.ts";
import { assertAdmin } from "../access.ts";
import type { Db } from "../db/schema.ts";
import { parseInput } from "../validation/fields.ts";
import {
  type DocumentSet,
  documentRange,
  findDocumentRows,
  type Series,
  sumB2csRows,
  sumHsnRows,
} from "./gst-report.repository.ts";
import { CREDIT_NOTE_SERIES, INVOICE_SERIES, RETURN_CREDIT_SERIES } from "./invoicing.ts";

/*
 * The month's outward supplies as GSTR-1 asks for them (decision record 19): B2B invoices (buyers with
 * a GSTIN), B2C large (inter-state invoices to unregistered buyers above the limit, one by one),
 * B2C small (the rest, by place of supply and rate, net of their own credit notes, as table 7 is
 * filed), credit notes to registered (CDNR) and unregistered (CDNUR, against B2C large) buyers one
 * by one, the HSN summary (B2B and B2C apart, shipping under the goods' HSN as part of a composite
 * supply) and the documents issued per series. Invoices include exchanges' replacement invoices,
 * and credit notes those of returns (RC), each treated as its own kind is (record 30).
 */

/** Inter-state B2C invoices above this value are listed one by one (GSTR-1 table 5): ₹1,00,000 from August 2024. */
export const B2CL_LIMIT_FROM_AUGUST_2024 = 1_00_000_00;
/** ₹2,50,000 for invoices before August 2024. */
export const B2CL_LIMIT_BEFORE = 2_50_000_00;

export function b2clLimitFor(month: string): number {
  return month >= "2024-08" ? B2CL_LIMIT_FROM_AUGUST_2024 : B2CL_LIMIT_BEFORE;
}

export const reportMonthSchema = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, "Choose a month as YYYY-MM.")
  .refine((month) => month >= "2017-07" && month <= "2999-12", "Choose a month from July 2017 on.");

export type Amounts = { taxable: number; cgst: number; sgst: number; igst: number };
export type RateRow = Amounts & { rateBps: number };
export type Place = { stateCode: string; stateName: string };
/** An invoice or credit note listed on its own; `value` is the document's value, tax included. */
export type ListedDocument = Place & {
  number: string;
  date: number;
  value: number;
  invoiceNumber: string;
  invoiceDate: number;
  buyerGstin: string | null;
  buyerName: string | null;
  rows: RateRow[];
};
export type B2csRow = RateRow & Place & { supplyType: "intra" | "inter" };
export type HsnRow = RateRow & { hsn: string; quantity: number };
export type DocumentSeries = {
  nature: "Invoices for outward supply" | "Credit notes";
  /** The series' prefix, as its numbers begin: "KS", "CN", "RC". */
  series: string;
  first: string | null;
  last: string | null;
  total: number;
  cancelled: number;
  netIssued: number;
};

export type GstReport = {
  month: string;
  b2b: ListedDocument[];
  b2cl: ListedDocument[];
  b2cs: B2csRow[];
  cdnr: ListedDocument[];
  cdnur: ListedDocument[];
  hsnB2b: HsnRow[];
  hsnB2c: HsnRow[];
  documents: DocumentSeries[];
  /** Invoices issued, credit notes issued, and the one less the other. */
  totals: { invoices: Amounts; creditNotes: Amounts; net: Amounts };
};

/** The month this moment falls in, India time: "2026-11". */
export function monthOf(at: number): string {
  return indiaDay(at).slice(0, 7);
}

function monthBounds(month: string): [number, number] {
  const [year, mon] = month.split("-").map(Number) as [number, number];
  return [Date.UTC(year, mon - 1, 1) - INDIA_OFFSET_MS, Date.UTC(year, mon, 1) - INDIA_OFFSET_MS];
}

const zero = (): Amounts => ({ taxable: 0, cgst: 0, sgst: 0, igst: 0 });
function add(target: Amounts, row: Amounts, sign = 1): Amounts {
  target.taxable += sign * row.taxable;
  target.cgst += sign * row.cgst;
  target.sgst += sign * row.sgst;
  target.igst += sign * row.igst;
  return target;
}
const sumOf = (rows: readonly Amounts[]) => rows.reduce((total, row) => add(total, row), zero());
const placeOf = (stateCode: string): Place => ({ stateCode, stateName: stateByCode(stateCode)?.name ?? stateCode });

/** The month's GSTR-1, for the administrator. */
export async function gstReport(db: Db, actor: Actor, monthInput: string): Promise<GstReport> {
  assertAdmin(actor);
  const month = parseInput(reportMonthSchema, monthInput);
  const [from, to] = monthBounds(month);
  const largeAbove = b2clLimitFor(month);
  const window = (documents: DocumentSet) => ({ documents, from, to, largeAbove });
  const invoices = window("invoices");
  const notes = window("credit-notes");
  const range = (series: Series) => documentRange(db, series, from, to);
  const [b2b, b2cl, cdnr, cdnur, b2csInvoiced, b2csCredited, hsnInvoiced, hsnCredited, ...ranges] = await Promise.all([
    findDocumentRows(db, invoices, "b2b").then(listed),
    findDocumentRows(db, invoices, "b2cl").then(listed),
    findDocumentRows(db, notes, "b2b").then(listed),
    findDocumentRows(db, notes, "b2cl").then(listed),
    sumB2csRows(db, invoices),
    sumB2csRows(db, notes),
    sumHsnRows(db, invoices),
    sumHsnRows(db, notes),
    range("invoices"),
    range("cancellation-notes"),
    range("return-notes"),
  ]);
  const [invoiceRange, cancellationRange, returnRange] = ranges as [Range, Range, Range];
  const hsn = netHsn(hsnInvoiced, hsnCredited);
  const invoiced = sumOf([...b2b, ...b2cl].flatMap((d) => d.rows).concat(b2csInvoiced));
  const credited = sumOf([...cdnr, ...cdnur].flatMap((d) => d.rows).concat(b2csCredited));
  return {
    month,
    b2b,
    b2cl,
    b2cs: netB2cs(b2csInvoiced, b2csCredited),
    cdnr,
    cdnur,
    hsnB2b: hsn.filter((row) => row.registered).map(({ registered: _r, ...row }) => row),
    hsnB2c: hsn.filter((row) => !row.registered).map(({ registered: _r, ...row }) => row),
    documents: [
      series("Invoices for outward supply", INVOICE_SERIES, invoiceRange),
      series("Credit notes", CREDIT_NOTE_SERIES, cancellationRange),
      series("Credit notes", RETURN_CREDIT_SERIES, returnRange),
    ],
    totals: { invoices: invoiced, creditNotes: credited, net: add({ ...invoiced }, credited, -1) },
  };
}

type DocumentRow = Awaited<ReturnType<typeof findDocumentRows>>[number];
type Range = Awaited<ReturnType<typeof documentRange>>;

/**
 * Rows of documents, one per rate, gathered into documents, in the order of their numbers; a
 * document's value is its rows' taxable value and tax, which is what it adds up to.
 */
function listed(rows: readonly DocumentRow[]): ListedDocument[] {
  const documents = new Map<string, ListedDocument>();
  for (const row of [...rows].sort((a, b) => a.number.localeCompare(b.number))) {
    const document = documents.get(row.number) ?? {
      ...placeOf(row.stateCode),
      number: row.number,
      date: row.date,
      value: 0,
      invoiceNumber: row.invoiceNumber,
      invoiceDate: row.invoiceDate,
      buyerGstin: row.buyerGstin,
      buyerName: row.buyerLegalName,
      rows: [],
    };
    const { rateBps, taxable, cgst, sgst, igst } = row;
    document.rows.push({ rateBps, taxable, cgst, sgst, igst });
    document.value += taxable + cgst + sgst + igst;
    documents.set(row.number, document);
  }
  return [...documents.values()];
}

type B2csSum = Awaited<ReturnType<typeof sumB2csRows>>[number];
type HsnSum = Awaited<ReturnType<typeof sumHsnRows>>[number];

/**
 * Rows of the month's invoices less rows of its credit notes, added up under a key; `start` makes a
 * row's descriptive fields, `also` adds anything beyond the taxes (the HSN summary's pieces).
 */
function netRows<Row extends Amounts, Out extends Amounts>(
  invoiced: readonly Row[],
  credited: readonly Row[],
  key: (row: Row) => string,
  start: (row: Row) => Out,
  also: (target: Out, row: Row, sign: number) => void = () => undefined,
): Out[] {
  const rows = new Map<string, Out>();
  for (const [list, sign] of [
    [invoiced, 1],
    [credited, -1],
  ] as const) {
    for (const row of list) {
      const target = rows.get(key(row)) ?? start(row);
      add(target, row, sign);
      also(target, row, sign);
      rows.set(key(row), target);
    }
  }
  return [...rows.values()];
}

/**
 * B2C small by place of supply and rate: the month's invoices less the month's credit notes on B2C
 * small invoices. Table 7 is filed net: credit notes to unregistered buyers go to CDNUR only
 * against B2C large invoices (the return has no other kind for them).
 */
function netB2cs(invoiced: readonly B2csSum[], credited: readonly B2csSum[]): B2csRow[] {
  return netRows(
    invoiced,
    credited,
    (row) => `${row.stateCode}|${row.rateBps}|${row.supplyType}`,
    (row): B2csRow => ({
      ...placeOf(row.stateCode),
      rateBps: row.rateBps,
      supplyType: row.supplyType === "inter" ? "inter" : "intra",
      ...zero(),
    }),
  )
    .filter((row) => row.taxable !== 0 || row.cgst + row.sgst + row.igst !== 0)
    .sort((a, b) => a.stateCode.localeCompare(b.stateCode) || a.rateBps - b.rateBps);
}

/** The HSN summary net of credit notes, B2B and B2C apart. */
function netHsn(invoiced: readonly HsnSum[], credited: readonly HsnSum[]) {
  return netRows(
    invoiced,
    credited,
    (row) => `${row.registered}|${row.hsn}|${row.rateBps}`,
    (row) => ({ registered: row.registered, hsn: row.hsn, rateBps: row.rateBps, quantity: 0, ...zero() }),
    (target, row, sign) => {
      target.quantity += sign * row.quantity;
    },
  )
    .filter((row) => row.quantity !== 0 || row.taxable !== 0)
    .sort((a, b) => a.hsn.localeCompare(b.hsn) || a.rateBps - b.rateBps);
}

/**
 * A series of documents issued in the month. The shop never voids a document once issued (a
 * cancelled order keeps its invoice and gets a credit note), so none is counted as cancelled.
 */
function series(nature: DocumentSeries["nature"], prefix: string, range: Range): DocumentSeries {
  return {
    nature,
    series: prefix,
    first: range.first,
    last: range.last,
    total: range.count,
    cancelled: 0,
    netIssued: range.count,
  };
}
