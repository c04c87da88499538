import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ambiguousPriceRanges, gstRateForInclusivePiece } from "./gst-rates.ts";
import { shareInProportion, taxOrder } from "./order-tax.ts";
import type { TaxedLine } from "./tax-summary.ts";

const NOV_2026 = Date.UTC(2026, 10, 23, 6);
const MAHARASHTRA = "27";
const WEST_BENGAL = "19";

function order(
  lines: { hsn: string; rupees: number; quantity?: number }[],
  extra: { points?: number; to?: string } = {},
) {
  return taxOrder({
    lines: lines.map((line) => ({ hsn: line.hsn, unitPrice: line.rupees * 100, quantity: line.quantity ?? 1 })),
    discount: (extra.points ?? 0) * 100,
    shipping: 0,
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

  it("taxes a mixed cart at three rates, with shipping following each rate", () => {
    const tax = taxOrder({
      lines: [
        { hsn: "7117", unitPrice: 129_900, quantity: 2 },
        { hsn: "6204", unitPrice: 189_900, quantity: 1 },
        { hsn: "9102", unitPrice: 349_900, quantity: 1 },
      ],
      discount: 0,
      shipping: 10_000,
      sellerStateCode: MAHARASHTRA,
      deliveryStateCode: MAHARASHTRA,
      onDate: NOV_2026,
    });
    expect(tax.goods.map((line) => line.rateBps)).toEqual([300, 500, 1800]);
    expect(tax.byRate.map((rate) => rate.rateBps)).toEqual([300, 500, 1800]);
    expect(tax.shipping.map((line) => [line.hsn, line.rateBps, line.gross])).toEqual([
      // ₹100 over ₹2,598, ₹1,899 and ₹3,499: 32.49, 23.75 and 43.76.
      ["996812", 300, 3_249],
      ["996812", 500, 2_375],
      ["996812", 1800, 4_376],
    ]);
    expect(tax.totals.total).toBe(259_800 + 189_900 + 349_900 + 10_000);
  });

  it("always adds up: every line's taxable value and tax make its value, and the totals are the lines' sums", () => {
    const hsn = fc.constantFrom(
      "6204",
      "6104",
      "6109",
      "6214",
      "6307",
      "6403",
      "5007",
      "4202",
      "7113",
      "7117",
      "9004",
      "9102",
      "9615",
    );
    const line = fc.record({
      hsn,
      unitPrice: fc.integer({ min: 100, max: 5_000_000 }),
      quantity: fc.integer({ min: 1, max: 9 }),
    });
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 50_000 }),
        fc.constantFrom(MAHARASHTRA, WEST_BENGAL, "07"),
        (lines, discountShare, shipping, to) => {
          const gross = lines.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0);
          const discount = Math.floor((gross * discountShare) / 200);
          const tax = taxOrder({
            lines,
            discount,
            shipping,
            sellerStateCode: MAHARASHTRA,
            deliveryStateCode: to,
            onDate: NOV_2026,
          });
          const rows = [...tax.goods, ...tax.shipping];
          for (const row of rows) {
            expect(row.taxable + row.cgst + row.sgst + row.igst).toBe(row.gross - row.discount);
            expect(Math.abs(row.cgst - row.sgst)).toBeLessThanOrEqual(1);
            if (to === MAHARASHTRA) expect(row.igst).toBe(0);
            else expect(row.cgst + row.sgst).toBe(0);
          }
          const sum = (pick: (row: TaxedLine) => number) => rows.reduce((total, row) => total + pick(row), 0);
          expect(tax.totals.total).toBe(gross - discount + shipping);
          expect(tax.totals.discount).toBe(discount);
          expect(tax.totals.taxable).toBe(sum((r) => r.taxable));
          expect(tax.totals.cgst + tax.totals.sgst + tax.totals.igst).toBe(sum((r) => r.cgst + r.sgst + r.igst));
          expect(tax.byRate.reduce((total, rate) => total + rate.taxable, 0)).toBe(tax.totals.taxable);
        },
      ),
      { numRuns: 400 },
    );
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
