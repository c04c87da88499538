import { formatInr } from "#core/money.ts";
import type { CartLine } from "#server/cart/cart.schemas.ts";

/** What is being ordered, in short: each line's title, size and quantity, and its total. */
export function OrderItems({ lines, grandTotal }: { lines: readonly CartLine[]; grandTotal: number }) {
  return (
    <div className="rounded-md bg-zinc-50 p-3 text-sm dark:bg-zinc-800/60">
      <ul className="flex flex-col gap-1" aria-label="Items in this order">
        {lines.map((line) => (
          <li key={`${line.productId}-${line.size}`} className="flex justify-between gap-3">
            <span>
              {line.title}{" "}
              <span className="text-zinc-600 dark:text-zinc-400">
                · {line.size} × {line.quantity}
              </span>
            </span>
            <span className="shrink-0">{formatInr(line.lineTotal)}</span>
          </li>
        ))}
      </ul>
      <p className="mt-2 flex justify-between border-t border-zinc-200 pt-2 font-semibold dark:border-zinc-700">
        <span>To pay on delivery</span>
        <span data-testid="checkout-total">{formatInr(grandTotal)}</span>
      </p>
    </div>
  );
}
