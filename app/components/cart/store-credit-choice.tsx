import { formatInr } from "#core/money.ts";
import type { StoreCreditOffer } from "#core/store-credit.ts";
import { type CartChoices, cartPath } from "../../lib/cart-choices.ts";
import { useT } from "../../locales/i18n.ts";
import { Link } from "../../locales/link.tsx";

/**
 * A customer's store credit in the cart: the balance, the choice to pay with it, and once chosen
 * what it pays and what is left to pay. It is a payment, shown under the grand total, which it
 * leaves as it is (the tax on the order does not change).
 */
export function StoreCreditChoice({ offer, choices }: { offer: StoreCreditOffer; choices: CartChoices }) {
  const t = useT();
  if (offer.balance <= 0) return null;
  const using = offer.applied > 0;
  return (
    <div className="rounded-md bg-emerald-50 p-3 text-sm dark:bg-emerald-950/50" data-testid="store-credit-choice">
      <p>
        {t("credit.balance")}
        <span className="font-semibold">{formatInr(offer.balance)}</span>
      </p>
      {using ? <StoreCreditPaid applied={offer.applied} toPay={offer.toPay} /> : null}
      {offer.usable > 0 ? (
        <Link
          to={cartPath({ ...choices, credit: !using })}
          replace
          preventScrollReset
          className="mt-1 inline-block font-semibold text-emerald-800 underline dark:text-emerald-300"
        >
          {using ? t("credit.dontUse") : t("credit.use", { amount: formatInr(offer.usable) })}
        </Link>
      ) : null}
    </div>
  );
}

/** What store credit pays of an order, and what is left to pay after it. */
export function StoreCreditPaid({ applied, toPay, left }: { applied: number; toPay: number; left?: string }) {
  const t = useT();
  return (
    <dl className="mt-1 grid grid-cols-[1fr_auto] gap-x-3" data-testid="store-credit-paid">
      <dt>{t("credit.paidBy")}</dt>
      <dd className="text-right">−{formatInr(applied)}</dd>
      <dt className="font-semibold">{left ?? t("credit.toPay")}</dt>
      <dd className="text-right font-semibold" data-testid="to-pay">
        {formatInr(toPay)}
      </dd>
    </dl>
  );
}
