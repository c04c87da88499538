import { formatShopDate } from "#core/dates.ts";
import { formatInr } from "#core/money.ts";
import { sizeText } from "#core/sizes.ts";
import { drawQrCode, FOUR_BY_SIX, finish, INK, newPaper, rule, tickBox } from "./paper.ts";

/*
 * The packing slip that goes inside the parcel, on the same 4×6 inch thermal roll as the label
 * (record 39: one printer at the packing bench, label and slip printed together per parcel): the
 * pieces with their sizes and quantities and a box to tick for each as it is packed, prices only
 * when the parcel is not a gift, how to return, and a QR code of the parcel's tracking page.
 * Pieces that do not fit continue on a second page.
 */

export type PackingSlipLine = {
  title: string;
  size: string;
  quantity: number;
  /** Paise per piece; never printed on a gift. */
  unitPrice: number;
  /** A piece that cannot be returned (jewellery, innerwear). */
  nonReturnable?: boolean;
  /** The size's SKU and barcode (record 46), printed so the bench can check the piece by its tag. */
  sku?: string | null;
  barcode?: string | null;
};

export type PackingSlip = {
  orderNumber: string;
  orderedAt: number;
  shipTo: { name: string; city: string; pincode: string };
  lines: readonly PackingSlipLine[];
  /** Paise: the order's total and what the courier collects (0 when paid online). */
  total: number;
  collect: number;
  gift: boolean;
  giftMessage?: string | null;
  returns: { days: number; url: string };
  /** The buyer's tracking page (/track/<token>), printed as a QR code. */
  trackingUrl: string;
};

const MARGIN = 12;
const [PAGE_WIDTH, PAGE_HEIGHT] = FOUR_BY_SIX;
const RIGHT = PAGE_WIDTH - MARGIN;
const WIDTH = RIGHT - MARGIN;
/** Where the pieces stop on a page: below it are the return note and the QR code. */
const LINES_BOTTOM = 300;

/** Every slip given as one PDF. */
export function renderPackingSlips(slips: readonly PackingSlip[]): Promise<Buffer> {
  const paper = newPaper(
    slips.length === 1 ? `Packing slip ${slips[0]?.orderNumber}` : `${slips.length} packing slips`,
  );
  for (const slip of slips) drawPackingSlip(paper.doc, slip);
  return finish(paper);
}

/** One slip, on as many 4×6 pages as its pieces need. */
export function drawPackingSlip(doc: PDFKit.PDFDocument, slip: PackingSlip) {
  let y = slipPage(doc, slip, false);
  for (const line of slip.lines) {
    doc.font("regular").fontSize(9);
    const height = Math.max(22, doc.heightOfString(line.title, { width: pieceWidth(slip) }) + 12);
    if (y + height > LINES_BOTTOM) {
      footer(doc, slip, "Continued on the next page");
      y = slipPage(doc, slip, true);
    }
    y = piece(doc, slip, line, y);
  }
  y = totals(doc, slip, y);
  footer(doc, slip, null);
}

const pieceWidth = (slip: PackingSlip) => WIDTH - 22 - 34 - (slip.gift ? 0 : 58);

function slipPage(doc: PDFKit.PDFDocument, slip: PackingSlip, continued: boolean): number {
  doc.addPage({ size: FOUR_BY_SIX, margin: 0 });
  doc.fillColor(INK).font("bold").fontSize(16).text("Kesar", MARGIN, MARGIN);
  doc.fontSize(10).text(continued ? "Packing slip (continued)" : "Packing slip", MARGIN, MARGIN + 4, {
    width: WIDTH,
    align: "right",
  });
  doc.font("regular").fontSize(8.5);
  doc.text(`Order ${slip.orderNumber} · ${formatShopDate(slip.orderedAt)}`, MARGIN, MARGIN + 24, { width: WIDTH });
  const to = slip.shipTo;
  doc.text(`For ${to.name}, ${to.city} ${to.pincode}`, MARGIN, MARGIN + 36, {
    width: WIDTH,
    height: 12,
    ellipsis: true,
  });
  let y = MARGIN + 50;
  if (slip.gift && !continued) {
    doc.font("bold").fontSize(9).text("A gift for you", MARGIN, y);
    y += 12;
    if (slip.giftMessage) {
      doc
        .font("regular")
        .fontSize(8.5)
        .text(`“${slip.giftMessage}”`, MARGIN, y, { width: WIDTH, height: 34, ellipsis: true });
      y = doc.y + 2;
    }
  }
  rule(doc, y + 2, MARGIN, RIGHT);
  doc
    .font("bold")
    .fontSize(7.5)
    .text("PIECE", MARGIN + 22, y + 6);
  doc.text("QTY", MARGIN + 22 + pieceWidth(slip), y + 6, { width: 30, align: "right" });
  if (!slip.gift) doc.text("PRICE", RIGHT - 58, y + 6, { width: 58, align: "right" });
  return y + 18;
}

