import { Link } from "react-router";
import { LOW_STOCK_THRESHOLD } from "#core/stock.ts";
import type { LowStockRow } from "#server/admin/admin.schemas.ts";

/** Sizes with five or fewer pieces left, fewest first, each a link to its product's editor. */
export function LowStockList({ rows, more }: { rows: readonly LowStockRow[]; more: boolean }) {
  return (
    <section className="card p-4" aria-labelledby="low-stock-heading" data-testid="low-stock">
      <h2 id="low-stock-heading" className="flex items-baseline justify-between gap-2 font-semibold">
        Low stock
        <span className="text-sm font-normal text-zinc-600 dark:text-zinc-400">
          {rows.length}
          {more ? "+" : ""} {rows.length === 1 ? "size" : "sizes"} with {LOW_STOCK_THRESHOLD} or fewer
        </span>
      </h2>
      {rows.length === 0 ? (
        <p className="mt-3 text-sm text-zinc-600 dark:text-zinc-400">
          Every size has more than {LOW_STOCK_THRESHOLD} pieces left.
        </p>
      ) : (
        // Scrolls within the card, beside the chart; its links take the keyboard through it.
        <ul
          className="mt-2 max-h-64 divide-y divide-zinc-100 overflow-y-auto pr-1 text-sm dark:divide-zinc-800"
          aria-labelledby="low-stock-heading"
        >
          {rows.map((row) => (
            <li key={`${row.productId}-${row.size}`} className="flex items-center justify-between gap-3 py-1.5">
              {/* The size first, and the title wraps: the size is what runs short. */}
              <Link to={`/updateproduct?id=${row.productId}`} className="min-w-0 hover:underline">
                <span className="font-semibold">{row.size}</span> · {row.title}
              </Link>
              <span
                className={
                  row.stock === 0
                    ? "shrink-0 font-semibold text-red-700 dark:text-red-400"
                    : "shrink-0 text-zinc-700 dark:text-zinc-300"
                }
              >
                {row.stock === 0 ? "Sold out" : `${row.stock} left`}
              </span>
            </li>
          ))}
        </ul>
      )}
      {more ? (
        <p className="mt-2 text-xs text-zinc-600 dark:text-zinc-400">The 50 sizes with the fewest pieces are shown.</p>
      ) : null}
    </section>
  );
}
