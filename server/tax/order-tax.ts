import { gstRateForInclusivePiece } from "./gst-rates.ts";
import { type RateSummary, summariseByRate, type TaxedLine, type TaxTotals, totalsOf } from "./tax-summary.ts";

/**
 * A line of goods as sold: its HSN, the GST-inclusive price of one piece (paise), how many, its
 * material, and its discount: the line's share of the offers and of the points redeemed (paise).
 */
export type TaxableLine = { hsn: string; unitPrice: number; quantity: number; material?: string; discount?: number };

export type TaxOrderInput = {
  lines: readonly TaxableLine[];
  /** The delivery charge in paise, GST-inclusive like the shelf prices. */
  shipping: number;
  sellerStateCode: string;
  deliveryStateCode: string;
  onDate: number;
};

export type OrderTax = {
  supplyType: "intra" | "inter";
  goods: TaxedLine[];
  shipping: TaxedLine[];
  byRate: RateSummary[];
  totals: TaxTotals;
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
 * tax = value exactly. Within the state the tax is CGST and SGST at half the rate each, so the two
 * are always equal: each half is rounded to the paisa, and whatever rounding leaves over stays in
 * the taxable value rather than tipping one tax a paisa above the other.
 */
function taxInside(
  valuePaise: number,
  rateBps: number,
  intra: boolean,
): Pick<TaxedLine, "taxable" | "cgst" | "sgst" | "igst"> {
  if (!intra) {
    const taxable = Math.round((valuePaise * 10_000) / (10_000 + rateBps));
    return { taxable, cgst: 0, sgst: 0, igst: valuePaise - taxable };
  }
  const half = Math.round((valuePaise * rateBps) / (2 * (10_000 + rateBps)));
  return { taxable: valuePaise - 2 * half, cgst: half, sgst: half, igst: 0 };
}

/**
 * Each line's discount once the points redeemed are added to its offers: points come after the
 * offers, shared over the lines' values after their offers, in proportion (record 31).
 */
export function sharePoints<Line extends TaxableLine>(lines: readonly Line[], points: number): Line[] {
  const afterOffers = lines.map((line) => line.unitPrice * line.quantity - (line.discount ?? 0));
  const shares = shareInProportion(points, afterOffers);
  return lines.map((line, i) => ({ ...line, discount: (line.discount ?? 0) + (shares[i] ?? 0) }));
}

/**
 * The GST on an order, worked out line by line from GST-inclusive prices:
 * - each line carries its discount (its offers' share and its share of the points, see
 *   `sharePoints`), and the rate of a piece follows its value after that discount, so that a
 *   discount can bring a ₹2,699 suit under the ₹2,500 line (CGST Act s. 15(3)(a), record 31);
 * - a delivery in the seller's state pays CGST + SGST in halves, any other IGST (place of supply is
 *   where the goods are delivered);
 * - shipping is part of one composite supply of goods and is taxed with them (`taxShipping`);
 * - every amount is rounded to the paisa per line, and the totals are the sums of the lines, so the
 *   invoice adds up to exactly what the buyer pays: goods − discounts + shipping.
 */
export function taxOrder(input: TaxOrderInput): OrderTax {
  const intra = input.sellerStateCode === input.deliveryStateCode;
  const goods: TaxedLine[] = input.lines.map((line) => {
    const gross = line.unitPrice * line.quantity;
    const discount = line.discount ?? 0;
    // Never negative: a discount is at most what the line is worth.
    if (discount < 0 || discount > gross) throw new Error(`A discount of ${discount} on a line worth ${gross}.`);
    const value = gross - discount;
    // A piece's value after its share of the discount; pieces of one line share it evenly.
    const rateBps = gstRateForInclusivePiece(line.hsn, value / line.quantity, input.onDate, line.material);
    return {
      hsn: line.hsn,
      quantity: line.quantity,
      gross,
      discount,
      rateBps,
      ...taxInside(value, rateBps, intra),
    };
  });
  const shipping = taxShipping(input.shipping, goods, intra);
  const all = [...goods, ...shipping];
  return {
    supplyType: intra ? "intra" : "inter",
    goods,
    shipping,
    byRate: summariseByRate(all),
    totals: totalsOf(all),
  };
}

/**
 * The shipping charge as taxed rows. Delivery charged with the goods is part of one composite supply
 * whose principal supply is the goods (CGST Act s. 2(30), s. 8(a)), so it is not a service of its
 * own: the charge is shared over the goods lines in proportion to their value after discount, and
 * each share takes that line's HSN and rate (shares of one HSN and rate make one row, in the order
 * the goods come). A row counts no pieces, so the HSN summary's quantities stay the goods'. When
 * discounts (offers, points) paid for all the goods, the buyer still pays for shipping, which keeps
 * its taxable value and tax: it is then shared by the goods' value before the discounts.
 */
function taxShipping(shipping: number, goods: readonly TaxedLine[], intra: boolean): TaxedLine[] {
  const paid = goods.map((line) => line.gross - line.discount);
  const weights = paid.some((value) => value > 0) ? paid : goods.map((line) => line.gross);
  const shares = shareInProportion(shipping, weights);
  const rows = new Map<string, { hsn: string; rateBps: number; value: number }>();
  goods.forEach(({ hsn, rateBps }, i) => {
    const key = `${hsn}|${rateBps}`;
    const row = rows.get(key) ?? { hsn, rateBps, value: 0 };
    row.value += shares[i] ?? 0;
    rows.set(key, row);
  });
  return [...rows.values()]
    .filter((row) => row.value > 0)
    .map(({ hsn, rateBps, value }) => ({
      hsn,
      quantity: 0,
      gross: value,
      discount: 0,
      rateBps,
      ...taxInside(value, rateBps, intra),
    }));
}
