import { formatShopDate } from "#core/dates.ts";
import { signedPoints } from "#core/points.ts";
import type { LedgerEntry } from "#server/rewards/rewards.service.ts";
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
  return (
    <TitledSection
      id="points-heading"
      title="Reward points"
      className="mt-8 rounded-lg bg-gold-50 p-5 dark:bg-gold-900/30"
    >
      <dl className="mt-1 grid grid-cols-[1fr_auto] gap-x-4 text-sm">
        <dt>Spendable now</dt>
        <dd className="text-right font-semibold" data-testid="points-balance">
          {balance}
        </dd>
        <dt>Pending (spendable once the order is delivered)</dt>
        <dd className="text-right font-semibold" data-testid="points-pending">
          {pending}
        </dd>
        {owed > 0 ? (
          <>
            <dt>Owed (earned on pieces you returned after spending them; your next points clear them first)</dt>
            <dd className="text-right font-semibold" data-testid="points-owed">
              {owed}
            </dd>
          </>
        ) : null}
      </dl>
      <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-300">
        1 point for every full ₹100 you pay for goods; each point is worth ₹1 at checkout.
      </p>
      {ledger.length > 0 ? <PointsLedger ledger={ledger} /> : null}
    </TitledSection>
  );
}

/** The entries behind the balance, newest first: what each moved, why, when and on which order. */
function PointsLedger({ ledger }: { ledger: LedgerEntry[] }) {
  return (
    <>
      <h3 className="mt-4 text-sm font-semibold">Points ledger</h3>
      <ol className="mt-1 flex flex-col divide-y divide-gold-200 text-sm dark:divide-gold-800">
        {ledger.map((entry) => (
          <li key={`${entry.orderNumber}-${entry.kind}-${entry.at}`} className="py-1.5" data-testid="points-entry">
            <p data-testid="points-change">
              <span
                className={`font-semibold tabular-nums ${entry.points < 0 ? "text-red-700 dark:text-red-300" : "text-green-800 dark:text-green-300"}`}
              >
                {signedPoints(entry.points)}
              </span>{" "}
              · {entry.reason}
            </p>
            <p className="text-xs text-zinc-600 dark:text-zinc-300">
              {formatShopDate(entry.at)} · order {entry.orderNumber}
            </p>
          </li>
        ))}
      </ol>
    </>
  );
}
