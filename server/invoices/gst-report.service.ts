import { z } from "zod";
import type { Actor } from "#core/actor.ts";
import { stateByCode } from "#core/indian-states.ts";
import { formatAmount } from "#core/money.ts";
import { assertAdmin } from "../access.ts";
import type { Db } from "../db/schema.ts";
import { parseInput } from "../validation/fields.ts";
import { documentRange, findLargeInterStateInvoices, sumTaxRows } from "./gst-report.repository.ts";

/** Inter-state B2C invoices above ₹1,00,000 are reported one by one (GSTR-1 table 5, from 1 August 2024). */
export const B2C_LARGE_ABOVE_PAISE = 1_00_000_00;

const IST_OFFSET_MS = 330 * 60_000;

export const reportMonthSchema = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, "Choose a month as YYYY-MM.")
  .refine((month) => month >= "2017-07" && month <= "2999-12", "Choose a month from July 2017 on.");

type Amounts = { taxable: number; cgst: number; sgst: number; igst: number };
export type RateRow = Amounts & { rateBps: number };
export type StateRateRow = RateRow & { stateCode: string; stateName: string };
export type HsnRow = RateRow & { hsn: string; quantity: number };
export type LargeInvoice = { invoiceNumber: string; date: number; stateName: string; value: number; rows: RateRow[] };

export type GstReport = {
  month: string;
  /** Invoices issued in the month, by rate. */
  invoices: RateRow[];
  /** Credit notes issued in the month (cancellations), by rate. */
  creditNotes: RateRow[];
  /** B2C small: by place of supply and rate, net of the month's credit notes. */
  b2cSmall: StateRateRow[];
  b2cLarge: LargeInvoice[];
  hsn: HsnRow[];
  documents: { kind: string; first: string | null; last: string | null; count: number }[];
  net: Amounts;
};

/** The month this moment falls in, India time: "2026-11". */
export function monthOf(at: number): string {
  return new Date(at + IST_OFFSET_MS).toISOString().slice(0, 7);
}

function monthBounds(month: string): [number, number] {
  const [year, mon] = month.split("-").map(Number) as [number, number];
  return [Date.UTC(year, mon - 1, 1) - IST_OFFSET_MS, Date.UTC(year, mon, 1) - IST_OFFSET_MS];
}

const zero = (): Amounts => ({ taxable: 0, cgst: 0, sgst: 0, igst: 0 });
function add(target: Amounts, row: Amounts, sign = 1) {
  target.taxable += sign * row.taxable;
  target.cgst += sign * row.cgst;
  target.sgst += sign * row.sgst;
  target.igst += sign * row.igst;
}

/** Adds rows up under a key, keeping the first row's descriptive fields. */
function groupBy<T extends Amounts, K extends object>(rows: { row: T; sign?: number }[], key: (row: T) => K) {
  const groups = new Map<string, K & Amounts>();
  for (const { row, sign = 1 } of rows) {
    const fields = key(row);
    const id = JSON.stringify(fields);
    const group = groups.get(id) ?? { ...fields, ...zero() };
    add(group, row, sign);
    groups.set(id, group);
  }
  return [...groups.values()];
}

const stateName = (code: string) => stateByCode(code)?.name ?? code;

/**
 * The month's GST for the accountant: taxable value and tax by rate and by place of supply, B2C as
 * GSTR-1 groups it (large inter-state invoices one by one, the rest by state and rate, net of
 * credit notes), an HSN summary and the range of document numbers issued.
 */
export async function gstReport(db: Db, actor: Actor, monthInput: string): Promise<GstReport> {
  assertAdmin(actor);
  const month = parseInput(reportMonthSchema, monthInput);
  const [from, to] = monthBounds(month);
  const [invoiced, credited, large, invoiceRange, creditRange] = await Promise.all([
    sumTaxRows(db, "invoiceDate", from, to),
    sumTaxRows(db, "creditNoteDate", from, to),
    findLargeInterStateInvoices(db, from, to, B2C_LARGE_ABOVE_PAISE),
    documentRange(db, "invoiceDate", from, to),
    documentRange(db, "creditNoteDate", from, to),
  ]);
  const largeRows = large.map((row) => ({
    stateCode: row.stateCode,
    rateBps: Number(row.rateBps),
    taxable: Number(row.taxable),
    cgst: 0,
    sgst: 0,
    igst: Number(row.igst),
  }));
  const byRate = (rows: RateRow[]) =>
    groupBy(
      rows.map((row) => ({ row })),
      (row) => ({ rateBps: row.rateBps }),
    ).sort((a, b) => a.rateBps - b.rateBps);
  const b2cSmall = groupBy(
    [
      ...invoiced.map((row) => ({ row })),
      ...largeRows.map((row) => ({ row, sign: -1 })),
      ...credited.map((row) => ({ row, sign: -1 })),
    ],
    (row) => ({ stateCode: row.stateCode, stateName: stateName(row.stateCode), rateBps: row.rateBps }),
  )
    .filter((row) => row.taxable !== 0 || row.cgst + row.sgst + row.igst !== 0)
    .sort((a, b) => a.stateName.localeCompare(b.stateName) || a.rateBps - b.rateBps);
  const hsn = hsnSummary(invoiced, credited);
  const net = zero();
  for (const row of invoiced) add(net, row);
  for (const row of credited) add(net, row, -1);
  return {
    month,
    invoices: byRate(invoiced),
    creditNotes: byRate(credited),
    b2cSmall,
    b2cLarge: largeInvoices(large),
    hsn,
    documents: [
      { kind: "Invoices for outward supply", ...invoiceRange },
      { kind: "Credit notes", ...creditRange },
    ],
    net,
  };
}

