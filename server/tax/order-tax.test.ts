import { describe, expect, it } from "vitest";
import { ambiguousPriceRanges, GST_RATES, gstBandsFor, gstRateForInclusivePiece } from "./gst-rates.ts";
import { shareInProportion, sharePoints, taxOrder } from "./order-tax.ts";
import type { TaxedLine } from "./tax-summary.ts";

const NOV_2026 = Date.UTC(2026, 10, 23, 6);
const MAHARASHTRA = "27";
const WEST_BENGAL = "19";

function order(
  lines: { hsn: string; rupees: number; quantity?: number }[],
  extra: { points?: number; to?: string; shipping?: number } = {},
) {
  return taxOrder({
    lines: sharePoints(
      lines.map((line) => ({ hsn: line.hsn, unitPrice: line.rupees * 100, quantity: line.quantity ?? 1 })),
      (extra.points ?? 0) * 100,
    ),
    shipping: extra.shipping ?? 0,
    sellerStateCode: MAHARASHTRA,
    deliveryStateCode: extra.to ?? MAHARASHTRA,
    onDate: NOV_2026,
  });
}

const taxes = (line: TaxedLine | undefined) => line && [line.rateBps, line.taxable, line.cgst, line.sgst, line.igst];

describe("GST on an order, in paise", () => {
  it("taxes a ₹2,499 kurta delivered in Mumbai at 5 % as CGST 2.5 % + SGST 2.5 %", () => {
    const tax = order([{ hsn: "6204", rupees: 2499 }]);
    expect(tax.supplyType).toBe("intra");
    expect(taxes(tax.goods[0])).toEqual([500, 238_000, 5_950, 5_950, 0]);
  });

  it("taxes the same kurta delivered in Kolkata as IGST 5 %", () => {
    const tax = order([{ hsn: "6204", rupees: 2499 }], { to: WEST_BENGAL });
    expect(tax.supplyType).toBe("inter");
    expect(taxes(tax.goods[0])).toEqual([500, 238_000, 0, 0, 11_900]);
  });

  it("halves the tax into equal CGST and SGST, the odd paisa going to the taxable value", () => {
    // ₹999 at 5 %: ₹47.57 of tax inside, ₹23.785 a half, rounded to ₹23.79 each.
    expect(taxes(order([{ hsn: "6204", rupees: 999 }]).goods[0])).toEqual([500, 95_142, 2_379, 2_379, 0]);
    expect(taxes(order([{ hsn: "6204", rupees: 999 }], { to: WEST_BENGAL }).goods[0])).toEqual([
      500, 95_143, 0, 0, 4_757,
    ]);
  });

  it("taxes a ₹4,299 suit at 18 %", () => {
    expect(taxes(order([{ hsn: "6204", rupees: 4299 }]).goods[0])).toEqual([1800, 364_322, 32_789, 32_789, 0]);
  });

  it("lets ₹300 of points bring a ₹2,699 suit under ₹2,500 and so to 5 %", () => {
    const without = order([{ hsn: "6204", rupees: 2699 }]);
    expect(without.goods[0]?.rateBps).toBe(1800);
    const tax = order([{ hsn: "6204", rupees: 2699 }], { points: 300 });
    expect(tax.goods[0]).toMatchObject({ gross: 269_900, discount: 30_000, rateBps: 500 });
    expect(taxes(tax.goods[0])).toEqual([500, 228_476, 5_712, 5_712, 0]);
  });

  it("keeps shipping on the invoice, taxed at the goods' rate, when points pay for all the goods", () => {
    const tax = order([{ hsn: "6204", rupees: 50 }], { points: 50, shipping: 10_000 });
    expect(tax.totals.total).toBe(10_000);
    expect(taxes(tax.goods[0])).toEqual([500, 0, 0, 0, 0]);
    expect(tax.shipping.map((line) => [line.rateBps, line.gross, line.taxable, line.cgst, line.sgst])).toEqual([
      [500, 10_000, 9_524, 238, 238],
    ]);
    // Goods worth nothing after points share shipping by their value before the points: ₹100 and ₹300.
    const mixed = order(
      [
        { hsn: "7117", rupees: 100 },
        { hsn: "9102", rupees: 300 },
      ],
      { points: 400, shipping: 10_000, to: WEST_BENGAL },
    );
    expect(mixed.totals.total).toBe(10_000);
    expect(mixed.shipping.map((line) => [line.rateBps, line.gross, line.igst])).toEqual([
      [300, 2_500, 73],
      [1800, 7_500, 1_144],
    ]);
  });

  it("taxes a mixed cart at three rates, with shipping following each rate", () => {
    const tax = taxOrder({
      lines: [
        { hsn: "7117", unitPrice: 129_900, quantity: 2 },
        { hsn: "6204", unitPrice: 189_900, quantity: 1 },
        { hsn: "9102", unitPrice: 349_900, quantity: 1 },
      ],
      shipping: 10_000,
      sellerStateCode: MAHARASHTRA,
      deliveryStateCode: MAHARASHTRA,
      onDate: NOV_2026,
    });
    expect(tax.goods.map((line) => line.rateBps)).toEqual([300, 500, 1800]);
    expect(tax.byRate.map((rate) => rate.rateBps)).toEqual([300, 500, 1800]);
    expect(tax.shipping.map((line) => [line.hsn, line.rateBps, line.gross])).toEqual([
      // ₹100 over ₹2,598, ₹1,899 and ₹3,499: 32.49, 23.75 and 43.76, under each line's HSN.
      ["7117", 300, 3_249],
      ["6204", 500, 2_375],
      ["9102", 1800, 4_376],
    ]);
    expect(tax.totals.total).toBe(259_800 + 189_900 + 349_900 + 10_000);
  });

  it("files shipping under the HSN of the goods it carries, one row per HSN and rate, adding no pieces", () => {
    const tax = order(
      [
        { hsn: "6204", rupees: 1899 },
        { hsn: "6204", rupees: 999 },
        { hsn: "6109", rupees: 1499 },
        { hsn: "9102", rupees: 3499 },
      ],
      { shipping: 10_000 },
    );
    // ₹100 over ₹1,899, ₹999, ₹1,499 and ₹3,499: 24.05, 12.65, 18.99 and 44.31.
    expect(tax.shipping.map((line) => [line.hsn, line.rateBps, line.gross, line.quantity])).toEqual([
      ["6204", 500, 3_670, 0],
      ["6109", 500, 1_899, 0],
      ["9102", 1800, 4_431, 0],
    ]);
  });
});

