import { formatInr, formatSignedInr } from "#core/money.ts";
import { shippingText } from "#core/offers.ts";
import { pointsToPaise } from "#core/points.ts";
import type { StoreCreditOffer } from "#core/store-credit.ts";
import type { CartLine, CartView } from "#server/cart/cart.schemas.ts";
import { availabilityMessage } from "../../lib/cart-availability.ts";
import { useT } from "../../locales/i18n.ts";
import { serviceText } from "../../locales/service-text.ts";
import { OfferRows } from "./offer-rows.tsx";
import { StoreCreditPaid } from "./store-credit-choice.tsx";

/**
 * What is being ordered, in short: each line's title, size, quantity and total, then the figures
 * that make up the amount to pay (all from the server), so that they visibly add up.
 */
export function OrderItems({
  lines,
  totals,
  online = false,
  storeCredit = null,
}: {
  lines: readonly CartLine[];
  totals: Omit<CartView, "lines">;
  /** Whether the buyer may pay online: then the total is not only paid at the door. */
  online?: boolean;
  /** Store credit paying part or all of it (a payment, under the total). */
  storeCredit?: StoreCreditOffer | null;
}) {
  const t = useT();
  const left = online ? t("items.totalToPay") : t("items.toPayOnDelivery");
  return (
    <div className="rounded-md bg-zinc-50 p-3 text-sm dark:bg-zinc-800/60">
      <ul className="flex flex-col gap-1" aria-label={t("items.label")}>
        {lines.map((line) => (
          <li key={`${line.productId}-${line.size}`} className="flex justify-between gap-3">
            <span>
              {line.title}{" "}
              <span className="text-zinc-600 dark:text-zinc-400">
                · {line.size} × {line.quantity}
              </span>
              {availabilityMessage(line) ? (
                <span className="block text-xs font-medium text-red-700 dark:text-red-400">
                  {serviceText(t, availabilityMessage(line) ?? "")}
                </span>
              ) : null}
            </span>
            <span className="shrink-0">{formatInr(line.lineTotal)}</span>
          </li>
        ))}
      </ul>
      <dl className="mt-2 flex flex-col gap-1 border-t border-zinc-200 pt-2 dark:border-zinc-700">
        <Figure label={t("items.subtotal")} value={formatInr(totals.subtotal)} testId="checkout-subtotal" />
        <OfferRows offers={totals.offers.applied} termClass="text-zinc-600 dark:text-zinc-400" />
        <Figure
          label={t("items.shipping")}
          value={shippingText(totals.shipping, totals.offers.applied)}
          testId="checkout-shipping"
        />
        {totals.pointsRedeemed > 0 ? (
          <Figure
            label={t("items.points", { count: totals.pointsRedeemed })}
            value={`−${formatInr(pointsToPaise(totals.pointsRedeemed))}`}
            testId="checkout-points"
          />
        ) : null}
        {totals.roundOff !== 0 ? (
          <Figure label={t("items.roundOff")} value={formatSignedInr(totals.roundOff)} testId="checkout-round-off" />
        ) : null}
        <div className="flex justify-between font-semibold">
          <dt>{storeCredit ? t("items.grandTotal") : left}</dt>
          <dd data-testid="checkout-total">{formatInr(totals.grandTotal)}</dd>
        </div>
      </dl>
      {storeCredit ? <StoreCreditPaid applied={storeCredit.applied} toPay={storeCredit.toPay} left={left} /> : null}
    </div>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="flex justify-between">
      <dt className="text-zinc-600 dark:text-zinc-400">{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}
