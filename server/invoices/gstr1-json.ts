import { indiaDay } from "#core/dates.ts";
import { hsnDescription } from "../tax/hsn-descriptions.ts";
import type { Amounts, B2csaRow, B2csRow, GstReport, HsnRow, ListedDocument, RateRow } from "./gst-report.service.ts";

/*
 * The month's GSTR-1 as the GST portal's Returns Offline Tool writes it for upload (record 34): the
 * format of tool release V3.2.4, whose files carry `"version": "GST3.2.4"` and the literal
 * `"hash": "hash"`. Amounts are rupees to the paisa, dates dd-mm-yyyy, rates in per cent. As the tool
 * does, a table with nothing in it is left out, and so is a tax head that does not apply: CGST and
 * SGST within the state, IGST across states; compensation cess applies to nothing the shop sells.
 * `docs/gstr1-offline-tool.schema.json` describes the format; a test validates every file against it.
 */

/** The offline tool release whose format this is, as its files name it. */
export const OFFLINE_TOOL_VERSION = "GST3.2.4";

/** From the return of May 2025 the HSN summary is filed in two tabs, B2B and B2C (GSTN, Phase-III). */
const HSN_SPLIT_FROM = "2025-05";

const rupees = (paise: number) => Math.round(paise) / 100;
const percent = (bps: number) => bps / 100;
const gstDay = (at: number) => indiaDay(at).split("-").reverse().join("-");
/** "2026-03" → "032026", the return period as the portal writes it. */
const period = (month: string) => `${month.slice(5, 7)}${month.slice(0, 4)}`;

/** The tax heads of a row that apply: IGST across states, CGST and SGST within one; never a zero for another. */
function taxHeads(row: Amounts) {
  return {
    ...(row.igst !== 0 ? { iamt: rupees(row.igst) } : {}),
    ...(row.cgst !== 0 || row.sgst !== 0 ? { camt: rupees(row.cgst), samt: rupees(row.sgst) } : {}),
  };
}

/** A rate's taxable value and the taxes that apply to it, as an invoice's or a note's item. */
const itemDetail = (row: RateRow) => ({ txval: rupees(row.taxable), rt: percent(row.rateBps), ...taxHeads(row) });

const items = (rows: readonly RateRow[]) => rows.map((row, i) => ({ num: i + 1, itm_det: itemDetail(row) }));

const invoiceOf = (document: ListedDocument) => ({
  inum: document.number,
  idt: gstDay(document.date),
  val: rupees(document.value),
  pos: document.stateCode,
  rchrg: "N",
  inv_typ: "R",
  itms: items(document.rows),
});

const noteOf = (document: ListedDocument) => ({
  nt_num: document.number,
  nt_dt: gstDay(document.date),
  ntty: "C",
  val: rupees(document.value),
});

/** Documents grouped under a key, in the order the key first comes. */
function groupBy(documents: readonly ListedDocument[], key: (document: ListedDocument) => string) {
  const groups = new Map<string, ListedDocument[]>();
  for (const document of documents) groups.set(key(document), [...(groups.get(key(document)) ?? []), document]);
  return [...groups];
}

const supplyOf = (row: B2csRow) => (row.supplyType === "intra" ? "INTRA" : "INTER");

const b2csOf = (row: B2csRow) => ({
  sply_ty: supplyOf(row),
  rt: percent(row.rateBps),
  typ: "OE",
  pos: row.stateCode,
  txval: rupees(row.taxable),
  ...taxHeads(row),
});

/** Table 10: one entry per earlier month, place of supply and kind of supply, its rates as items. */
function b2csaOf(rows: readonly B2csaRow[]) {
  const entries = new Map<string, B2csaRow[]>();
  for (const row of rows) {
    const key = `${row.originalMonth}|${row.stateCode}|${row.supplyType}`;
    entries.set(key, [...(entries.get(key) ?? []), row]);
  }
  return [...entries.values()].map((group) => {
    const [first] = group as [B2csaRow, ...B2csaRow[]];
    return {
      omon: period(first.originalMonth),
      sply_ty: supplyOf(first),
      typ: "OE",
      pos: first.stateCode,
      itms: group.map((row) => ({ rt: percent(row.rateBps), txval: rupees(row.taxable), ...taxHeads(row) })),
    };
  });
}

/** Goods go by the piece; a service code (shipping filed under SAC by older orders) has no quantity. */
const isService = (hsn: string) => hsn.startsWith("99");

