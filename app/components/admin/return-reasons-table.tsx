import { Link } from "react-router";
import { RETURN_REASON_KEYS, RETURN_REASONS } from "#core/returns.ts";
import type { returnsByReason } from "#server/returns/returns.service.ts";

/** A product and size, a reason, and how many pieces were asked back for it. */
type ReasonRow = Awaited<ReturnType<typeof returnsByReason>>[number];

/** Pieces returned per product and size, one column per reason. */
export function ReturnReasonsTable({ rows }: { rows: ReasonRow[] }) {
  const keyOf = (row: ReasonRow) => `${row.productId}|${row.size}`;
  const groups = new Map<string, { productId: number; title: string; size: string; counts: Record<string, number> }>();
  for (const row of rows) {
    const group = groups.get(keyOf(row)) ?? { productId: row.productId, title: row.title, size: row.size, counts: {} };
    group.counts[row.reason] = (group.counts[row.reason] ?? 0) + row.pieces;
    groups.set(keyOf(row), group);
  }
  if (groups.size === 0) return <p className="text-sm">No piece has been asked back yet.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[40rem] text-left text-sm" data-testid="returns-by-reason">
        <caption className="sr-only">Pieces asked back by reason, per product and size</caption>
        <thead>
          <tr className="border-b border-zinc-200 dark:border-zinc-800">
            <th scope="col" className="py-2 pr-3">
              Product
            </th>
            <th scope="col" className="py-2 pr-3">
              Size
            </th>
            {RETURN_REASON_KEYS.map((reason) => (
              <th key={reason} scope="col" className="py-2 pr-3 text-right">
                {RETURN_REASONS[reason]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {[...groups.values()].map((group) => (
            <tr key={`${group.productId}-${group.size}`} className="border-b border-zinc-100 dark:border-zinc-900">
              <th scope="row" className="py-2 pr-3 font-normal">
                <Link to={`/productinfo/${group.productId}`} className="underline underline-offset-4">
                  {group.title}
                </Link>
              </th>
              <td className="py-2 pr-3">{group.size}</td>
              {RETURN_REASON_KEYS.map((reason) => (
                <td key={reason} className="py-2 pr-3 text-right tabular-nums">
                  {group.counts[reason] ?? 0}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
