import { formatShopDate } from "#core/dates.ts";
import { formatInr } from "#core/money.ts";
import type { StoreCreditEntry } from "#server/store-credit/store-credit.service.ts";

const KIND_LABELS: Record<StoreCreditEntry["kind"], string> = {
  "return-refund": "Refund of a return",
  spent: "Spent on an order",
  "spending-returned": "Given back (the order it paid was cancelled, refused or returned)",
};

/**
 * The customer's store credit (from returns of cash orders, spendable at checkout) and where each
 * rupee came from or went.
 */
export function StoreCreditLedger({ balance, ledger }: { balance: number; ledger: StoreCreditEntry[] }) {
  if (balance === 0 && ledger.length === 0) return null;
  return (
    <section aria-labelledby="store-credit-heading" className="mt-8 text-sm">
      <h2 id="store-credit-heading" className="font-semibold">
        Store credit: <span data-testid="store-credit-balance">{formatInr(balance)}</span>
      </h2>
      <ul className="mt-2 flex flex-col gap-1">
        {ledger.map((entry) => (
          <li key={`${entry.kind}-${entry.at}-${entry.amount}`}>
            {formatShopDate(entry.at)}: {KIND_LABELS[entry.kind]}
            {entry.orderNumber ? ` (order ${entry.orderNumber})` : ""} · {entry.amount >= 0 ? "+" : "−"}
            {formatInr(Math.abs(entry.amount))}
          </li>
        ))}
      </ul>
    </section>
  );
}
