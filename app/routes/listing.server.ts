import { findCollection } from "#core/collections.ts";
import { pathWithoutLocale } from "#core/locales.ts";
import { type ListingQuery, listingQuerySchema } from "#server/catalog/catalog.schemas.ts";
import { collectionTitle } from "../locales/collection-names.ts";
import type { MessageId, Translate } from "../locales/i18n.ts";

export type ListingRequest = {
  query: ListingQuery;
  title: string;
  /** A filter value the shop could not use, explained. */
  filterError: string | null;
};

/** Reads a listing URL: which listing the path names and the filters in the query string. */
export function readListingRequest(url: URL, t: Translate): ListingRequest | null {
  const slug = pathWithoutLocale(url.pathname).split("/")[1] ?? "";
  const isAll = slug === "allproducts" || slug === "filter";
  const collection = isAll ? undefined : findCollection(slug);
  if (!isAll && !collection) return null;
  const params = Object.fromEntries(url.searchParams);
  const input = { ...params, listing: collection?.slug ?? "all" };
  const parsed = listingQuerySchema.safeParse(input);
  // Only the max price can fail; the rest of the filters still apply.
  const query = parsed.success ? parsed.data : listingQuerySchema.parse({ ...input, max: undefined });
  return {
    query,
    // Only a sort asked for in the address renames All Products (the footer's New Arrivals, Best Selling).
    title: collection
      ? collectionTitle(t, collection)
      : t((url.searchParams.has("sort") ? ALL_PRODUCTS_TITLES[query.sort] : undefined) ?? "listing.allProducts"),
    filterError: parsed.success ? null : (parsed.error.issues[0]?.message ?? t("listing.filterUnusable")),
  };
}

/** All Products sorted newest first is the footer's New Arrivals; by sales, its Best Selling. */
const ALL_PRODUCTS_TITLES: Partial<Record<ListingQuery["sort"], MessageId>> = {
  new: "listing.newArrivals",
  popular: "listing.bestSelling",
};
