import { useLocation } from "react-router";
import { listingUrl } from "#core/listings.ts";
import { localeOfPath } from "#core/locales.ts";
import { formatCount } from "#core/numbers.ts";
import { shelfPrices } from "#server/cart/shelf-prices.ts";
import { browseListing, filtersSet, listingOptions } from "#server/catalog/catalog.service.ts";
import { inLocale } from "#server/catalog/product-translations.ts";
import { notFound } from "../.server/address.ts";
import { appServices, publicOrigin } from "../.server/context.ts";
import { loadAsDocument } from "../.server/html-first.ts";
import { localeOf, requestT } from "../.server/locale.ts";
import { EmptyResults } from "../components/catalog/empty-results.tsx";
import { FilterPanel } from "../components/catalog/filter-panel.tsx";
import { ProductCard } from "../components/catalog/product-card.tsx";
import { QuickAdd } from "../components/catalog/quick-add.tsx";
import { Pagination } from "../components/ui/pagination.tsx";
import { HTML_FIRST } from "../lib/page-handle.ts";
import { pageMeta } from "../lib/seo.ts";
import { type Translate, translator, useT } from "../locales/i18n.ts";
import { Link } from "../locales/link.tsx";
import type { Route } from "./+types/listing";
import { readListingRequest } from "./listing.server.ts";

// Sent as HTML with islands, without React (decision record 48).
export const handle = HTML_FIRST;
export const middleware: Route.MiddlewareFunction[] = [loadAsDocument];

export async function loader({ context, url, request }: Route.LoaderArgs) {
  const listing = readListingRequest(url, requestT(request));
  if (!listing) notFound("There is no such collection.");
  const { db } = appServices(context);
  const [browsed, options] = await Promise.all([
    browseListing(db, listing.query, { withSizes: listing.query.listing === "accessories" }),
    listingOptions(db, listing.query.listing),
  ]);
  const page = { ...browsed, items: await inLocale(db, localeOf(request), browsed.items) };
  return {
    title: listing.title,
    query: listing.query,
    filterError: listing.filterError,
    filtered: filtersSet(listing.query),
    page,
    offers: await shelfPrices(db, page.items),
    options,
    origin: publicOrigin(context),
  };
}

export const meta: Route.MetaFunction = ({ loaderData, location }) => {
  if (!loaderData) return [];
  const { title, query, origin } = loaderData;
  const heading = query.q ? `${title}: “${query.q}”` : title;
  return pageMeta({
    title: heading,
    description: translator(localeOfPath(location.pathname))("listing.description", { title }),
    path: location.pathname,
    origin,
    noindex: Boolean(location.search),
  });
};

export default function Listing({ loaderData }: Route.ComponentProps) {
  const { title, query, filterError, page, options, offers, filtered } = loaderData;
  const location = useLocation();
  const t = useT();
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <ListingHeader title={title} q={query.q} page={page} />
      <div className="grid gap-8 lg:grid-cols-[16rem_1fr]">
        <FilterPanel pathname={location.pathname} values={query} options={options} error={filterError} />
        {/* The filter panel's island puts the results of a new choice here in place (and above, the count). */}
        <section aria-label={t("listing.products")} data-listing-part="results" className="aria-busy:opacity-60">
          {page.items.length === 0 ? (
            <EmptyResults
              q={query.q}
              title={title}
              inCollection={query.listing !== "all"}
              filtered={filtered}
              instead={page.search?.instead ?? []}
            />
          ) : (
            <ProductGrid page={page} offers={offers} quickAdd={query.listing === "accessories"} />
          )}
          <Pagination
            page={page.page}
            pageCount={page.pageCount}
            total={productCount(t, page.total, page.more)}
            hasPrevious={page.hasPrevious}
            hasNext={page.hasNext}
            hrefFor={(target) =>
              listingUrl(location.pathname, new URLSearchParams(location.search), {
                page: target === 1 ? undefined : String(target),
              })
            }
          />
        </section>
      </div>
    </div>
  );
}

type ListingPage = Route.ComponentProps["loaderData"]["page"];

/** The listing's title, how many products it found for what, and what the search read the words as. */
function ListingHeader({ title, q, page }: { title: string; q: string | undefined; page: ListingPage }) {
  const t = useT();
  return (
    <header className="mb-6" data-listing-part="heading">
      <h1 className="font-display text-3xl font-semibold">{title}</h1>
      {/* A long search word must wrap, not widen the page. */}
      <p className="mt-1 break-words text-zinc-600 dark:text-zinc-400" aria-live="polite">
        {q ? <>{t("listing.resultsFor", { q })} · </> : null}
        {productCount(t, page.total, page.more)}
      </p>
      {page.search?.showingFor ? (
        <p className="mt-1 break-words text-sm">
          {t("listing.showingFor", { words: page.search.showingFor })}
          {page.search.dropped.length > 0 ? t("listing.without", { words: page.search.dropped.join(" ") }) : "."}
        </p>
      ) : null}
      {page.search?.offer ? (
        <p className="mt-2 text-sm">
          <Link to={page.search.offer.href} className="font-medium underline underline-offset-2">
            {t("listing.seeAll", { label: page.search.offer.label })}
          </Link>
        </p>
      ) : null}
    </header>
  );
}

/** The page's products as cards; accessories each with a quick add. */
function ProductGrid({
  page,
  offers,
  quickAdd,
}: {
  page: ListingPage;
  offers: Route.ComponentProps["loaderData"]["offers"];
  quickAdd: boolean;
}) {
  return (
    <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-4">
      {page.items.map((product, index) => (
        // Past the first row the cards are below a phone's first screen (the `later` utility).
        <li key={product.id} className={`flex ${index >= 4 ? "later [contain-intrinsic-size:auto_560px]" : ""}`}>
          <ProductCard
            product={product}
            offer={offers[product.id]}
            // The first picture is the largest paint on a phone, where a card fills the width;
            // the others load as they come into view, so they do not share its bandwidth.
            priority={page.page === 1 && index === 0}
          >
            {quickAdd ? <QuickAdd productId={product.id} title={product.title} sizes={product.sizes} /> : null}
          </ProductCard>
        </li>
      ))}
    </ul>
  );
}

/** "1,234 products", "60+ products": how many a listing found. */
function productCount(t: Translate, total: number, more = false): string {
  if (total === 1 && !more) return t("listing.productCountOne");
  return t("listing.productCount", { count: `${formatCount(total)}${more ? "+" : ""}` });
}
