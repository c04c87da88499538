import { z } from "zod";
import type { Actor } from "#core/actor.ts";
import { INDIA_OFFSET_MS, indiaDay } from "#core/dates.ts";
import { stateByCode } from "#core/indian-states.ts";
import { assertCan } from "../access.ts";
import type { Db } from "../db/schema.ts";
import { parseInput } from "../validation/fields.ts";
import {
  documentRange,
  findDocumentRows,
  type Series,
  sumAmendingNotes,
  sumB2csRows,
  sumHsnRows,
  type Window,
} from "./gst-report.repository.ts";
import { CREDIT_NOTE_SERIES, INVOICE_SERIES, RETURN_CREDIT_SERIES } from "./invoicing.ts";

/*
 * The month's outward supplies as GSTR-1 asks for them (decision records 19 and 34): B2B invoices
 * (buyers with a GSTIN), B2C large (inter-state invoices to unregistered buyers above the limit, one
 * by one), B2C small (the rest, by place of supply and rate, net of the month's own credit notes on
 * them, as table 7 is filed), B2C small amendments (table 10: an earlier month's B2CS row revised
 * by this month's credit notes against that month's invoices), credit notes to registered (CDNR)
 * and unregistered (CDNUR, against B2C large) buyers one by one, the HSN summary (B2B and B2C apart,
 * shipping under the goods' HSN as part of a composite supply) and the documents issued per series.
 * Invoices include exchanges' replacement invoices, and credit notes those of returns (RC), each
 * treated as its own kind is (record 30). No row of B2CS or B2CSA is ever negative.
 */

export const reportMonthSchema = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, "Choose a month as YYYY-MM.")
  .refine((month) => month >= "2017-07" && month <= "2999-12", "Choose a month from July 2017 on.");

export type Amounts = { taxable: number; cgst: number; sgst: number; igst: number };
export type RateRow = Amounts & { rateBps: number };
export type Place = { stateCode: string; stateName: string };
/**
 * An invoice or credit note listed on its own; `value` is the document's value as it prints it: tax
 * included, and its round off (record 34), which is in no row's taxable value or tax.
 */
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
/**
 * A B2CS row of an earlier month as this month's credit notes revise it (table 10): that month's
 * invoices at the place of supply and rate, less every credit note on them issued up to the end of
 * this month. Never negative; zero when the notes credited it all.
 */
export type B2csaRow = B2csRow & { originalMonth: string };
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
  b2csa: B2csaRow[];
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
  assertCan(actor, "tax.view");
  const month = parseInput(reportMonthSchema, monthInput);
  const [from, to] = monthBounds(month);
  const invoices: Window = { documents: "invoices", from, to };
  const notes: Window = { documents: "credit-notes", from, to };
  const range = (series: Series) => documentRange(db, series, from, to);
  const [b2b, b2cl, cdnr, cdnur, b2csInvoiced, b2csCredited, amending, hsnInvoiced, hsnCredited, ...ranges] =
    await Promise.all([
      findDocumentRows(db, invoices, "b2b").then(listed),
      findDocumentRows(db, invoices, "b2cl").then(listed),
      findDocumentRows(db, notes, "b2b").then(listed),
      findDocumentRows(db, notes, "b2cl").then(listed),
      sumB2csRows(db, invoices),
      // Table 7 is net of the month's credit notes on the month's own B2CS invoices only.
      sumB2csRows(db, { ...notes, invoicedFrom: from }),
      sumAmendingNotes(db, { from, to }),
      sumHsnRows(db, invoices),
      sumHsnRows(db, notes),
      range("invoices"),
      range("cancellation-notes"),
      range("return-notes"),
    ]);
  const [invoiceRange, cancellationRange, returnRange] = ranges as [Range, Range, Range];
  const hsn = netHsn(hsnInvoiced, hsnCredited);
  const invoiced = sumOf([...b2b, ...b2cl].flatMap((d) => d.rows).concat(b2csInvoiced));
  const credited = sumOf([...cdnr, ...cdnur].flatMap((d) => d.rows).concat(b2csCredited, amending));
  return {
    month,
    b2b,
    b2cl,
    b2cs: netB2cs(b2csInvoiced, b2csCredited).filter(hasFigures),
    b2csa: await amendedB2cs(db, amending, to),
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

type AmendingNote = Awaited<ReturnType<typeof sumAmendingNotes>>[number];

/**
 * Table 10: each earlier month whose B2CS invoices this month's credit notes are against, revised at
 * the places of supply and rates the notes touch. The revised row is what that month's table 7 would
 * have been with every note on its invoices issued so far (a later amendment of the same month
 * replaces an earlier one, so it counts them all), never the note alone: no row is negative.
 */
async function amendedB2cs(db: Db, amending: readonly AmendingNote[], reportEnd: number): Promise<B2csaRow[]> {
  const months = [...new Set(amending.map((note) => monthOf(note.invoiceDate)))].sort();
  const revised = await Promise.all(
    months.map(async (originalMonth) => {
      const [from, to] = monthBounds(originalMonth);
      const touched = new Set(amending.filter((note) => monthOf(note.invoiceDate) === originalMonth).map(b2csKey));
      const [invoiced, credited] = await Promise.all([
        sumB2csRows(db, { documents: "invoices", from, to }),
        sumB2csRows(db, { documents: "credit-notes", from, to: reportEnd, invoicedFrom: from, invoicedTo: to }),
      ]);
      return netB2cs(invoiced, credited)
        .filter((row) => touched.has(b2csKey(row)))
        .map((row) => ({ ...row, originalMonth }));
    }),
  );
  return revised.flat();
}

const hasFigures = (row: Amounts) => row.taxable !== 0 || row.cgst + row.sgst + row.igst !== 0;

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
      // The document's value is what it asks: its rows' value and its round off, counted once.
      value: row.roundOff,
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

const b2csKey = (row: { stateCode: string; rateBps: number; supplyType: string }) =>
  `${row.stateCode}|${row.rateBps}|${row.supplyType}`;

/**
 * B2C small by place of supply and rate: invoices less the credit notes on them. Table 7 is filed
 * net of the month's notes on the month's own invoices: credit notes to unregistered buyers go to
 * CDNUR only against B2C large invoices (the return has no other kind for them), and a note on an
 * earlier month's B2C small invoice amends that month (table 10).
 */
function netB2cs(invoiced: readonly B2csSum[], credited: readonly B2csSum[]): B2csRow[] {
  return netRows(
    invoiced,
    credited,
    b2csKey,
    (row): B2csRow => ({
      ...placeOf(row.stateCode),
      rateBps: row.rateBps,
      supplyType: row.supplyType === "inter" ? "inter" : "intra",
      ...zero(),
    }),
  ).sort((a, b) => a.stateCode.localeCompare(b.stateCode) || a.rateBps - b.rateBps);
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
