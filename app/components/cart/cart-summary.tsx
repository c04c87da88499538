import type { ReactNode } from "react";
import { Link } from "react-router";
import { formatInr, formatSignedInr } from "#core/money.ts";
import { shippingText } from "#core/offers.ts";
import { pointsToPaise } from "#core/points.ts";
import type { CartView } from "#server/cart/cart.schemas.ts";
import { cartPath } from "../../lib/cart-choices.ts";
import { TitledSection } from "../ui/titled-section.tsx";
import { OfferCodeBox } from "./offer-code-box.tsx";
import { OfferNote, OfferRows } from "./offer-rows.tsx";
import { PointsNote } from "./points-note.tsx";
import { StoreCreditChoice } from "./store-credit-choice.tsx";

export type SummaryTotals = Omit<CartView, "lines" | "itemCount">;

/**
 * Subtotal, each offer's discount, Shipping, points redeemed (when some are) and Grand Total, all
 * from the server, then which offer applies and why, and the offer code box; as tall as its
 * content, beside however long a list of items.
 */
export function CartSummary({ totals, children }: { totals: SummaryTotals; children?: ReactNode }) {
  return (
    <TitledSection
      id="summary-heading"
      title="Order summary"
      className="card flex flex-col gap-3 self-start p-6 lg:sticky lg:top-20"
    >
      <dl className="flex flex-col gap-2 text-sm">
        <Row label="Subtotal" value={formatInr(totals.subtotal)} />
        <OfferRows offers={totals.offers.applied} termClass="text-zinc-600 dark:text-zinc-400" />
        <Row label="Shipping" value={shippingText(totals.shipping, totals.offers.applied)} />
        {/* Only when points are spent: a row of ₹0 says nothing. */}
        {totals.pointsRedeemed > 0 ? (
          <Row label="Points redeemed" value={`−${formatInr(pointsToPaise(totals.pointsRedeemed))}`} />
        ) : null}
        {/* The amount to pay is whole rupees: the paise that rounded it, when there are any. */}
        {totals.roundOff !== 0 ? <Row label="Round off" value={formatSignedInr(totals.roundOff)} /> : null}
        <div className="mt-2 flex justify-between border-t border-zinc-200 pt-3 text-base font-semibold dark:border-zinc-800">
          <dt>Grand Total</dt>
          <dd data-testid="grand-total">{formatInr(totals.grandTotal)}</dd>
        </div>
      </dl>
      <OfferNote note={totals.offers.note} />
      {totals.pointsBalance !== null ? <PointsChoice totals={totals} /> : null}
      <OfferCodeBox offers={totals.offers} />
      {totals.storeCredit ? <StoreCreditChoice offer={totals.storeCredit} choices={choicesOf(totals)} /> : null}
      {children}
    </TitledSection>
  );
}

/** The buyer's choices the cart's address keeps: points and store credit. */
export function choicesOf(totals: Pick<SummaryTotals, "redeeming" | "storeCredit">) {
  return { redeem: totals.redeeming, credit: (totals.storeCredit?.applied ?? 0) > 0 };
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between">
      <dt className="text-zinc-600 dark:text-zinc-400">{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/** Registered customers choose whether to spend their points (1 point = ₹1) on this order. */
function PointsChoice({ totals }: { totals: SummaryTotals }) {
  return (
    <div className="rounded-md bg-gold-50 p-3 text-sm dark:bg-gold-900/30">
      <PointsNote figures={totals} />
      {totals.redeemablePoints === 0 ? null : (
        <Link
          to={cartPath({ ...choicesOf(totals), redeem: !totals.redeeming })}
          replace
          preventScrollReset
          className="mt-1 inline-block font-semibold text-gold-700 underline dark:text-gold-300"
        >
          {totals.redeeming
            ? "Don't use my points"
            : `Use ${totals.redeemablePoints} points on this order (1 point = ₹1)`}
        </Link>
      )}
    </div>
  );
}
