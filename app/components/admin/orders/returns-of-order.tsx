import { formatShopDate } from "#core/dates.ts";
import { formatInr } from "#core/money.ts";
import type { StaffReturnRow } from "#server/returns/returns-for-staff.ts";
import { TitledSection } from "../../ui/titled-section.tsx";

/** The order's returns and exchanges, with their step; the Returns queue moves them on. */
export function OrderReturns({ returns }: { returns: StaffReturnRow[] }) {
  if (returns.length === 0) return null;
  return (
    <TitledSection id="order-returns" title="Returns" className="card p-4">
      <ul className="mt-2 divide-y divide-zinc-200 text-sm dark:divide-zinc-800">
        {returns.map((row) => (
          <li key={row.id} className="flex flex-wrap justify-between gap-2 py-2">
            <span>
              {row.kind === "exchange" ? "Exchange" : "Return"} of {row.quantity} × {row.title} ({row.size}) ·{" "}
              {row.statusLabel}
            </span>
            <span className="text-zinc-600 dark:text-zinc-400">
              {row.kind === "refund" ? `${formatInr(row.amount)} · ` : ""}
              {formatShopDate(row.createdAt)}
            </span>
          </li>
        ))}
      </ul>
    </TitledSection>
  );
}
