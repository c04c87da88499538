import { indiaDay } from "#core/dates.ts";
import { formatAmount } from "#core/money.ts";
import { csvText } from "../csv/csv-writer.ts";
import type { Amounts, GstReport, HsnRow, ListedDocument } from "./gst-report.service.ts";

/*
 * The month's GSTR-1 as a CSV for a spreadsheet: one section a table, amounts in rupees. (The JSON
 * that the GST offline tool imports is gstr1-json.ts.)
 */

const rupees = (paise: number) => formatAmount(paise).replaceAll(",", "");
const percent = (bps: number) => bps / 100;

/** "Choose the unit": goods are sold by the piece. */
const UQC = "PCS";

type Cell = string | number;
type Section = [title: string, head: string[], rows: Cell[][]];

const TAX_HEAD = ["Taxable value", "CGST", "SGST", "IGST"];
const amountCells = (row: Amounts) => [rupees(row.taxable), rupees(row.cgst), rupees(row.sgst), rupees(row.igst)];

function documentSection(title: string, documents: readonly ListedDocument[], notes: boolean): Section {
  const head = notes
    ? ["Note", "Date", "Against invoice", "Invoice date", "GSTIN", "Place of supply", "Note value", "Rate"]
    : ["Invoice", "Date", "GSTIN", "Receiver", "Place of supply", "Invoice value", "Rate"];
  const rows = documents.flatMap((document) =>
    document.rows.map((row) => {
      const place = `${document.stateCode}-${document.stateName}`;
      const lead = notes
        ? [
            document.number,
            indiaDay(document.date),
            document.invoiceNumber,
            indiaDay(document.invoiceDate),
            document.buyerGstin ?? "",
            place,
          ]
        : [document.number, indiaDay(document.date), document.buyerGstin ?? "", document.buyerName ?? "", place];
      return [...lead, rupees(document.value), `${percent(row.rateBps)}%`, ...amountCells(row)];
    }),
  );
  return [title, [...head, ...TAX_HEAD], rows];
}

function hsnSection(title: string, rows: readonly HsnRow[]): Section {
  return [
    title,
    ["HSN", "UQC", "Quantity", "Rate", ...TAX_HEAD],
    rows.map((row) => [row.hsn, UQC, row.quantity, `${percent(row.rateBps)}%`, ...amountCells(row)]),
  ];
}

/** The report as CSV: one section a GSTR-1 table, amounts in rupees. */
export function gstReportCsv(report: GstReport): string {
  const sections: Section[] = [
    documentSection("B2B: invoices to registered buyers", report.b2b, false),
    documentSection("B2CL: inter-state invoices to unregistered buyers above the limit", report.b2cl, false),
    [
      "B2CS: other sales to unregistered buyers, by place of supply and rate, net of their credit notes",
      ["Place of supply", "Supply", "Rate", ...TAX_HEAD],
      report.b2cs.map((row) => [
        `${row.stateCode}-${row.stateName}`,
        row.supplyType === "intra" ? "Intra-state" : "Inter-state",
        `${percent(row.rateBps)}%`,
        ...amountCells(row),
      ]),
    ],
    [
      "B2CSA: earlier months' B2CS rows as this month's credit notes revise them (table 10)",
      ["Original month", "Place of supply", "Supply", "Rate", ...TAX_HEAD],
      report.b2csa.map((row) => [
        row.originalMonth,
        `${row.stateCode}-${row.stateName}`,
        row.supplyType === "intra" ? "Intra-state" : "Inter-state",
        `${percent(row.rateBps)}%`,
        ...amountCells(row),
      ]),
    ],
    documentSection("CDNR: credit notes to registered buyers", report.cdnr, true),
    documentSection("CDNUR: credit notes to unregistered buyers (against B2CL)", report.cdnur, true),
    hsnSection("HSN summary, B2B (net of credit notes)", report.hsnB2b),
    hsnSection("HSN summary, B2C (net of credit notes)", report.hsnB2c),
    [
      "Documents issued",
      ["Nature of document", "Series", "From", "To", "Total", "Cancelled", "Net issued"],
      report.documents.map((d) => [d.nature, d.series, d.first ?? "", d.last ?? "", d.total, d.cancelled, d.netIssued]),
    ],
    [
      "Totals",
      ["", ...TAX_HEAD],
      [
        ["Invoices", ...amountCells(report.totals.invoices)],
        ["Credit notes", ...amountCells(report.totals.creditNotes)],
        ["Net", ...amountCells(report.totals.net)],
      ],
    ],
  ];
  const lines: Cell[][] = [[`GSTR-1 for ${report.month}`]];
  for (const [title, head, rows] of sections) lines.push([], [title], head, ...rows);
  // The shop's one CSV writer: RFC 4180 quoting, and a buyer's text never read as a formula.
  return csvText(lines);
}
