import { formatInr } from "#core/money.ts";
import type { ShelfOffer } from "#core/offers.ts";
import { useLocale, useT } from "../../locales/i18n.ts";
import { offerDescriptionText } from "./offer-words.ts";

/**
 * A piece's price as the shopper will pay it before shipping: with an automatic offer, the
 * shelf price struck through, the price with it, and its name ("₹1,799 ₹1,599 with FEST10"), so
 * that nothing changes between the shelf and the cart. Screen readers hear "was … now …".
 */
/**
 * The colours of the struck price and the offer's name: on the page's own background (light or dark
 * with the theme), or on the home page's black cards, whatever the theme ("night"). Each is 4.5:1
 * or more against its background.
 */
const TONES = {
  page: { was: "text-zinc-600 dark:text-zinc-400", named: "text-green-800 dark:text-green-300" },
  night: { was: "text-zinc-400", named: "text-green-300" },
} as const;

export function ShelfPrice({
  price,
  offer,
  className = "",
  tone = "page",
}: {
  price: number;
  offer?: ShelfOffer | undefined;
  className?: string;
  tone?: keyof typeof TONES;
}) {
  const t = useT();
  const locale = useLocale();
  if (!offer) return <p className={className}>{formatInr(price)}</p>;
  // One text node, so that the page's HTML reads "with FEST10" as the shopper does.
  const named = t("shelf.with", { name: offer.name });
  return (
    <p
      className={`flex flex-wrap items-baseline gap-x-2 ${className}`}
      data-testid="shelf-offer"
      title={offerDescriptionText(t, locale, offer.description)}
    >
      <span className="sr-only">{t("shelf.was")}</span>
      <s className={`text-sm font-normal ${TONES[tone].was}`}>{formatInr(price)}</s>
      <span className="sr-only">{t("shelf.now")}</span>
      <span>{formatInr(offer.price)}</span>
      <span className={`text-xs font-semibold tracking-wide ${TONES[tone].named}`}>{named}</span>
    </p>
  );
}
