import type { CartView } from "#server/cart/cart.schemas.ts";
import { useT } from "../../locales/i18n.ts";

type PointsFigures = Pick<CartView, "pointsBalance" | "pointsPending" | "pointsToEarn">;

/**
 * A registered customer's points in plain words: what they can spend now, what is still pending on
 * orders on their way, and what this order will earn (pending until it is delivered).
 */
export function PointsNote({ figures }: { figures: PointsFigures }) {
  const t = useT();
  if (figures.pointsBalance === null) return null;
  const pending = figures.pointsPending ?? 0;
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 text-sm" data-testid="points-note">
      <dt>{t("points.spendNow")}</dt>
      <dd className="text-right font-semibold" data-testid="points-spendable">
        {figures.pointsBalance}
      </dd>
      {pending > 0 ? (
        <>
          <dt>{t("points.pendingOrders")}</dt>
          <dd className="text-right font-semibold">{pending}</dd>
        </>
      ) : null}
      {figures.pointsToEarn > 0 ? (
        <dt className="col-span-2 text-zinc-700 dark:text-zinc-300" data-testid="points-to-earn">
          {figures.pointsToEarn === 1 ? t("points.earnsOne") : t("points.earns", { count: figures.pointsToEarn })}
        </dt>
      ) : null}
    </dl>
  );
}
