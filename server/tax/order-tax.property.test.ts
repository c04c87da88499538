import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type OrderTax, sharePoints, taxOrder } from "./order-tax.ts";
import type { TaxedLine } from "./tax-summary.ts";

/*
 * GST on random carts, checked against what the law asks of every invoice rather than against the
 * code's own arithmetic: it adds up to the money received, CGST and SGST are equal halves, each row's
 * tax is the tax inside its value to the paisa, and each piece is taxed at the band its value after
 * points falls in. The bands are written out here again, by hand, for the two days tested.
 */

const MAHARASHTRA = "27";
const NOV_2026 = Date.UTC(2026, 10, 23, 6);
const MAR_2023 = Date.UTC(2023, 2, 1, 6);

const HSNS = [
  "6204",
  "6104",
  "6109",
  "6214",
  "6307",
  "6403",
  "5007",
  "5208",
  "5407",
  "4202",
  "4203",
  "7113",
  "7116",
  "7117",
  "9004",
  "9102",
  "9615",
];

/** The rates of HSNs without price bands, on both days but for combs and clips (5 % since 2025). */
const FLAT: Record<string, number> = {
  "50": 500,
  "52": 500,
  "54": 500,
  "42": 1800,
  "71": 300,
  "90": 1800,
  "91": 1800,
  "96": 1800,
};

/** The lower band when the piece's taxable value at the lower rate is within the ceiling. */
const banded = (piece: number, ceiling: number, lower: number, higher: number) =>
  piece * 10_000 <= ceiling * (10_000 + lower) ? lower : higher;

/** The rate the law gives a piece sold at a GST-inclusive value (paise), by hand. */
function expectedRate(hsn: string, piece: number, onDate: number): number {
  const chapter = hsn.slice(0, 2);
  if (onDate === NOV_2026) {
    if (["61", "62", "63", "64"].includes(chapter)) return banded(piece, 250_000, 500, 1800);
    return hsn.startsWith("9615") ? 500 : (FLAT[chapter] ?? 0);
  }
  if (["61", "62", "63"].includes(chapter)) return banded(piece, 100_000, 500, 1200);
  if (chapter === "64") return banded(piece, 100_000, 1200, 1800);
  return FLAT[chapter] ?? 0;
}

const price = fc.oneof(
  fc.integer({ min: 100, max: 30_000_000 }),
  // Around the ₹2,500 line, and where neither band is self-consistent (₹2,625 to ₹2,950).
  fc.integer({ min: 240_000, max: 260_000 }),
  fc.integer({ min: 262_000, max: 296_000 }),
  // Around the ₹1,000 line of earlier years.
  fc.integer({ min: 95_000, max: 115_000 }),
);
const line = fc.record({ hsn: fc.constantFrom(...HSNS), unitPrice: price, quantity: fc.integer({ min: 1, max: 5 }) });
const cart = fc.record({
  lines: fc.array(line, { minLength: 1, maxLength: 5 }),
  // The share of the goods points pay for, in basis points: none, all, or anything between.
  pointsShare: fc.oneof(fc.constant(0), fc.constant(10_000), fc.integer({ min: 0, max: 10_000 })),
  shipping: fc.oneof(
    fc.constantFrom(0, 4_900, 10_000),
    fc.integer({ min: 0, max: 50_000 }).map((n) => 2 * n + 1),
  ),
  deliveryStateCode: fc.constantFrom(MAHARASHTRA, "19", "07"),
  onDate: fc.constantFrom(NOV_2026, MAR_2023),
});

const sum = (rows: readonly TaxedLine[], pick: (row: TaxedLine) => number) =>
  rows.reduce((total, row) => total + pick(row), 0);

/** A row's own arithmetic: nothing negative, taxable + tax = value, the tax inside it to the paisa. */
function checkRow(row: TaxedLine, intra: boolean) {
  const value = row.gross - row.discount;
  for (const amount of [row.gross, row.discount, row.taxable, row.cgst, row.sgst, row.igst, row.quantity]) {
    expect(amount).toBeGreaterThanOrEqual(0);
  }
  expect(row.taxable + row.cgst + row.sgst + row.igst).toBe(value);
  const inside = (value * row.rateBps) / (10_000 + row.rateBps);
  if (intra) {
    expect(row.igst).toBe(0);
    expect(row.cgst).toBe(row.sgst);
    expect(Math.abs(row.cgst - inside / 2)).toBeLessThanOrEqual(0.5);
  } else {
    expect(row.cgst + row.sgst).toBe(0);
    expect(Math.abs(row.igst - inside)).toBeLessThanOrEqual(0.5);
  }
}

/** Shipping rides under the goods' HSNs and rates, one row for each pair, and all of it is there. */
function checkShipping(tax: OrderTax, shipping: number) {
  const goodsPairs = new Set(tax.goods.map((row) => `${row.hsn}|${row.rateBps}`));
  const shippingPairs = tax.shipping.map((row) => `${row.hsn}|${row.rateBps}`);
  for (const pair of shippingPairs) expect(goodsPairs).toContain(pair);
  expect(new Set(shippingPairs).size).toBe(shippingPairs.length);
  expect(sum(tax.shipping, (row) => row.gross)).toBe(shipping);
  expect(sum(tax.shipping, (row) => row.discount + row.quantity)).toBe(0);
}

describe("GST on any cart", () => {
  it("adds up to the money received, in equal halves or IGST, at the rate of each piece's band", () => {
    fc.assert(
      fc.property(cart, ({ lines, pointsShare, shipping, deliveryStateCode, onDate }) => {
        const goods = lines.reduce((total, l) => total + l.unitPrice * l.quantity, 0);
        const discount = Math.floor((goods * pointsShare) / 10_000);
        const intra = deliveryStateCode === MAHARASHTRA;
        const tax = taxOrder({
          lines: sharePoints(lines, discount),
          shipping,
          sellerStateCode: MAHARASHTRA,
          deliveryStateCode,
          onDate,
        });
        const received = goods - discount + shipping;
        const rows = [...tax.goods, ...tax.shipping];

        expect(sum(rows, (row) => row.taxable + row.cgst + row.sgst + row.igst)).toBe(received);
        expect(tax.totals).toMatchObject({ total: received, discount });
        expect(tax.totals.taxable + tax.totals.cgst + tax.totals.sgst + tax.totals.igst).toBe(received);
        expect(tax.byRate.reduce((total, rate) => total + rate.taxable, 0)).toBe(tax.totals.taxable);
        for (const row of rows) checkRow(row, intra);
        tax.goods.forEach((row, i) => {
          const piece = (row.gross - row.discount) / row.quantity;
          expect(row.rateBps, `${row.hsn} at ${piece} paise a piece`).toBe(
            expectedRate(lines[i]?.hsn ?? "", piece, onDate),
          );
        });
        checkShipping(tax, shipping);
      }),
      { numRuns: 500 },
    );
  });
});
