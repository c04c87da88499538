import { Star } from "lucide-react";

/** Stars out of five, drawn filled to the rating (halves round), read out as "4.2 out of 5 stars". */
export function Stars({ rating, size = "size-4", label }: { rating: number; size?: string; label?: string }) {
  const filled = Math.round(rating);
  return (
    <span role="img" aria-label={label ?? `${rating} out of 5 stars`} className="inline-flex items-center gap-0.5">
      {[1, 2, 3, 4, 5].map((star) => (
        <Star
          key={star}
          aria-hidden="true"
          className={`${size} ${
            star <= filled
              ? "fill-gold-500 text-gold-600 dark:fill-gold-400 dark:text-gold-400"
              : "fill-transparent text-zinc-400 dark:text-zinc-500"
          }`}
        />
      ))}
    </span>
  );
}

/** A listing card's line: the stars and the count of reviews. */
export function CardRating({ rating }: { rating: { average: number; count: number } }) {
  const reviews = rating.count === 1 ? "1 review" : `${rating.count.toLocaleString("en-IN")} reviews`;
  return (
    <span className="flex items-center gap-1.5 text-xs text-zinc-700 dark:text-zinc-300">
      <Stars rating={rating.average} size="size-3.5" label={`${rating.average} out of 5 stars, ${reviews}`} />
      <span aria-hidden="true">
        {rating.average.toFixed(1)} ({rating.count.toLocaleString("en-IN")})
      </span>
    </span>
  );
}
