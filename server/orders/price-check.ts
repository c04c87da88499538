import { formatInr } from "#core/money.ts";
import { type PriceQuote, readQuote } from "#core/price-quote.ts";
import type { CartLine, CartTotals } from "../cart/cart.schemas.ts";
import { AppError } from "../errors.ts";

/** A line whose price moved since the buyer looked, for the message. */
type Moved = { title: string; size: string; was: number; now: number };

/**
 * Refuses an order whose figures differ from those the buyer confirmed: a price edited by the shop
 * between the buyer's last look and "Order Now" must never go through silently. The message names
 * each line that changed, its old and new price, and the new total, and asks the buyer to confirm
 * again. A checkout without a quote (not from the shop's own form) is priced as it stands.
 */
export function assertPricesAsSeen(quoteText: string, lines: readonly CartLine[], totals: CartTotals): void {
  if (!quoteText) return;
  const quote = readQuote(quoteText);
  if (!quote) throw new AppError("validation-failed", "The checkout form has expired. Please try again.");
  if (quote.total === totals.grandTotal) return;
  throw new AppError("price-changed", priceChangeMessage(movedLines(quote, lines), totals.grandTotal, quote.total));
}

function movedLines(quote: PriceQuote, lines: readonly CartLine[]): Moved[] {
  return lines.flatMap((line) => {
    const seen = quote.lines.find((entry) => entry.productId === line.productId && entry.size === line.size);
    return seen && seen.unitPrice !== line.unitPrice
      ? [{ title: line.title, size: line.size, was: seen.unitPrice, now: line.unitPrice }]
      : [];
  });
}

function priceChangeMessage(moved: readonly Moved[], total: number, seenTotal: number): string {
  const changes = moved.map(
    (line) => `${line.title} (size ${line.size}) is now ${formatInr(line.now)}, was ${formatInr(line.was)}`,
  );
  const what = changes.length > 0 ? `Prices changed since you looked: ${changes.join("; ")}.` : "Your order changed.";
  return `${what} The total is now ${formatInr(total)} (you saw ${formatInr(seenTotal)}). Your order has not been placed: please check it and press Order Now again to confirm.`;
}
