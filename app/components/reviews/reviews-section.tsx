import { Camera, ThumbsUp } from "lucide-react";
import { formatShopDate, formatShopDateHindi } from "#core/dates.ts";
import { formatCount } from "#core/numbers.ts";
import { type Fit, fitTotal, type SizeFit } from "#core/size-charts.ts";
import type { PublishedReview, ReviewSummary } from "#server/reviews/reviews.service.ts";
import { useLocale, useT } from "../../locales/i18n.ts";
import { Link } from "../../locales/link.tsx";
import { serviceText } from "../../locales/service-text.ts";
import { ShopImage } from "../catalog/shop-image.tsx";
import { PhotoThumbnails } from "../ui/photo-thumbnails.tsx";
import { Options } from "../ui/text-field.tsx";
import { FIT_IDS, fitText } from "./fit-words.ts";
import { Stars } from "./stars.tsx";

const SORTS = [
  { value: "helpful", label: "reviews.sortHelpful" },
  { value: "newest", label: "reviews.sortNewest" },
  { value: "lowest", label: "reviews.sortLowest" },
] as const;

/**
 * The product page's reviews: average and count, the stars' histogram, the fit per size, the
 * newest photos, then the reviews themselves. The page carries the summary and the few most
 * helpful (the same for every visitor); the rest, the visitor's votes and other sorts load after,
 * by the reviews' island (app/islands/reviews.island.ts), as the shop renders them (ReviewItems).
 */
export function ReviewsSection({
  productId,
  summary,
  topReviews,
}: {
  productId: number;
  summary: ReviewSummary;
  topReviews: PublishedReview[];
}) {
  const t = useT();
  return (
    <section aria-labelledby="reviews-heading" className="mx-auto flex max-w-6xl flex-col gap-6 px-4 pb-12">
      <div className="flex flex-wrap items-baseline justify-between gap-3 border-t border-zinc-200 pt-8 dark:border-zinc-800">
        <h2 id="reviews-heading" className="font-display text-2xl font-semibold">
          {t("reviews.heading")}
        </h2>
        <p className="flex flex-wrap gap-4 text-sm">
          <Link to={`/review/${productId}`} className="font-medium underline underline-offset-4">
            {t("reviews.writeLink")}
          </Link>
          <Link to="/how-reviews-work" className="underline underline-offset-4">
            {t("reviews.howLink")}
          </Link>
        </p>
      </div>
      {summary.count === 0 ? (
        <p className="text-zinc-700 dark:text-zinc-300">{t("reviews.none")}</p>
      ) : (
        <>
          <SummaryPanel summary={summary} />
          {summary.photos.length > 0 ? <PhotoStrip photos={summary.photos} /> : null}
          <ReviewList productId={productId} first={topReviews} total={summary.count} />
        </>
      )}
    </section>
  );
}

