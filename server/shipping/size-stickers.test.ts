import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { pdfText } from "../testing/pdf-text.ts";
import { MAX_STICKERS, renderSizeStickers } from "./size-stickers.ts";

function pageCount(pdf: Buffer): number {
  const info = execFileSync("pdfinfo", ["-"], { input: pdf }).toString();
  return Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]);
}

describe("the size sticker sheet", () => {
  it("prints 24 stickers an A4 sheet with the size, the SKU and an EAN-13 or a Code 128 of the SKU", async () => {
    const stickers = Array.from({ length: 30 }, (_, index) => ({
      title: "Zainab Embroidered Lawn 3-Piece Suit",
      size: index < 20 ? "M" : "UK 5",
      sku: index < 20 ? "KSR-12-M" : "KSR-12-UK5",
      barcode: index < 20 ? "8901234567890" : null,
    }));
    const pdf = await renderSizeStickers(stickers);
    expect(pageCount(pdf)).toBe(2);
    const text = pdfText(pdf);
    expect(text).toContain("8901234567890 · KSR-12-M");
    expect(text).toContain("UK 5");
    expect(text).toContain("KSR-12-UK5");
  });

  it("stops at twenty sheets, however many pieces are on the shelf", async () => {
    const many = Array.from({ length: MAX_STICKERS + 50 }, () => ({ title: "T", size: "S", sku: "A1", barcode: null }));
    expect(pageCount(await renderSizeStickers(many))).toBe(20);
  });
});
