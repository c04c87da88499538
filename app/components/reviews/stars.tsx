import { formatCount } from "#core/numbers.ts";
import { useT } from "../../locales/i18n.ts";

/**
 * Stars out of five, filled to the rating (rounded), read out as "4.2 out of 5 stars". Drawn as
 * text, not as icons: a page of reviews carries dozens of them, and an SVG star is a kilobyte.
 */
export function Stars({ rating, size = "text-base", label }: { rating: number; size?: string; label?: string }) {
  const filled = Math.max(0, Math.min(5, Math.round(rating)));
  const t = useT();
  return (
    <span
      role="img"
      aria-label={label ?? t("reviews.outOf5", { rating })}
      className={`leading-none tracking-tight ${size}`}
    >
      <span aria-hidden="true" className="text-gold-600 dark:text-gold-400">
        {"★".repeat(filled)}
      </span>
      <span aria-hidden="true" className="text-zinc-400 dark:text-zinc-500">
        {"★".repeat(5 - filled)}
      </span>
    </span>
  );
}

/** A listing card's line: the stars and the count of reviews. */
export function CardRating({ rating }: { rating: { average: number; count: number } }) {
  const t = useT();
  const reviews = rating.count === 1 ? t("product.review") : t("product.reviews", { count: formatCount(rating.count) });
  return (
    <span className="flex items-center gap-1.5 text-xs text-zinc-700 dark:text-zinc-300">
      <Stars
        rating={rating.average}
        size="text-sm"
        label={t("reviews.outOf5Reviews", { rating: rating.average, reviews })}
      />
      <span aria-hidden="true">
        {rating.average.toFixed(1)} ({formatCount(rating.count)})
      </span>
    </span>
  );
}