describe("the rate table", () => {
  it("takes the rate of a piece's band, and the higher rate where neither band is self-consistent", () => {
    expect(gstRateForInclusivePiece("62044990", 262_500, NOV_2026)).toBe(500);
    expect(gstRateForInclusivePiece("6204", 262_501, NOV_2026)).toBe(1800);
    expect(gstRateForInclusivePiece("6204", 295_000, NOV_2026)).toBe(1800);
    expect(ambiguousPriceRanges("6204", NOV_2026)).toEqual([{ fromPaise: 262_500, toPaise: 295_000 }]);
    expect(ambiguousPriceRanges("7117", NOV_2026)).toEqual([]);
  });

  it("answers by date: before 22 September 2025 apparel was 5 % up to ₹1,000 and 12 % above", () => {
    const august2025 = Date.UTC(2025, 7, 1);
    expect(gstRateForInclusivePiece("6204", 105_000, august2025)).toBe(500);
    expect(gstRateForInclusivePiece("6204", 249_900, august2025)).toBe(1200);
    expect(gstRateForInclusivePiece("6204", 249_900, NOV_2026)).toBe(500);
    // 21 September 2025, 23:59 in India is still the old rate; 22 September 00:01 the new.
    expect(gstRateForInclusivePiece("6204", 249_900, Date.UTC(2025, 8, 21, 18, 29))).toBe(1200);
    expect(gstRateForInclusivePiece("6204", 249_900, Date.UTC(2025, 8, 21, 18, 31))).toBe(500);
  });

  it("takes each band by its own dates: apparel's ₹1,000 line before 22 September 2025, ₹2,500 after", () => {
    const june2019 = Date.UTC(2019, 5, 1, 6);
    expect(gstRateForInclusivePiece("6109", 105_000, june2019)).toBe(500);
    expect(gstRateForInclusivePiece("6109", 105_001, june2019)).toBe(1200);
    expect(gstRateForInclusivePiece("6109", 262_500, june2019)).toBe(1200);
    expect(gstRateForInclusivePiece("6109", 262_500, NOV_2026)).toBe(500);
    expect(gstRateForInclusivePiece("6109", 300_000, NOV_2026)).toBe(1800);
  });

  it("takes each band by its own dates: footwear in 2017, 2023 and 2026", () => {
    const august2017 = Date.UTC(2017, 7, 1, 6);
    const march2023 = Date.UTC(2023, 2, 1, 6);
    // 2017: 5 % up to ₹1,000 a pair, 18 % above.
    expect(gstRateForInclusivePiece("6403", 90_000, august2017)).toBe(500);
    expect(gstRateForInclusivePiece("6403", 150_000, august2017)).toBe(1800);
    // 2023: only the band up to ₹1,000 had moved (to 12 %); above it stayed 18 %.
    expect(gstRateForInclusivePiece("6403", 90_000, march2023)).toBe(1200);
    expect(gstRateForInclusivePiece("6403", 150_000, march2023)).toBe(1800);
    // 2026: 5 % up to ₹2,500 a pair, 18 % above.
    expect(gstRateForInclusivePiece("6403", 150_000, NOV_2026)).toBe(500);
    expect(gstRateForInclusivePiece("6403", 300_000, NOV_2026)).toBe(1800);
  });

  it("has, on every day a row starts or ends, one band per ceiling and one open band for each HSN", () => {
    const days = [...new Set(GST_RATES.flatMap((row) => [row.from, row.until ?? row.from]))];
    const materials = ["", ...new Set(GST_RATES.flatMap((row) => row.materials ?? []))];
    const cases = [...new Set(GST_RATES.map((row) => row.hsn))].flatMap((hsn) =>
      days.flatMap((day) => materials.map((material) => [hsn, day, material] as const)),
    );
    for (const [hsn, day, material] of cases) {
      const at = Date.parse(`${day}T12:00:00+05:30`);
      if (!GST_RATES.some((row) => row.hsn === hsn && row.from <= day)) continue;
      const bands = gstBandsFor(hsn, at, material);
      const ceilings = bands.map((band) => band.upToPaise);
      const where = `${hsn} (${material || "any material"}) on ${day}`;
      expect(new Set(ceilings).size, where).toBe(ceilings.length);
      expect(
        ceilings.filter((ceiling) => ceiling === null),
        where,
      ).toHaveLength(1);
      expect(bands.at(-1)?.upToPaise, where).toBeNull();
    }
  });

  it("rates handbags of cotton or jute by their material: 12 % before 22 September 2025, 5 % after; leather 18 %", () => {
    const june2024 = Date.UTC(2024, 5, 1, 6);
    expect(gstRateForInclusivePiece("4202", 149_900, june2024, "Cotton canvas")).toBe(1200);
    expect(gstRateForInclusivePiece("4202", 149_900, NOV_2026, "Cotton canvas")).toBe(500);
    expect(gstRateForInclusivePiece("4202", 149_900, NOV_2026, "Jute")).toBe(500);
    expect(gstRateForInclusivePiece("4202", 149_900, NOV_2026, "Vegan leather")).toBe(1800);
    expect(gstRateForInclusivePiece("4202", 149_900, NOV_2026, "")).toBe(1800);
    // A word inside another word is not the material ("cottonwood" is not cotton).
    expect(gstRateForInclusivePiece("4202", 149_900, NOV_2026, "Cottonwood bark")).toBe(1800);
    // Material rows never reach another heading.
    expect(gstRateForInclusivePiece("6204", 149_900, NOV_2026, "Cotton")).toBe(500);
    expect(gstRateForInclusivePiece("6204", 349_900, NOV_2026, "Cotton")).toBe(1800);
  });

  it("knows every HSN of the demo catalogue, and refuses one it does not know", () => {
    for (const hsn of [
      "5007",
      "6204",
      "6206",
      "6104",
      "6109",
      "6214",
      "6307",
      "6403",
      "4202",
      "7113",
      "7116",
      "7117",
      "9004",
      "9102",
      "9615",
    ]) {
      expect(gstRateForInclusivePiece(hsn, 99_900, NOV_2026), hsn).toBeGreaterThan(0);
    }
    expect(() => gstRateForInclusivePiece("8471", 99_900, NOV_2026)).toThrow(/No GST rate/);
  });

  it("shares an amount in proportion, in whole paise that add up exactly", () => {
    expect(shareInProportion(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(shareInProportion(30_000, [269_900])).toEqual([30_000]);
    expect(shareInProportion(0, [5, 5])).toEqual([0, 0]);
  });
});