type TaxRow = Awaited<ReturnType<typeof sumTaxRows>>[number];

/** The HSN summary: taxable value, tax and quantity by HSN and rate, net of credit notes. */
function hsnSummary(invoiced: readonly TaxRow[], credited: readonly TaxRow[]): HsnRow[] {
  const hsnQuantities = new Map<string, number>();
  for (const [rows, sign] of [
    [invoiced, 1],
    [credited, -1],
  ] as const) {
    for (const row of rows) {
      const id = `${row.hsn}|${row.rateBps}`;
      hsnQuantities.set(id, (hsnQuantities.get(id) ?? 0) + sign * row.quantity);
    }
  }
  return groupBy([...invoiced.map((row) => ({ row })), ...credited.map((row) => ({ row, sign: -1 }))], (row) => ({
    hsn: row.hsn,
    rateBps: row.rateBps,
  }))
    .map((row) => ({ ...row, quantity: hsnQuantities.get(`${row.hsn}|${row.rateBps}`) ?? 0 }))
    .sort((a, b) => a.hsn.localeCompare(b.hsn) || a.rateBps - b.rateBps);
}

function largeInvoices(rows: Awaited<ReturnType<typeof findLargeInterStateInvoices>>): LargeInvoice[] {
  const invoices = new Map<string, LargeInvoice>();
  for (const row of rows) {
    const number = row.invoiceNumber ?? "";
    const invoice = invoices.get(number) ?? {
      invoiceNumber: number,
      date: Number(row.invoiceDate),
      stateName: stateName(row.stateCode),
      value: Number(row.total),
      rows: [],
    };
    invoice.rows.push({
      rateBps: Number(row.rateBps),
      taxable: Number(row.taxable),
      cgst: 0,
      sgst: 0,
      igst: Number(row.igst),
    });
    invoices.set(number, invoice);
  }
  return [...invoices.values()];
}

/** The report as CSV for a spreadsheet: one section after another, amounts in rupees. */
export function gstReportCsv(report: GstReport): string {
  const rupees = (paise: number) => formatAmount(paise).replaceAll(",", "");
  const rate = (bps: number) => `${bps / 100}%`;
  const cell = (value: string | number) =>
    /[",\n]/.test(String(value)) ? `"${String(value).replaceAll('"', '""')}"` : String(value);
  const lines: (string | number)[][] = [[`GST report for ${report.month}`]];
  const section = (title: string, head: string[], rows: (string | number)[][]) => {
    lines.push([], [title], head, ...rows);
  };
  const amounts = (row: Amounts) => [rupees(row.taxable), rupees(row.cgst), rupees(row.sgst), rupees(row.igst)];
  const taxHead = ["Taxable value", "CGST", "SGST", "IGST"];
  section(
    "Invoices by rate",
    ["Rate", ...taxHead],
    report.invoices.map((r) => [rate(r.rateBps), ...amounts(r)]),
  );
  section(
    "Credit notes by rate",
    ["Rate", ...taxHead],
    report.creditNotes.map((r) => [rate(r.rateBps), ...amounts(r)]),
  );
  section(
    "B2C small (B2CS): net by place of supply and rate",
    ["Place of supply", "Rate", ...taxHead],
    report.b2cSmall.map((r) => [`${r.stateCode}-${r.stateName}`, rate(r.rateBps), ...amounts(r)]),
  );
  for (const [title, head, rows] of laterSections(report, rupees, rate, amounts, taxHead)) section(title, head, rows);
  section("Net for the month", taxHead, [amounts(report.net)]);
  return `${lines.map((line) => line.map(cell).join(",")).join("\r\n")}\r\n`;
}

type CsvSection = [title: string, head: string[], rows: (string | number)[][]];

/** B2C large, the HSN summary and the documents issued, as CSV sections. */
function laterSections(
  report: GstReport,
  rupees: (paise: number) => string,
  rate: (bps: number) => string,
  amounts: (row: Amounts) => string[],
  taxHead: string[],
): CsvSection[] {
  const sections: CsvSection[] = [];
  const section = (title: string, head: string[], rows: (string | number)[][]) => sections.push([title, head, rows]);
  section(
    "B2C large (B2CL): inter-state invoices above Rs 1,00,000",
    ["Invoice", "Date", "Place of supply", "Invoice value", "Rate", "Taxable value", "IGST"],
    report.b2cLarge.flatMap((invoice) =>
      invoice.rows.map((r) => [
        invoice.invoiceNumber,
        new Date(invoice.date + IST_OFFSET_MS).toISOString().slice(0, 10),
        invoice.stateName,
        rupees(invoice.value),
        rate(r.rateBps),
        rupees(r.taxable),
        rupees(r.igst),
      ]),
    ),
  );
  section(
    "HSN summary (net of credit notes)",
    ["HSN/SAC", "UQC", "Quantity", "Rate", ...taxHead],
    report.hsn.map((r) => [r.hsn, r.hsn.startsWith("99") ? "OTH" : "PCS", r.quantity, rate(r.rateBps), ...amounts(r)]),
  );
  section(
    "Documents issued",
    ["Nature of document", "From", "To", "Count"],
    report.documents.map((d) => [d.kind, d.first ?? "", d.last ?? "", d.count]),
  );
  return sections;
}