function SummaryPanel({ summary }: { summary: ReviewSummary }) {
  const t = useT();
  const fits = summary.fits.filter((fit) => fitTotal(fit) > 0);
  return (
    <div className="grid gap-6 md:grid-cols-3">
      <div className="flex flex-col gap-1" data-testid="review-average">
        <p className="text-4xl font-semibold">{summary.average?.toFixed(1)}</p>
        <Stars rating={summary.average ?? 0} size="text-xl" />
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          {summary.count === 1 ? t("product.review") : t("product.reviews", { count: formatCount(summary.count) })}
        </p>
      </div>
      <table className="w-full text-sm">
        <caption className="sr-only">{t("reviews.histogram")}</caption>
        <tbody>
          {summary.histogram.map((row) => {
            const share = summary.count === 0 ? 0 : Math.round((row.count * 100) / summary.count);
            return (
              <tr key={row.stars}>
                <th scope="row" className="w-14 py-0.5 text-left font-normal whitespace-nowrap">
                  {row.stars === 1 ? t("reviews.star") : t("reviews.stars", { count: row.stars })}
                </th>
                <td className="px-2 py-0.5">
                  <div className="h-2.5 rounded-full bg-zinc-200 dark:bg-zinc-700" aria-hidden="true">
                    <div className="h-2.5 rounded-full bg-gold-500" style={{ width: `${share}%` }} />
                  </div>
                </td>
                <td className="w-16 py-0.5 text-right tabular-nums">{formatCount(row.count)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <div className="text-sm">
        <h3 className="mb-1 font-semibold">{t("reviews.fitBySize")}</h3>
        {fits.length === 0 ? (
          <p>{t("reviews.noFit")}</p>
        ) : (
          <ul className="flex flex-col gap-1" data-testid="fit-summary">
            {fits.map((fit: SizeFit) => (
              <li key={fit.size}>{fitText(t, fit)}</li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

function PhotoStrip({ photos }: { photos: ReviewSummary["photos"] }) {
  const t = useT();
  return (
    <div>
      <h3 className="mb-2 flex items-center gap-2 text-sm font-semibold">
        <Camera aria-hidden="true" className="size-4" /> {t("reviews.photos")}
      </h3>
      <ul className="flex gap-3 overflow-x-auto pb-2">
        {photos.map((photo, index) => (
          <li key={`${photo.reviewId}-${photo.image}`} className="w-24 shrink-0 overflow-hidden rounded-md">
            <a href={`#review-${photo.reviewId}`}>
              <ShopImage
                image={photo.image}
                shape="product"
                alt={t("reviews.photoAlt", { index: index + 1, name: photo.authorName })}
                sizes="96px"
                className="aspect-[4/5] w-24 object-cover"
              />
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The reviews, sorted as chosen, a page at a time; the first page comes with the page itself. */
function ReviewList({ productId, first, total }: { productId: number; first: PublishedReview[]; total: number }) {
  const t = useT();
  return (
    <div className="flex flex-col gap-4" data-island="reviews" data-product={productId}>
      <ReviewFilters />
      <ReviewItems productId={productId} reviews={first} />
      <button
        type="button"
        className="btn-outline self-start"
        hidden={first.length >= total}
        data-more-reviews
        data-loading={t("reviews.loading")}
      >
        {t("reviews.more")}
      </button>
    </div>
  );
}

/** A page of reviews (or none with photos); the shop renders later pages with it too. */
export function ReviewItems({ productId, reviews }: { productId: number; reviews: PublishedReview[] }) {
  const t = useT();
  return (
    <>
      <ul className="flex flex-col divide-y divide-zinc-200 aria-busy:opacity-60 dark:divide-zinc-800" data-review-list>
        {reviews.map((review) => (
          <ReviewItem key={review.id} productId={productId} review={review} />
        ))}
      </ul>
      {reviews.length === 0 ? <p className="text-sm">{t("reviews.noPhotos")}</p> : null}
    </>
  );
}

/** How the reviews are sorted, and whether only those with photos are shown. */
function ReviewFilters() {
  const t = useT();
  return (
    <div className="flex flex-wrap items-end gap-4">
      <div>
        <label htmlFor="review-sort" className="label">
          {t("reviews.sort")}
        </label>
        <select id="review-sort" name="sort" className="field" defaultValue="helpful">
          <Options options={SORTS.map((option) => ({ value: option.value, label: t(option.label) }))} />
        </select>
      </div>
      <label className="flex items-center gap-2 pb-2 text-sm">
        <input type="checkbox" name="photos" />
        {t("reviews.withPhotos")}
      </label>
    </div>
  );
}

function ReviewItem({ productId, review }: { productId: number; review: PublishedReview }) {
  const t = useT();
  const locale = useLocale();
  return (
    <li id={`review-${review.id}`} className="flex flex-col gap-2 py-5" data-testid="review">
      <div className="flex flex-wrap items-center gap-3">
        <Stars rating={review.rating} />
        <h3 className="font-semibold">{review.title}</h3>
      </div>
      <p className="text-sm text-zinc-700 dark:text-zinc-300">
        <span className="font-medium text-green-800 dark:text-green-300">{t("reviews.verified")}</span> ·{" "}
        {review.authorName}, {review.authorCity} ·{" "}
        {locale === "hi-IN" ? formatShopDateHindi(review.publishedAt) : formatShopDate(review.publishedAt)}
      </p>
      <p className="text-sm">
        {t("reviews.sizeBought")}
        <strong>{review.sizeBought}</strong>
        {t("reviews.fit")}
        <strong>{t(FIT_IDS[review.fit as Fit])}</strong>
      </p>
      <p className="leading-relaxed whitespace-pre-line">{review.body}</p>
      <PhotoThumbnails
        photos={review.photos}
        describe={(index) => t("reviews.photoAlt", { index: index + 1, name: review.authorName })}
      />
      <form
        method="post"
        action={`/productinfo/${productId}/reviews`}
        className="flex items-center gap-3 text-sm"
        data-helpful-vote
      >
        <input type="hidden" name="reviewId" value={review.id} />
        <HelpfulVote helpfulCount={review.helpfulCount} voted={review.votedHelpful} />
      </form>
    </li>
  );
}

/** "Was this helpful?", its button and count, and why a vote was refused; the shop renders it again after a vote. */
export function HelpfulVote({
  helpfulCount,
  voted,
  refusal,
}: {
  helpfulCount: number;
  voted: boolean;
  refusal?: string;
}) {
  const t = useT();
  return (
    <>
      <span>{t("reviews.helpfulQ")}</span>
      <button type="submit" className="btn-outline px-3 py-1" disabled={voted} aria-pressed={voted}>
        <ThumbsUp aria-hidden="true" className="size-4" /> {voted ? t("reviews.thanks") : t("reviews.yes")}
      </button>
      <span className="text-zinc-600 dark:text-zinc-400">
        {helpfulCount === 1 ? t("reviews.helpfulOne") : t("reviews.helpfulMany", { count: helpfulCount })}
      </span>
      {refusal ? <VoteRefusal message={refusal} /> : null}
    </>
  );
}

/** Why a vote was refused (not signed in…), in the page's language. */
export function VoteRefusal({ message }: { message: string }) {
  const t = useT();
  return (
    <span className="text-red-700 dark:text-red-300" data-vote-refusal>
      {serviceText(t, message)}
    </span>
  );
}
