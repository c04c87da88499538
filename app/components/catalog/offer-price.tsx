import { formatInr } from "#core/money.ts";
import type { ShelfOffer } from "#core/promotions.ts";

/**
 * A piece's price as the shopper will pay it before shipping: with an automatic promotion, the
 * shelf price struck through, the price with it, and its name ("₹1,799 ₹1,599 with FEST10"), so
 * that nothing changes between the shelf and the cart. Screen readers hear "was … now …".
 */
export function ShelfPrice({
  price,
  offer,
  className = "",
}: {
  price: number;
  offer?: ShelfOffer | undefined;
  className?: string;
}) {
  if (!offer) return <p className={className}>{formatInr(price)}</p>;
  // One text node, so that the page's HTML reads "with FEST10" as the shopper does.
  const named = `with ${offer.name}`;
  return (
    <p
      className={`flex flex-wrap items-baseline gap-x-2 ${className}`}
      data-testid="shelf-offer"
      title={offer.description}
    >
      <span className="sr-only">Was</span>
      <s className="text-sm font-normal text-zinc-500 dark:text-zinc-400">{formatInr(price)}</s>
      <span className="sr-only">, now</span>
      <span>{formatInr(offer.price)}</span>
      <span className="text-xs font-semibold tracking-wide text-green-800 dark:text-green-300">{named}</span>
    </p>
  );
}
