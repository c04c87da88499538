import { imageSources } from "#core/image-shapes.ts";
import { rupeeDecimal } from "#core/money.ts";
import { formatCount } from "#core/numbers.ts";
import { NON_RETURNABLE_NOTE } from "#core/returns.ts";
import { materialLabel } from "#core/sizes.ts";
import { shelfPrices } from "#server/cart/shelf-prices.ts";
import { getProduct } from "#server/catalog/catalog.service.ts";
import { productInLocale } from "#server/catalog/product-translations.ts";
import { productPageReviews } from "#server/reviews/reviews.service.ts";
import { idFromPath } from "../.server/address.ts";
import { appServices, publicOrigin } from "../.server/context.ts";
import { loadAsDocument } from "../.server/html-first.ts";
import { localeOf } from "../.server/locale.ts";
import { categoryName } from "../components/catalog/category-name.ts";
import { DeliveryCheck } from "../components/catalog/delivery-check.tsx";
import { ShelfPrice } from "../components/catalog/offer-price.tsx";
import { offerDescriptionText } from "../components/catalog/offer-words.ts";
import { ProductActions } from "../components/catalog/product-actions.tsx";
import { ProductGallery } from "../components/catalog/product-gallery.tsx";
import { SizeGuide } from "../components/catalog/size-guide.tsx";
import { ReviewsSection } from "../components/reviews/reviews-section.tsx";
import { Stars } from "../components/reviews/stars.tsx";
import { HTML_FIRST_SHORT } from "../lib/page-handle.ts";
import { pageMeta } from "../lib/seo.ts";
import { productJsonLd } from "../lib/structured-data.ts";
import { useLocale, useT } from "../locales/i18n.ts";
import { serviceText } from "../locales/service-text.ts";
import type { Route } from "./+types/product";

// Sent as HTML with islands, without React (decision record 48).
export const handle = HTML_FIRST_SHORT;
export const middleware: Route.MiddlewareFunction[] = [loadAsDocument];

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const id = idFromPath(params.id, "This product could not be found.");
  const { db } = appServices(context);
  const product = await productInLocale(db, localeOf(request), await getProduct(db, id));
  // The same for every visitor (the page is cached): the summary and a few reviews, never all.
  const [reviews, offers] = await Promise.all([productPageReviews(db, product), shelfPrices(db, [product])]);
  return { product, reviews, offer: offers[product.id] ?? null, origin: publicOrigin(context) };
}

export const meta: Route.MetaFunction = ({ loaderData, location }) => {
  if (!loaderData) return [];
  const { product, reviews, origin, offer } = loaderData;
  // What the piece sells for now: with an automatic offer, its price with it.
  const selling = { ...product, price: offer?.price ?? product.price };
  const image = product.images[0] ? imageSources(product.images[0], "product", 960).src : undefined;
  return [
    ...pageMeta({
      title: product.title,
      description: product.description.slice(0, 160),
      path: location.pathname,
      origin,
      image,
      type: "product",
    }),
    { property: "product:price:amount", content: rupeeDecimal(selling.price) },
    { property: "product:price:currency", content: "INR" },
    {
      "script:ld+json": productJsonLd(selling, origin, {
        count: reviews.summary.count,
        average: reviews.summary.average,
        reviews: reviews.topReviews,
      }),
    },
  ];
};

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product, reviews, offer } = loaderData;
  const { summary, sizeGuide } = reviews;
  const t = useT();
  const locale = useLocale();
  return (
    <>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-8 md:grid-cols-2">
        <ProductGallery images={product.images} title={product.title} />
        <section aria-labelledby="product-title" className="flex flex-col gap-4">
          <p className="text-sm font-medium tracking-widest text-gold-700 uppercase dark:text-gold-300">
            {categoryName(t, locale, product.category)}
          </p>
          <h1 id="product-title" className="font-display text-3xl font-semibold">
            {product.title}
          </h1>
          {summary.count > 0 && summary.average !== null ? (
            <RatingLink average={summary.average} count={summary.count} />
          ) : null}
          <ShelfPrice price={product.price} offer={offer ?? undefined} className="text-2xl font-semibold" />
          {offer ? (
            <p className="-mt-3 text-sm text-green-800 dark:text-green-300">
              {t("product.offerApplied", {
                name: offer.name,
                description: offerDescriptionText(t, locale, offer.description),
              })}
            </p>
          ) : null}
          <ProductDetails product={product} />
          {sizeGuide ? <SizeGuide productId={product.id} chart={sizeGuide} fits={summary.fits} /> : null}
          <ProductActions productId={product.id} sizes={product.sizes} />
          {product.nonReturnable ? (
            <p className="text-sm font-medium" data-testid="non-returnable">
              {serviceText(t, NON_RETURNABLE_NOTE)}
            </p>
          ) : null}
          <DeliveryCheck />
        </section>
      </div>
      <ReviewsSection productId={product.id} summary={summary} topReviews={reviews.topReviews} />
    </>
  );
}

/** The average rating and how many reviews, leading down to them. */
function RatingLink({ average, count }: { average: number; count: number }) {
  const t = useT();
  return (
    <a href="#reviews-heading" className="flex items-center gap-2 text-sm" data-testid="product-rating">
      <Stars rating={average} />
      <span>
        {average.toFixed(1)} · {count === 1 ? t("product.review") : t("product.reviews", { count: formatCount(count) })}
      </span>
    </a>
  );
}

/** The piece's descriptions, and its fabric (or material) and type. */
function ProductDetails({ product }: { product: Route.ComponentProps["loaderData"]["product"] }) {
  const t = useT();
  return (
    <>
      <p className="leading-relaxed text-zinc-700 dark:text-zinc-300">{product.description}</p>
      {product.description1 ? (
        <p className="leading-relaxed text-zinc-700 dark:text-zinc-300">{product.description1}</p>
      ) : null}
      <dl className="grid grid-cols-[6rem_1fr] gap-y-1 text-sm">
        <dt className="text-zinc-600 dark:text-zinc-400">
          {materialLabel(product.hsn) === "Fabric" ? t("product.fabric") : t("product.material")}
        </dt>
        <dd>{product.fabric ?? "—"}</dd>
        <dt className="text-zinc-600 dark:text-zinc-400">{t("product.type")}</dt>
        <dd>{product.type}</dd>
      </dl>
    </>
  );
}
