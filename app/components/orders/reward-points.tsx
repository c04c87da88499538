import { formatShopDate } from "#core/dates.ts";
import type { LedgerEntry } from "#server/rewards/rewards.service.ts";

const KIND_LABELS: Record<LedgerEntry["kind"], string> = {
  earned: "Earned",
  redeemed: "Redeemed",
  "earned-reversed": "Earned, reversed (order cancelled)",
  "redeemed-returned": "Redeemed, returned (order cancelled)",
};

/** The reward points balance and the ledger behind it: earned and redeemed, per order. */
export function RewardPoints({ balance, ledger }: { balance: number; ledger: LedgerEntry[] }) {
  return (
    <section aria-labelledby="points-heading" className="mt-8 rounded-lg bg-gold-50 p-5 dark:bg-gold-900/30">
      <h2 id="points-heading" className="flex items-baseline justify-between text-lg font-semibold">
        Reward points <span data-testid="points-balance">{balance}</span>
      </h2>
      <p className="text-sm text-zinc-600 dark:text-zinc-300">
        1 point for every full ₹100 you spend; each point is worth ₹1 at checkout.
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
                  className={`text-right font-medium ${entry.points < 0 ? "text-red-600 dark:text-red-400" : "text-green-700 dark:text-green-400"}`}
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
