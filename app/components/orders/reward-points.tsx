import { formatShopDate, formatShopDateHindi } from "#core/dates.ts";
import { signedPoints } from "#core/points.ts";
import type { LedgerEntry } from "#server/rewards/rewards.service.ts";
import { useLocale, useT } from "../../locales/i18n.ts";
import { serviceText } from "../../locales/service-text.ts";
import { TitledSection } from "../ui/titled-section.tsx";

/**
 * The reward points a customer can spend, those pending on orders still on their way, those owed
 * (earned on pieces returned after the points were spent: the next points earned clear them first),
 * and the ledger behind the balance: earned and redeemed, per order.
 */
export function RewardPoints({
  balance,
  pending,
  owed = 0,
  ledger,
}: {
  balance: number;
  pending: number;
  owed?: number;
  ledger: LedgerEntry[];
}) {
  const t = useT();
  return (
    <TitledSection
      id="points-heading"
      title={t("rewards.title")}
      className="mt-8 rounded-lg bg-gold-50 p-5 dark:bg-gold-900/30"
    >
      <dl className="mt-1 grid grid-cols-[1fr_auto] gap-x-4 text-sm">
        <dt>{t("rewards.spendable")}</dt>
        <dd className="text-right font-semibold" data-testid="points-balance">
          {balance}
        </dd>
        <dt>{t("rewards.pending")}</dt>
        <dd className="text-right font-semibold" data-testid="points-pending">
          {pending}
        </dd>
        {owed > 0 ? (
          <>
            <dt>{t("rewards.owed")}</dt>
            <dd className="text-right font-semibold" data-testid="points-owed">
              {owed}
            </dd>
          </>
        ) : null}
      </dl>
      <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-300">{t("rewards.rule")}</p>
      {ledger.length > 0 ? <PointsLedger ledger={ledger} /> : null}
    </TitledSection>
  );
}

/** The entries behind the balance, newest first: what each moved, why, when and on which order. */
function PointsLedger({ ledger }: { ledger: LedgerEntry[] }) {
  const t = useT();
  const locale = useLocale();
  return (
    <>
      <h3 className="mt-4 text-sm font-semibold">{t("rewards.ledger")}</h3>
      <ol className="mt-1 flex flex-col divide-y divide-gold-200 text-sm dark:divide-gold-800">
        {ledger.map((entry) => (
          <li key={`${entry.orderNumber}-${entry.kind}-${entry.at}`} className="py-1.5" data-testid="points-entry">
            <p data-testid="points-change">
              <span
                className={`font-semibold tabular-nums ${entry.points < 0 ? "text-red-700 dark:text-red-300" : "text-green-800 dark:text-green-300"}`}
              >
                {signedPoints(entry.points)}
              </span>{" "}
              · {serviceText(t, entry.reason)}
            </p>
            <p className="text-xs text-zinc-600 dark:text-zinc-300">
              {t("rewards.entryOrder", {
                date: locale === "hi-IN" ? formatShopDateHindi(entry.at) : formatShopDate(entry.at),
                number: entry.orderNumber ?? "",
              })}
            </p>
          </li>
        ))}
      </ol>
    </>
  );
}
