import bwipjs from "bwip-js/node";
import { type PdfDocument, parseShopFonts, startPdf } from "../invoices/pdf-document.ts";

/*
 * What the shop's parcel paper shares: a document with the shop's fonts (invoices/pdf-document.ts),
 * and barcodes drawn as vectors. Labels and slips are printed on 4×6 inch thermal printers (203 dots an inch,
 * black only): everything is pure black on white, and a barcode's narrowest bar is a whole number
 * of printer dots wide, so that no bar prints a dot wider than its neighbour and scanners read it.
 */

/** 4 × 6 inches in points: the thermal label every Indian courier takes. */
export const FOUR_BY_SIX: [number, number] = [288, 432];
export const A4: [number, number] = [595.28, 841.89];
export const INK = "#000000";

const FONTS = parseShopFonts();

export type Paper = PdfDocument;

/** A PDF being drawn, its first page not yet added (each builder adds its pages at their size). */
export function newPaper(title: string): Paper {
  return startPdf(FONTS, { autoFirstPage: false, info: { Title: title, Author: "Kesar" } });
}

/** Ends the document and answers its bytes. */
export function finish(paper: Paper): Promise<Buffer> {
  paper.doc.end();
  return paper.done;
}

const PRINTER_DOT = 72 / 203;

/** The widest bar module of whole printer dots that lets `modules` fit in `width` points. */
function moduleWidth(modules: number, width: number): number {
  return Math.max(1, Math.floor(width / modules / PRINTER_DOT)) * PRINTER_DOT;
}

/**
 * A Code 128 barcode of `text`, centred in the box, with the quiet zones the standard asks for
 * (10 modules each side) inside it. Answers the width the bars took.
 */
export function drawCode128(
  doc: PDFKit.PDFDocument,
  text: string,
  box: { x: number; y: number; width: number; height: number },
): number {
  return drawLinearBarcode(doc, "code128", text, box);
}

/** A linear barcode (Code 128, or EAN-13 from its 13 digits), drawn as drawCode128 draws one. */
export function drawLinearBarcode(
  doc: PDFKit.PDFDocument,
  bcid: "code128" | "ean13",
  text: string,
  box: { x: number; y: number; width: number; height: number },
): number {
  const [symbol] = bwipjs.raw({ bcid, text });
  const widths = symbol && "sbs" in symbol ? symbol.sbs : [];
  const modules = widths.reduce((sum, width) => sum + width, 0);
  const unit = moduleWidth(modules + 20, box.width);
  let x = box.x + (box.width - modules * unit) / 2;
  widths.forEach((width, index) => {
    // sbs alternates bar, space, bar…, starting with a bar.
    if (index % 2 === 0) doc.rect(x, box.y, width * unit, box.height);
    x += width * unit;
  });
  doc.fillColor(INK).fill();
  return modules * unit;
}

/** A QR code of `text` (error correction M), `size` points square, from (x, y). */
export function drawQrCode(doc: PDFKit.PDFDocument, text: string, at: { x: number; y: number; size: number }) {
  const [symbol] = bwipjs.raw({ bcid: "qrcode", text, eclevel: "M" } as bwipjs.RawOptions);
  if (!symbol || !("pixs" in symbol)) return;
  const cell = at.size / (symbol.pixx + 8);
  const origin = { x: at.x + 4 * cell, y: at.y + 4 * cell };
  for (let row = 0; row < symbol.pixy; row++) {
    // Each run of dark modules in a row is one rectangle: a third of the drawing a cell each takes.
    let column = 0;
    while (column < symbol.pixx) {
      if (!symbol.pixs[row * symbol.pixx + column]) {
        column++;
        continue;
      }
      const start = column;
      while (column < symbol.pixx && symbol.pixs[row * symbol.pixx + column]) column++;
      doc.rect(origin.x + start * cell, origin.y + row * cell, (column - start) * cell, cell);
    }
  }
  doc.fillColor(INK).fill();
}

/** An empty square to tick by hand. */
export function tickBox(doc: PDFKit.PDFDocument, x: number, y: number, size = 9) {
  doc.lineWidth(0.8).strokeColor(INK).rect(x, y, size, size).stroke();
}

/** A full-width rule. */
export function rule(doc: PDFKit.PDFDocument, y: number, from: number, to: number, width = 0.8) {
  doc.lineWidth(width).strokeColor(INK).moveTo(from, y).lineTo(to, y).stroke();
}

/** "0.5 kg", "1.25 kg". */
export function kilograms(grams: number): string {
  return `${Number((grams / 1000).toFixed(3))} kg`;
}
