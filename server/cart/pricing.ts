import { rupeesToPaise, wholeRupees } from "../../app/lib/money.ts";
import { type CartLine, type CartTotals, SHIPPING_PAISE } from "./cart.schemas.ts";

/** One point per full ₹100 of the merchandise subtotal. */
export function pointsEarnedFor(subtotalPaise: number): number {
  return Math.floor(wholeRupees(subtotalPaise) / 100);
}

/** Points are worth ₹1 each and can pay at most the merchandise subtotal. */
export function redeemablePoints(subtotalPaise: number, balance: number): number {
  return Math.max(0, Math.min(balance, wholeRupees(subtotalPaise)));
}

/**
 * The cart's totals, the one place they are computed: subtotal = Σ unit price × quantity; shipping
 * is ₹100 when anything is in the cart; grand total = subtotal + shipping − points redeemed.
 */
export function priceLines(lines: readonly Pick<CartLine, "unitPrice" | "quantity">[], pointsToRedeem = 0): CartTotals {
  const subtotal = lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
  const itemCount = lines.reduce((sum, line) => sum + line.quantity, 0);
  const shipping = lines.length > 0 ? SHIPPING_PAISE : 0;
  const pointsRedeemed = Math.min(pointsToRedeem, wholeRupees(subtotal));
  const grandTotal = subtotal + shipping - rupeesToPaise(pointsRedeemed);
  return { subtotal, shipping, pointsRedeemed, grandTotal, itemCount };
}
