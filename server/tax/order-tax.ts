import { gstRateForInclusivePiece, SHIPPING_SAC } from "./gst-rates.ts";

/** A line of goods as sold: its HSN, the GST-inclusive price of one piece, how many. */
export type TaxableLine = { hsn: string; unitPricePaise: number; quantity: number };

export type TaxOrderInput = {
  lines: readonly TaxableLine[];
  /** Redeemed reward points, in paise: a discount shared over the goods in proportion to value. */
  discountPaise: number;
  /** The delivery charge, GST-inclusive like the shelf prices. */
  shippingPaise: number;
  sellerStateCode: string;
  deliveryStateCode: string;
  onDate: number;
};

/** One taxed row: a line of goods, or the share of shipping that follows a rate. Paise. */
export type TaxedLine = {
  hsn: string;
  quantity: number;
  /** Inclusive value before the discount, the discount, and the taxable value after it. */
  grossPaise: number;
  discountPaise: number;
  taxablePaise: number;
  rateBps: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
};

export type TaxSummary = {
  rateBps: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
};

export type OrderTax = {
  supplyType: "intra" | "inter";
  goods: TaxedLine[];
  shipping: TaxedLine[];
  byRate: TaxSummary[];
  totals: {
    grossPaise: number;
    discountPaise: number;
    taxablePaise: number;
    cgstPaise: number;
    sgstPaise: number;
    igstPaise: number;
    /** What the buyer pays: gross − discount, exactly. */
    totalPaise: number;
  };
};

/**
 * Splits `total` over `weights` in proportion, in whole paise that add up to it exactly: each share
 * is rounded down and the paise left over go to the largest remainders (earliest first on a tie).
 */
export function shareInProportion(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (total === 0 || sum === 0) return weights.map(() => 0);
  const exact = weights.map((w) => (total * w) / sum);
  const shares = exact.map(Math.floor);
  let left = total - shares.reduce((a, b) => a + b, 0);
  const order = exact.map((value, i) => ({ i, rest: value - Math.floor(value) })).sort((a, b) => b.rest - a.rest);
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i] = (shares[i] ?? 0) + 1;
    left--;
  }
  return shares;
}

/**
 * The tax inside an inclusive value at a rate, worked back and rounded to the paisa; taxable +
 * tax = value exactly. Within the state it is halved into CGST and SGST, the odd paisa to CGST.
 */
function taxInside(
  valuePaise: number,
  rateBps: number,
  intra: boolean,
): Pick<TaxedLine, "taxablePaise" | "cgstPaise" | "sgstPaise" | "igstPaise"> {
  const taxablePaise = Math.round((valuePaise * 10_000) / (10_000 + rateBps));
  const tax = valuePaise - taxablePaise;
  if (!intra) return { taxablePaise, cgstPaise: 0, sgstPaise: 0, igstPaise: tax };
  const sgstPaise = Math.floor(tax / 2);
  return { taxablePaise, cgstPaise: tax - sgstPaise, sgstPaise, igstPaise: 0 };
}

/**
 * The GST on an order, worked out line by line from GST-inclusive prices:
 * - the discount (redeemed points) is shared over the goods in proportion to their value, and the
 *   rate of a piece follows its value after that discount (so points can bring a ₹2,699 suit under
 *   the ₹2,500 line);
 * - a delivery in the seller's state pays CGST + SGST in halves, any other IGST (place of supply is
 *   where the goods are delivered);
 * - shipping is part of one composite supply of goods and is taxed with them: its charge is shared
 *   over the goods lines in proportion to their value after discount and each share takes that
 *   line's rate (rows with the same rate are merged);
 * - every amount is rounded to the paisa per line, and the totals are the sums of the lines.
 */
export function taxOrder(input: TaxOrderInput): OrderTax {
  const intra = input.sellerStateCode === input.deliveryStateCode;
  const gross = input.lines.map((line) => line.unitPricePaise * line.quantity);
  const discounts = shareInProportion(input.discountPaise, gross);
  const goods: TaxedLine[] = input.lines.map((line, i) => {
    const grossPaise = gross[i] ?? 0;
    const discountPaise = discounts[i] ?? 0;
    const value = grossPaise - discountPaise;
    // A piece's value after its share of the discount; pieces of one line share it evenly.
    const rateBps = gstRateForInclusivePiece(line.hsn, value / line.quantity, input.onDate);
    return {
      hsn: line.hsn,
      quantity: line.quantity,
      grossPaise,
      discountPaise,
      rateBps,
      ...taxInside(value, rateBps, intra),
    };
  });

  const shippingShares = shareInProportion(
    input.shippingPaise,
    goods.map((line) => line.grossPaise - line.discountPaise),
  );
  const shippingByRate = new Map<number, number>();
  goods.forEach((line, i) => {
    shippingByRate.set(line.rateBps, (shippingByRate.get(line.rateBps) ?? 0) + (shippingShares[i] ?? 0));
  });
  const shipping: TaxedLine[] = [...shippingByRate]
    .filter(([, value]) => value > 0)
    .sort(([a], [b]) => a - b)
    .map(([rateBps, value]) => ({
      hsn: SHIPPING_SAC,
      quantity: 1,
      grossPaise: value,
      discountPaise: 0,
      rateBps,
      ...taxInside(value, rateBps, intra),
    }));

  const all = [...goods, ...shipping];
  const sum = (pick: (line: TaxedLine) => number, lines = all) => lines.reduce((total, line) => total + pick(line), 0);
  const rates = [...new Set(all.map((line) => line.rateBps))].sort((a, b) => a - b);
  return {
    supplyType: intra ? "intra" : "inter",
    goods,
    shipping,
    byRate: rates.map((rateBps) => {
      const lines = all.filter((line) => line.rateBps === rateBps);
      return {
        rateBps,
        taxablePaise: sum((l) => l.taxablePaise, lines),
        cgstPaise: sum((l) => l.cgstPaise, lines),
        sgstPaise: sum((l) => l.sgstPaise, lines),
        igstPaise: sum((l) => l.igstPaise, lines),
      };
    }),
    totals: {
      grossPaise: sum((l) => l.grossPaise),
      discountPaise: sum((l) => l.discountPaise),
      taxablePaise: sum((l) => l.taxablePaise),
      cgstPaise: sum((l) => l.cgstPaise),
      sgstPaise: sum((l) => l.sgstPaise),
      igstPaise: sum((l) => l.igstPaise),
      totalPaise: sum((l) => l.grossPaise - l.discountPaise),
    },
  };
}
