import { pointsToPaise, redeemablePoints } from "#core/points.ts";
import { roundOffFor } from "../tax/round-off.ts";
import { type CartLine, type CartTotals, SHIPPING_PAISE } from "./cart.schemas.ts";

/** What the offers take off: the goods' discount and the shipping's (only free shipping touches it). */
export type OffersTaken = { goods: number; shipping: number };

const NO_OFFERS: OffersTaken = { goods: 0, shipping: 0 };

/**
 * The cart's totals, the one place they are computed: subtotal = Σ unit price × quantity; the
 * offers' discount comes off the goods; shipping is ₹100 when anything is in the cart, less a
 * free-shipping offer; points, redeemed after the offers, come off what the goods still cost;
 * grand total = subtotal − offers + shipping − points, rounded to the nearest rupee with a round off
 * (−49 to +50 paise) that is decided here, once, and kept with the order (record 34).
 */
export function priceLines(
  lines: readonly Pick<CartLine, "unitPrice" | "quantity">[],
  pointsToRedeem = 0,
  offers: OffersTaken = NO_OFFERS,
): CartTotals {
  const subtotal = lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
  const itemCount = lines.reduce((sum, line) => sum + line.quantity, 0);
  const shippingBeforeOffers = lines.length > 0 ? SHIPPING_PAISE : 0;
  const discount = Math.min(offers.goods, subtotal);
  const shipping = shippingBeforeOffers - Math.min(offers.shipping, shippingBeforeOffers);
  const pointsRedeemed = redeemablePoints(subtotal - discount, pointsToRedeem);
  const payable = subtotal - discount + shipping - pointsToPaise(pointsRedeemed);
  const roundOff = roundOffFor(payable);
  return { subtotal, discount, shipping, pointsRedeemed, roundOff, grandTotal: payable + roundOff, itemCount };
}
