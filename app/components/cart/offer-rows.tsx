import { type OfferTaken, offerDiscountRows } from "#core/offers.ts";
import { useT } from "../../locales/i18n.ts";
import { serviceText } from "../../locales/service-text.ts";

/**
 * The discount of each offer as its own row of a total's list ("Offer WELCOME10 −₹269.90"), for the
 * cart, the checkout, the order page: inside their <dl>, styled by them.
 */
export function OfferRows({
  offers,
  termClass,
  rowClass = "flex justify-between gap-3",
}: {
  offers: readonly OfferTaken[];
  termClass?: string;
  rowClass?: string;
}) {
  const t = useT();
  return offerDiscountRows(offers).map((row) => (
    <div key={row.label} className={rowClass} data-testid="offer-discount">
      <dt className={termClass}>{serviceText(t, row.label)}</dt>
      <dd className="text-green-800 dark:text-green-300">{row.value}</dd>
    </div>
  ));
}

/** "Best offer applied: …": which offer the cart got and why, when one applies. */
export function OfferNote({ note }: { note: string | null }) {
  const t = useT();
  if (!note) return null;
  return (
    <p
      className="rounded-md bg-green-50 p-2 text-xs text-green-900 dark:bg-green-950/50 dark:text-green-200"
      data-testid="offer-note"
    >
      {serviceText(t, note)}
    </p>
  );
}
