import { formatShopDate } from "#core/dates.ts";
import { signedPoints } from "#core/points.ts";
import type { LedgerEntry } from "#server/rewards/rewards.service.ts";

/**
 * The reward points a customer can spend, those pending on orders still on their way, and the
 * ledger behind the balance: earned and redeemed, per order.
 */
export function RewardPoints({
  balance,
  pending,
  ledger,
}: {
  balance: number;
  pending: number;
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
      </dl>
      <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-300">
        1 point for every full ₹100 you pay for goods; each point is worth ₹1 at checkout.
      </p>
      {ledger.length > 0 ? (
        <table className="mt-3 w-full text-sm">
          <caption className="sr-only">Points ledger</caption>
          <thead className="text-left text-xs text-zinc-600 dark:text-zinc-400">
            <tr>
              <th scope="col" className="pr-3">
                Date
              </th>
              <th scope="col" className="pr-3">
                Order
              </th>
              <th scope="col">Points and why</th>
            </tr>
          </thead>
          <tbody>
            {ledger.map((entry) => (
              <tr
                key={`${entry.orderNumber}-${entry.kind}-${entry.at}`}
                className="align-top"
                data-testid="points-entry"
              >
                <td className="pr-3 whitespace-nowrap">{formatShopDate(entry.at)}</td>
                <td className="pr-3 whitespace-nowrap">{entry.orderNumber}</td>
                <td>
                  <span
                    className={`font-semibold tabular-nums ${entry.points < 0 ? "text-red-700 dark:text-red-300" : "text-green-800 dark:text-green-300"}`}
                  >
                    {signedPoints(entry.points)}
                  </span>{" "}
                  · {entry.reason}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