function piece(doc: PDFKit.PDFDocument, slip: PackingSlip, line: PackingSlipLine, top: number): number {
  tickBox(doc, MARGIN + 2, top + 1);
  const titleX = MARGIN + 22;
  doc
    .font("regular")
    .fontSize(9)
    .fillColor(INK)
    .text(line.title, titleX, top, { width: pieceWidth(slip) });
  const note = [
    sizeText(line.size),
    line.sku ? `SKU ${line.sku}` : null,
    line.barcode && line.barcode !== line.sku ? line.barcode : null,
    line.nonReturnable ? "not returnable" : null,
  ]
    .filter(Boolean)
    .join(" · ");
  doc
    .font("bold")
    .fontSize(8)
    .text(note, titleX, doc.y, { width: pieceWidth(slip) });
  const bottom = doc.y;
  doc
    .font("bold")
    .fontSize(10)
    .text(`× ${line.quantity}`, titleX + pieceWidth(slip), top, { width: 30, align: "right" });
  if (!slip.gift) {
    doc
      .font("regular")
      .fontSize(9)
      .text(formatInr(line.unitPrice * line.quantity), RIGHT - 58, top, {
        width: 58,
        align: "right",
      });
  }
  return bottom + 6;
}

function totals(doc: PDFKit.PDFDocument, slip: PackingSlip, top: number): number {
  const pieces = slip.lines.reduce((sum, line) => sum + line.quantity, 0);
  rule(doc, top, MARGIN, RIGHT, 0.5);
  doc
    .font("bold")
    .fontSize(9)
    .text(`${pieces} ${pieces === 1 ? "piece" : "pieces"}`, MARGIN, top + 4);
  if (!slip.gift) {
    const money =
      slip.collect > 0 ? `Pay ${formatInr(slip.collect)} at the door` : `Total ${formatInr(slip.total)} · paid`;
    doc.text(money, MARGIN, top + 4, { width: WIDTH, align: "right" });
  }
  return top + 18;
}

function footer(doc: PDFKit.PDFDocument, slip: PackingSlip, note: string | null) {
  const top = LINES_BOTTOM + 6;
  rule(doc, top, MARGIN, RIGHT);
  if (note) {
    doc
      .font("bold")
      .fontSize(9)
      .text(note, MARGIN, top + 8, { width: WIDTH, align: "center" });
    return;
  }
  const qr = 92;
  const textWidth = WIDTH - qr - 8;
  doc
    .font("bold")
    .fontSize(8.5)
    .text("Returns and exchanges", MARGIN, top + 8, { width: textWidth });
  doc
    .font("regular")
    .fontSize(7.5)
    .text(
      `Within ${slip.returns.days} days of delivery, ask for a return or another size at ${slip.returns.url}. ` +
        "Keep the tags on and the piece unworn; we arrange the pickup.",
      MARGIN,
      doc.y + 1,
      { width: textWidth },
    );
  doc
    .font("bold")
    .fontSize(8)
    .text("Track your parcel: scan the code", MARGIN, doc.y + 4, { width: textWidth });
  // The address is printed on one line, as small as it must be to fit: wrapped at a hyphen of its
  // token it read as two addresses, and its last line could run under the footer.
  doc.font("regular").fontSize(fittingSize(doc, slip.trackingUrl, textWidth, 6.5, 4));
  doc.text(slip.trackingUrl, MARGIN, doc.y + 1, { width: textWidth, lineBreak: false });
  drawQrCode(doc, slip.trackingUrl, { x: RIGHT - qr, y: top + 6, size: qr });
  doc
    .font("regular")
    .fontSize(7)
    .text("Packed by ________  Checked by ________", MARGIN, PAGE_HEIGHT - MARGIN - 10, {
      width: WIDTH,
    });
}

/** The largest font size from `largest` down to `smallest` at which the text fits the width on one line. */
function fittingSize(doc: PDFKit.PDFDocument, text: string, width: number, largest: number, smallest: number) {
  let size = largest;
  while (size > smallest && doc.fontSize(size).widthOfString(text) > width) size -= 0.25;
  return size;
}
