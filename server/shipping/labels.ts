import { formatShopDate } from "#core/dates.ts";
import { formatInr } from "#core/money.ts";
import type { ParcelPayment, ParcelSize } from "./carrier.ts";
import { drawCode128, FOUR_BY_SIX, finish, INK, kilograms, newPaper, rule } from "./paper.ts";

/*
 * The shop's own 4×6 inch shipping label (288 × 432 pt), for a parcel whose courier gives none
 * (shipped by hand) or when its label cannot be had: the AWB as a Code 128 barcode with its digits
 * under it, cash to collect or PREPAID in a black box, whom it goes to (the pincode large, as
 * sorters read it), the order number (also as a barcode, for the packing bench) and where it comes
 * back to if it cannot be delivered.
 */

export type ShippingLabel = {
  awb: string;
  courierName: string;
  routingCode?: string | null;
  orderNumber: string;
  orderedAt: number;
  payment: ParcelPayment;
  to: { name: string; address: string; city: string; state: string; pincode: string; phone: string };
  /** The seller, where an undelivered parcel comes back to. */
  from: { name: string; address: string; phone?: string | null; gstin?: string | null };
  parcel: ParcelSize;
  pieces: number;
};

const MARGIN = 10;
const WIDTH = FOUR_BY_SIX[0] - 2 * MARGIN;
const RIGHT = FOUR_BY_SIX[0] - MARGIN;

/** Every label given, one page each, as one PDF (what a bulk print sends to the thermal printer). */
export function renderShippingLabels(labels: readonly ShippingLabel[]): Promise<Buffer> {
  const paper = newPaper(labels.length === 1 ? `Label ${labels[0]?.awb}` : `${labels.length} labels`);
  for (const label of labels) drawShippingLabel(paper.doc, label);
  return finish(paper);
}

/** One label on a page of its own (also used by the parcel papers, label then slip). */
export function drawShippingLabel(doc: PDFKit.PDFDocument, label: ShippingLabel) {
  doc.addPage({ size: FOUR_BY_SIX, margin: 0 });
  let y = header(doc, label);
  y = awbBarcode(doc, label, y);
  y = deliverTo(doc, label, y);
  y = orderBlock(doc, label, y);
  returnTo(doc, label, y);
}

function header(doc: PDFKit.PDFDocument, label: ShippingLabel): number {
  doc
    .font("bold")
    .fontSize(13)
    .fillColor(INK)
    .text(label.courierName, MARGIN, MARGIN + 2, { width: 150, height: 20 });
  if (label.routingCode)
    doc
      .font("regular")
      .fontSize(8)
      .text(`Route ${label.routingCode}`, MARGIN, MARGIN + 24, { width: 150 });
  const box = { x: RIGHT - 112, y: MARGIN, width: 112, height: 36 };
  doc.rect(box.x, box.y, box.width, box.height).fillColor(INK).fill();
  doc.fillColor("#ffffff").font("bold");
  if (label.payment.method === "cod") {
    doc.fontSize(9).text("COD · COLLECT", box.x, box.y + 3, { width: box.width, align: "center" });
    doc.fontSize(15).text(formatInr(label.payment.collect), box.x, box.y + 14, { width: box.width, align: "center" });
  } else {
    doc.fontSize(17).text("PREPAID", box.x, box.y + 8, { width: box.width, align: "center" });
  }
  doc.fillColor(INK);
  rule(doc, MARGIN + 42, MARGIN, RIGHT);
  return MARGIN + 48;
}

function awbBarcode(doc: PDFKit.PDFDocument, label: ShippingLabel, top: number): number {
  drawCode128(doc, label.awb, { x: MARGIN, y: top, width: WIDTH, height: 64 });
  doc
    .font("bold")
    .fontSize(12)
    .text(`AWB ${label.awb}`, MARGIN, top + 67, { width: WIDTH, align: "center" });
  rule(doc, top + 86, MARGIN, RIGHT);
  return top + 92;
}

function deliverTo(doc: PDFKit.PDFDocument, label: ShippingLabel, top: number): number {
  const to = label.to;
  doc.font("bold").fontSize(7.5).text("DELIVER TO", MARGIN, top);
  doc
    .font("bold")
    .fontSize(12)
    .text(to.name, MARGIN, top + 10, { width: WIDTH, height: 16, ellipsis: true });
  doc.font("regular").fontSize(9.5);
  doc.text(to.address, MARGIN, top + 27, { width: WIDTH, height: 36, ellipsis: true });
  doc.text(`${to.city}, ${to.state}`, MARGIN, doc.y, { width: WIDTH, height: 13, ellipsis: true });
  const pinAt = doc.y + 2;
  doc.font("bold").fontSize(17).text(`PIN ${to.pincode}`, MARGIN, pinAt);
  doc
    .font("regular")
    .fontSize(9.5)
    .text(`Phone ${to.phone}`, MARGIN + 120, pinAt + 6, { width: WIDTH - 120, align: "right" });
  const bottom = pinAt + 26;
  rule(doc, bottom, MARGIN, RIGHT);
  return bottom + 6;
}

function orderBlock(doc: PDFKit.PDFDocument, label: ShippingLabel, top: number): number {
  const { parcel } = label;
  doc.font("bold").fontSize(10).text(`Order ${label.orderNumber}`, MARGIN, top, { width: 140 });
  doc.font("regular").fontSize(8.5);
  doc.text(`Ordered ${formatShopDate(label.orderedAt)}`, MARGIN, top + 14, { width: 140 });
  doc.text(
    `${kilograms(parcel.weightGrams)} · ${label.pieces} ${label.pieces === 1 ? "piece" : "pieces"}`,
    MARGIN,
    top + 26,
    {
      width: 140,
    },
  );
  doc.text(`${parcel.lengthCm} × ${parcel.breadthCm} × ${parcel.heightCm} cm`, MARGIN, top + 38, { width: 140 });
  drawCode128(doc, label.orderNumber, { x: MARGIN + 140, y: top, width: WIDTH - 140, height: 46 });
  rule(doc, top + 56, MARGIN, RIGHT);
  return top + 62;
}

function returnTo(doc: PDFKit.PDFDocument, label: ShippingLabel, top: number) {
  const from = label.from;
  doc.font("bold").fontSize(7.5).text("IF UNDELIVERED, RETURN TO", MARGIN, top);
  doc
    .font("bold")
    .fontSize(8.5)
    .text(from.name, MARGIN, top + 10, { width: WIDTH, height: 12, ellipsis: true });
  doc.font("regular").fontSize(8).text(from.address, MARGIN, doc.y, { width: WIDTH, height: 30, ellipsis: true });
  const contact = [from.phone ? `Phone ${from.phone}` : "", from.gstin ? `GSTIN ${from.gstin}` : ""].filter(Boolean);
  if (contact.length > 0) doc.text(contact.join(" · "), MARGIN, doc.y, { width: WIDTH });
}
