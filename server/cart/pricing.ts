import { pointsToPaise, redeemablePoints } from "#core/points.ts";
import { type CartLine, type CartTotals, SHIPPING_PAISE } from "./cart.schemas.ts";

/**
 * The cart's totals, the one place they are computed: subtotal = Σ unit price × quantity; shipping
 * is ₹100 when anything is in the cart; grand total = subtotal + shipping − the points redeemed.
 */
export function priceLines(lines: readonly Pick<CartLine, "unitPrice" | "quantity">[], pointsToRedeem = 0): CartTotals {
  const subtotal = lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
  const itemCount = lines.reduce((sum, line) => sum + line.quantity, 0);
  const shipping = lines.length > 0 ? SHIPPING_PAISE : 0;
  const pointsRedeemed = redeemablePoints(subtotal, pointsToRedeem);
  const grandTotal = subtotal + shipping - pointsToPaise(pointsRedeemed);
  return { subtotal, shipping, pointsRedeemed, grandTotal, itemCount };
}