const hsnData = (rows: readonly HsnRow[]) =>
  rows.map((row, i) => {
    const desc = hsnDescription(row.hsn);
    return {
      num: i + 1,
      hsn_sc: row.hsn,
      ...(desc ? { desc } : {}),
      uqc: isService(row.hsn) ? "NA" : "PCS",
      qty: isService(row.hsn) ? 0 : row.quantity,
      rt: percent(row.rateBps),
      txval: rupees(row.taxable),
      ...taxHeads(row),
    };
  });

/** The HSN rows of both tabs as one table, as the return asked for them before May 2025. */
function hsnTogether(report: GstReport): HsnRow[] {
  const rows = new Map<string, HsnRow>();
  for (const row of [...report.hsnB2b, ...report.hsnB2c]) {
    const key = `${row.hsn}|${row.rateBps}`;
    const sum = rows.get(key) ?? { ...row, quantity: 0, taxable: 0, cgst: 0, sgst: 0, igst: 0 };
    sum.quantity += row.quantity;
    sum.taxable += row.taxable;
    sum.cgst += row.cgst;
    sum.sgst += row.sgst;
    sum.igst += row.igst;
    rows.set(key, sum);
  }
  return [...rows.values()];
}

function hsnOf(report: GstReport) {
  if (report.month < HSN_SPLIT_FROM) return { data: hsnData(hsnTogether(report)) };
  return {
    ...(report.hsnB2b.length ? { hsn_b2b: hsnData(report.hsnB2b) } : {}),
    ...(report.hsnB2c.length ? { hsn_b2c: hsnData(report.hsnB2c) } : {}),
  };
}

/**
 * Table 13 as the offline tool takes it: one entry per nature of document that issued anything (1:
 * invoices for outward supply, 5: credit notes), numbered and named as the tool's list of natures
 * is, each listing its series that issued anything (CN and RC are two series of credit notes).
 */
function documentsIssued(documents: GstReport["documents"]) {
  const natures = [
    { doc_num: 1, doc_typ: "Invoices for outward supply", nature: "Invoices for outward supply" },
    { doc_num: 5, doc_typ: "Credit Note", nature: "Credit notes" },
  ] as const;
  return natures
    .map(({ doc_num, doc_typ, nature }) => ({
      doc_num,
      doc_typ,
      docs: documents
        .filter((series) => series.nature === nature && series.first && series.last)
        .map((series, i) => ({
          num: i + 1,
          from: series.first ?? "",
          to: series.last ?? "",
          totnum: series.total,
          cancel: series.cancelled,
          net_issue: series.netIssued,
        })),
    }))
    .filter((nature) => nature.docs.length > 0);
}

/** The month's GSTR-1 as the GST offline tool imports it; a table with nothing in it is left out. */
export function gstr1Json(report: GstReport, sellerGstin: string) {
  const b2b = groupBy(report.b2b, (d) => d.buyerGstin ?? "").map(([ctin, list]) => ({
    ctin,
    inv: list.map(invoiceOf),
  }));
  const b2cl = groupBy(report.b2cl, (d) => d.stateCode).map(([pos, list]) => ({
    pos,
    inv: list.map(({ number, date, value, rows }) => ({
      inum: number,
      idt: gstDay(date),
      val: rupees(value),
      itms: items(rows),
    })),
  }));
  const b2cs = report.b2cs.map(b2csOf);
  const b2csa = b2csaOf(report.b2csa);
  const cdnr = groupBy(report.cdnr, (d) => d.buyerGstin ?? "").map(([ctin, list]) => ({
    ctin,
    nt: list.map((note) => ({
      ...noteOf(note),
      pos: note.stateCode,
      rchrg: "N",
      inv_typ: "R",
      itms: items(note.rows),
    })),
  }));
  const cdnur = report.cdnur.map((note) => ({
    ...noteOf(note),
    typ: "B2CL",
    pos: note.stateCode,
    itms: items(note.rows),
  }));
  const docDet = documentsIssued(report.documents);
  const hsn = hsnOf(report);
  return {
    gstin: sellerGstin,
    fp: period(report.month),
    version: OFFLINE_TOOL_VERSION,
    hash: "hash",
    ...(b2b.length ? { b2b } : {}),
    ...(b2cl.length ? { b2cl } : {}),
    ...(b2cs.length ? { b2cs } : {}),
    ...(b2csa.length ? { b2csa } : {}),
    ...(cdnr.length ? { cdnr } : {}),
    ...(cdnur.length ? { cdnur } : {}),
    ...(docDet.length ? { doc_issue: { doc_det: docDet } } : {}),
    ...(Object.keys(hsn).length ? { hsn } : {}),
  };
}
