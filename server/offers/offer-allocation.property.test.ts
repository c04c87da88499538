import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { CollectionFlag } from "#core/collections.ts";
import type { Offer, OfferAction } from "#core/offers.ts";
import { draftInvoice } from "../invoices/invoicing.ts";
import { DEMO_SELLER } from "../tax/seller.ts";
import { offerInput } from "../testing/offer-fixtures.ts";
import { priceOffers } from "./offer-engine.ts";
import { soldParts } from "./offer-redemption.ts";

/*
 * Offers on random carts, checked against what the law and the shopper ask of every order rather
 * than against the engine's own arithmetic: each line's parts add up to the line, no discount makes
 * anything negative or touches shipping but free shipping, the invoice adds up to the money
 * received, and every piece is taxed at the band of its own value after its discounts. The apparel
 * band (5 % up to ₹2,500 a piece, 18 % above, from 22 September 2025) is written out here by hand.
 */

const NOV_2026 = Date.UTC(2026, 10, 23, 6);
const SHIPPING = 10_000;

/** The rate the law gives an apparel piece sold at a GST-inclusive value (paise), by hand. */
const apparelRate = (piece: number) => (piece * 10_000 <= 250_000 * 10_500 ? 500 : 1800);

const action: fc.Arbitrary<OfferAction> = fc.oneof(
  fc.record({
    type: fc.constant("percent" as const),
    percent: fc.integer({ min: 1, max: 100 }),
    capPaise: fc.option(fc.integer({ min: 100, max: 500_000 }), { nil: null }),
  }),
  fc.record({ type: fc.constant("fixed" as const), amountPaise: fc.integer({ min: 1, max: 2_000_000 }) }),
  fc.record({ type: fc.constant("free-shipping" as const) }),
  fc.record({
    type: fc.constant("buy-x-get-y" as const),
    buy: fc.integer({ min: 1, max: 3 }),
    get: fc.integer({ min: 1, max: 2 }),
    percent: fc.oneof(fc.constant(100), fc.integer({ min: 1, max: 100 })),
  }),
);

const offer = (id: number, kind: Offer["kind"]) =>
  fc
    .record({
      action,
      collections: fc.subarray<CollectionFlag>(["isEthnic", "isWestern"]),
      minSubtotal: fc.option(fc.integer({ min: 1, max: 800_000 }), { nil: null }),
      combinesWithCode: fc.boolean(),
    })
    .map(
      (drawn): Offer => ({
        id,
        uses: 0,
        disabledAt: null,
        ...offerInput({
          name: `P${id}`,
          kind,
          action: drawn.action,
          scope: { collections: drawn.collections, productIds: [] },
          minSubtotal: drawn.minSubtotal,
          combinesWithCode: drawn.combinesWithCode,
        }),
      }),
    );

const price = fc.oneof(
  fc.integer({ min: 100, max: 1_000_000 }),
  // Around the ₹2,500 line, where a discount moves a piece from 18 % to 5 %.
  fc.integer({ min: 240_000, max: 300_000 }),
);
const line = fc.record({
  unitPrice: price,
  quantity: fc.integer({ min: 1, max: 4 }),
  collections: fc.subarray<CollectionFlag>(["isEthnic", "isWestern"]),
});

const order = fc.record({
  lines: fc.array(line, { minLength: 1, maxLength: 6 }),
  automatic: fc
    .array(fc.integer({ min: 1, max: 3 }), { maxLength: 3 })
    .chain((ids) => fc.tuple(...ids.map((_, i) => offer(i + 1, "automatic")))),
  code: fc.option(offer(9, "code"), { nil: null }),
  // The share of what is left that points pay, in basis points.
  pointsShare: fc.integer({ min: 0, max: 10_000 }),
});

describe("offers on any cart", () => {
  it("add up per line, never go below zero, and tax each piece at the band of its value after its discounts", () => {
    fc.assert(
      fc.property(order, ({ lines, automatic, code, pointsShare }) => {
        const offerLines = lines.map((entry, i) => ({ ...entry, productId: i + 1 }));
        const outcome = priceOffers({
          lines: offerLines,
          shipping: SHIPPING,
          automatic,
          code: code ? { typed: code.name, offer: code } : null,
          shopper: { signedIn: true, firstOrder: true, usesOf: () => 0 },
          now: NOV_2026,
        });
        const subtotal = offerLines.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0);
        offerLines.forEach((entry, i) => {
          const parts = outcome.parts[i] ?? [];
          expect(parts.reduce((sum, part) => sum + part.quantity, 0)).toBe(entry.quantity);
          for (const part of parts) {
            expect(part.discount).toBeGreaterThanOrEqual(0);
            expect(part.discount).toBeLessThanOrEqual(entry.unitPrice * part.quantity);
          }
        });
        const discounts = outcome.parts.flat().reduce((sum, part) => sum + part.discount, 0);
        expect(discounts).toBe(outcome.goods);
        expect(outcome.goods).toBe(outcome.applied.reduce((sum, applied) => sum + applied.goods, 0));
        expect(outcome.shipping).toBeLessThanOrEqual(SHIPPING);
        const freeShipping = outcome.applied.some((applied) => applied.offer.action.type === "free-shipping");
        if (!freeShipping) expect(outcome.shipping).toBe(0);

        const sold = soldParts(
          offerLines.map((entry) => ({ ...entry, title: "Kurta", size: "M", hsn: "6204" })),
          outcome,
        );
        const points = Math.floor(((subtotal - outcome.goods) * pointsShare) / 10_000);
        const shipping = SHIPPING - outcome.shipping;
        const invoice = draftInvoice({ lines: sold, points, shipping, stateCode: "27" }, DEMO_SELLER, NOV_2026);
        const received = subtotal - outcome.goods - points + shipping;
        const value = (row: { gross: number; discount: number }) => row.gross - row.discount;
        expect(invoice.rows.reduce((sum, row) => sum + value(row), 0)).toBe(received);
        expect(invoice.rows.reduce((sum, row) => sum + row.taxable + row.cgst + row.sgst + row.igst, 0)).toBe(received);
        for (const row of invoice.rows.filter((entry) => entry.kind === "goods")) {
          expect(value(row)).toBeGreaterThanOrEqual(0);
          expect(row.rateBps, `${value(row) / row.quantity} paise a piece`).toBe(
            apparelRate(value(row) / row.quantity),
          );
        }
      }),
      { numRuns: 400 },
    );
  });
});
