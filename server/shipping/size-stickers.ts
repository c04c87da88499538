import type { Actor } from "#core/actor.ts";
import { isValidEan13 } from "#core/barcode.ts";
import { productStock } from "../catalog/variants.service.ts";
import type { Db } from "../db/schema.ts";
import { A4, drawLinearBarcode, finish, INK, newPaper } from "./paper.ts";

/*
 * A sheet of size stickers for the shelves and the garments' tags (record 46): A4 sheets of 3 × 8
 * labels of 63.5 × 33.9 mm (the common "L7159" sheet), each with the product's title, the size
 * large, the SKU, and a barcode: the size's EAN-13 when it has one, else its barcode or its SKU as
 * Code 128, which every scanner reads.
 */

const MM = 72 / 25.4;
const COLUMNS = 3;
const ROWS = 8;
const LABEL = { width: 63.5 * MM, height: 33.9 * MM };
const ORIGIN = { x: 7.2 * MM, y: 12.9 * MM };
const GAP = 2.5 * MM;
const PAD = 2.5 * MM;
/** The most stickers one sheet request prints: twenty sheets. */
export const MAX_STICKERS = COLUMNS * ROWS * 20;

export type SizeSticker = { title: string; size: string; sku: string; barcode: string | null };

/** The stickers as A4 sheets. */
export function renderSizeStickers(stickers: readonly SizeSticker[]): Promise<Buffer> {
  const paper = newPaper(`Size stickers: ${stickers[0]?.title ?? ""}`);
  stickers.slice(0, MAX_STICKERS).forEach((sticker, index) => {
    const slot = index % (COLUMNS * ROWS);
    if (slot === 0) paper.doc.addPage({ size: A4, margin: 0 });
    const x = ORIGIN.x + (slot % COLUMNS) * (LABEL.width + GAP);
    const y = ORIGIN.y + Math.floor(slot / COLUMNS) * LABEL.height;
    drawSticker(paper.doc, sticker, x, y);
  });
  if (stickers.length === 0) paper.doc.addPage({ size: A4, margin: 0 });
  return finish(paper);
}

function drawSticker(doc: PDFKit.PDFDocument, sticker: SizeSticker, x: number, y: number) {
  const width = LABEL.width - 2 * PAD;
  doc
    .fillColor(INK)
    .font("bold")
    .fontSize(16)
    .text(sticker.size, x + PAD, y + PAD, { width, height: 18 });
  doc
    .font("regular")
    .fontSize(7)
    .text(sticker.title, x + PAD + 40, y + PAD + 2, { width: width - 40, height: 18, ellipsis: true });
  const ean = sticker.barcode !== null && isValidEan13(sticker.barcode);
  const code = sticker.barcode ?? sticker.sku;
  drawLinearBarcode(doc, ean ? "ean13" : "code128", code, { x: x + PAD, y: y + PAD + 21, width, height: 36 });
  doc
    .font("regular")
    .fontSize(7)
    .text(code === sticker.sku ? sticker.sku : `${code} · ${sticker.sku}`, x + PAD, y + PAD + 60, {
      width,
      align: "center",
      height: 10,
    });
}

/** A product's stickers: one for each piece on the shelf (one for a size with none), by size. */
export async function sizeStickerSheet(db: Db, actor: Actor, productId: number) {
  const { product, sizes } = await productStock(db, actor, productId);
  const stickers = sizes.flatMap((size) =>
    Array.from({ length: Math.max(1, size.stock) }, () => ({
      title: product.title,
      size: size.size,
      sku: size.sku,
      barcode: size.barcode,
    })),
  );
  return { handle: product.handle, pdf: await renderSizeStickers(stickers) };
}
