import { readFileSync } from "node:fs";
import * as fontkit from "fontkit";
import PDFDocument from "pdfkit";

/*
 * What every PDF of the shop starts from (invoices, credit notes, labels, packing slips, pick
 * lists): Noto Sans Devanagari (SIL OFL 1.1), which has Latin, the rupee sign and Devanagari in one
 * family, parsed once for every document (parsing, and shaping Devanagari the first time, is most of
 * the cost of an invoice; each document embeds only the glyphs it uses), and a document that
 * gathers its bytes.
 */
const FONTS = new URL("./fonts/", import.meta.url);

/** The shop's two weights, parsed; a kind of document parses its own once and keeps them. */
export type PdfFonts = { regular: unknown; bold: unknown };

/**
 * Parses the fonts for one kind of document (invoices, parcel paper): fontkit keeps layout state
 * in a parsed font, so kinds of documents do not share one.
 */
export function parseShopFonts(): PdfFonts {
  return {
    regular: fontkit.create(readFileSync(new URL("NotoSansDevanagari-Regular.ttf", FONTS))),
    bold: fontkit.create(readFileSync(new URL("NotoSansDevanagari-Bold.ttf", FONTS))),
  };
}

/** A PDF being drawn, and its bytes once it has ended. */
export type PdfDocument = { doc: PDFKit.PDFDocument; done: Promise<Buffer> };

/** A document with the fonts "regular" and "bold", gathering its bytes until `doc.end()`. */
export function startPdf(fonts: PdfFonts, options: PDFKit.PDFDocumentOptions): PdfDocument {
  const doc = new PDFDocument(options);
  // pdfkit takes a parsed fontkit font where its types only name files and buffers.
  doc.registerFont("regular", fonts.regular as Buffer);
  doc.registerFont("bold", fonts.bold as Buffer);
  readableDevanagari(doc);
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  return { doc, done };
}

const DEVANAGARI = /[\u0900-\u097F]/;

/**
 * Devanagari is drawn as shaped glyphs in the order they are seen: a vowel sign before its consonant,
 * a reph after the syllable. A reader copying the text, or a search, would get them in that order;
 * each run with Devanagari is therefore marked with its text as typed (an ActualText span), which
 * poppler, Acrobat and screen readers read instead of the glyphs.
 */
function readableDevanagari(doc: PDFKit.PDFDocument) {
  const draw = doc.text.bind(doc) as (...args: unknown[]) => PDFKit.PDFDocument;
  doc.text = ((content: unknown, ...rest: unknown[]) => {
    if (typeof content !== "string" || !DEVANAGARI.test(content)) return draw(content, ...rest);
    doc.markContent("Span", { actual: content } as PDFKit.Mixins.MarkingOptions);
    draw(content, ...rest);
    return doc.endMarkedContent();
  }) as typeof doc.text;
}
