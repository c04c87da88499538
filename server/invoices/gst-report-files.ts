import { indiaDay } from "#core/dates.ts";
import { formatAmount } from "#core/money.ts";
import { csvText } from "../csv/csv-writer.ts";
import type { Amounts, GstReport, HsnRow, ListedDocument, RateRow } from "./gst-report.service.ts";

/*
 * The month's GSTR-1 as files: a CSV for a spreadsheet (one section a table, amounts in rupees) and
 * the JSON that the GST offline tool imports (amounts in rupees, dates dd-mm-yyyy, rates in per cent).
 */

const rupees = (paise: number) => formatAmount(paise).replaceAll(",", "");
const rupeeNumber = (paise: number) => Math.round(paise) / 100;
const percent = (bps: number) => bps / 100;
const gstDay = (at: number) => indiaDay(at).split("-").reverse().join("-");

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

/** A rate's taxable value and taxes as the return writes them (no cess on clothing). */
const taxFigures = (row: RateRow) => ({
  rt: percent(row.rateBps),
  txval: rupeeNumber(row.taxable),
  iamt: rupeeNumber(row.igst),
  camt: rupeeNumber(row.cgst),
  samt: rupeeNumber(row.sgst),
  csamt: 0,
});

const items = (rows: readonly RateRow[]) => rows.map((row, i) => ({ num: i + 1, itm_det: taxFigures(row) }));

const invoiceOf = (document: ListedDocument) => ({
  inum: document.number,
  idt: gstDay(document.date),
  val: rupeeNumber(document.value),
  pos: document.stateCode,
  rchrg: "N",
  inv_typ: "R",
  itms: items(document.rows),
});

const noteOf = (document: ListedDocument) => ({
  ntty: "C",
  nt_num: document.number,
  nt_dt: gstDay(document.date),
  val: rupeeNumber(document.value),
  pos: document.stateCode,
  itms: items(document.rows),
});

/** Documents grouped under the buyer's GSTIN, as B2B and CDNR are filed. */
function byBuyer<T>(documents: readonly ListedDocument[], entry: (document: ListedDocument) => T) {
  const buyers = new Map<string, T[]>();
  for (const document of documents) {
    const gstin = document.buyerGstin ?? "";
    const list = buyers.get(gstin) ?? [];
    list.push(entry(document));
    buyers.set(gstin, list);
  }
  return [...buyers].map(([ctin, list]) => ({ ctin, list }));
}

const hsnData = (rows: readonly HsnRow[]) =>
  rows.map((row, i) => ({ num: i + 1, hsn_sc: row.hsn, uqc: UQC, qty: row.quantity, ...taxFigures(row) }));

/** The month's GSTR-1 as the GST offline tool imports it. */
export function gstr1Json(report: GstReport, sellerGstin: string) {
  const [year, month] = report.month.split("-");
  return {
    gstin: sellerGstin,
    fp: `${month}${year}`,
    b2b: byBuyer(report.b2b, invoiceOf).map(({ ctin, list }) => ({ ctin, inv: list })),
    b2cl: groupByPlace(report.b2cl).map(([pos, list]) => ({
      pos,
      inv: list.map(({ number, date, value, rows }) => ({
        inum: number,
        idt: gstDay(date),
        val: rupeeNumber(value),
        itms: items(rows),
      })),
    })),
    b2cs: report.b2cs.map((row) => ({
      sply_ty: row.supplyType === "intra" ? "INTRA" : "INTER",
      pos: row.stateCode,
      typ: "OE",
      ...taxFigures(row),
    })),
    cdnr: byBuyer(report.cdnr, (note) => ({ ...noteOf(note), rchrg: "N", inv_typ: "R" })).map(({ ctin, list }) => ({
      ctin,
      nt: list,
    })),
    cdnur: report.cdnur.map((note) => ({ ...noteOf(note), typ: "B2CL" })),
    hsn: { hsn_b2b: hsnData(report.hsnB2b), hsn_b2c: hsnData(report.hsnB2c) },
    doc_issue: { doc_det: documentsIssued(report.documents) },
  };
}

/**
 * Table 13 as the offline tool takes it: one entry per nature of document (1: invoices for outward
 * supply, 5: credit notes), each listing its series that issued anything (CN and RC are two series
 * of credit notes).
 */
function documentsIssued(documents: GstReport["documents"]) {
  return ([1, 5] as const).map((docNum) => ({
    doc_num: docNum,
    docs: documents
      .filter((series) => (series.nature === "Credit notes" ? 5 : 1) === docNum && series.first)
      .map((series, i) => ({
        num: i + 1,
        from: series.first,
        to: series.last,
        totnum: series.total,
        cancel: series.cancelled,
        net_issue: series.netIssued,
      })),
  }));
}

function groupByPlace(documents: readonly ListedDocument[]): [string, ListedDocument[]][] {
  const places = new Map<string, ListedDocument[]>();
  for (const document of documents) {
    const list = places.get(document.stateCode) ?? [];
    list.push(document);
    places.set(document.stateCode, list);
  }
  return [...places];
}
