import { formatShopDate } from "#core/dates.ts";
import type { LedgerEntry } from "#server/rewards/rewards.service.ts";

const KIND_LABELS: Record<LedgerEntry["kind"], string> = {
  earned: "Earned (order delivered)",
  redeemed: "Redeemed",
  "earned-reversed": "Earned, taken back (order cancelled or pieces returned)",
  "redeemed-returned": "Redeemed, returned (order cancelled)",
  "held-until-delivery": "Held until the order is delivered",
  corrected: "Balance set right",
};

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
    <section aria-labelledby="points-heading" className="mt-8 rounded-lg bg-gold-50 p-5 dark:bg-gold-900/30">
      <h2 id="points-heading" className="text-lg font-semibold">
        Reward points
      </h2>
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
      {ledger.length > 0 ? (
        <table className="mt-3 w-full text-sm">
          <caption className="sr-only">Points ledger</caption>
          <thead className="text-left text-xs text-zinc-600 dark:text-zinc-400">
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Order</th>
              <th scope="col">What</th>
              <th scope="col" className="text-right">
                Points
              </th>
            </tr>
          </thead>
          <tbody>
            {ledger.map((entry) => (
              <tr key={`${entry.orderNumber}-${entry.kind}-${entry.at}`}>
                <td>{formatShopDate(entry.at)}</td>
                <td>{entry.orderNumber}</td>
                <td>{KIND_LABELS[entry.kind]}</td>
                <td
                  className={`text-right font-medium ${entry.points < 0 ? "text-red-700 dark:text-red-300" : "text-green-800 dark:text-green-300"}`}
                >
                  {entry.points > 0 ? `+${entry.points}` : entry.points}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
