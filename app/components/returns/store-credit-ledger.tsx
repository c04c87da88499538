import { formatShopDate, formatShopDateHindi } from "#core/dates.ts";
import { formatInr } from "#core/money.ts";
import type { StoreCreditEntry } from "#server/store-credit/store-credit.service.ts";
import { fillInNodes } from "../../locales/fill-in-nodes.tsx";
import { type MessageId, useLocale, useT } from "../../locales/i18n.ts";

const KIND_LABELS: Record<StoreCreditEntry["kind"], MessageId> = {
  "return-refund": "credit.return-refund",
  spent: "credit.spent",
  "spending-returned": "credit.spending-returned",
};

/**
 * The customer's store credit (from returns of cash orders, spendable at checkout) and where each
 * rupee came from or went.
 */
export function StoreCreditLedger({ balance, ledger }: { balance: number; ledger: StoreCreditEntry[] }) {
  const t = useT();
  const locale = useLocale();
  if (balance === 0 && ledger.length === 0) return null;
  return (
    <section aria-labelledby="store-credit-heading" className="mt-8 text-sm">
      <h2 id="store-credit-heading" className="font-semibold">
        {fillInNodes(t("credit.title"), {
          amount: <span data-testid="store-credit-balance">{formatInr(balance)}</span>,
        })}
      </h2>
      <ul className="mt-2 flex flex-col gap-1">
        {ledger.map((entry) => (
          <li key={`${entry.kind}-${entry.at}-${entry.amount}`}>
            {locale === "hi-IN" ? formatShopDateHindi(entry.at) : formatShopDate(entry.at)}:{" "}
            {t(KIND_LABELS[entry.kind])}
            {entry.orderNumber ? ` ${t("credit.order", { number: entry.orderNumber })}` : ""} ·{" "}
            {entry.amount >= 0 ? "+" : "−"}
            {formatInr(Math.abs(entry.amount))}
          </li>
        ))}
      </ul>
    </section>
  );
}
