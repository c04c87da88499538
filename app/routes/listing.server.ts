import { findCollection } from "#core/collections.ts";
import { type ListingQuery, listingQuerySchema } from "#server/catalog/catalog.schemas.ts";

export type ListingRequest = {
  query: ListingQuery;
  title: string;
  /** A filter value the shop could not use, explained. */
  filterError: string | null;
};

/** Reads a listing URL: which listing the path names and the filters in the query string. */
export function readListingRequest(url: URL): ListingRequest | null {
  const slug = url.pathname.split("/")[1] ?? "";
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
    title:
      collection?.title ??
      (url.searchParams.has("sort") ? ALL_PRODUCTS_TITLES[query.sort] : undefined) ??
      "All Products",
    filterError: parsed.success ? null : (parsed.error.issues[0]?.message ?? "A filter value could not be used."),
  };
}

/** All Products sorted newest first is the footer's New Arrivals; by sales, its Best Selling. */
const ALL_PRODUCTS_TITLES: Partial<Record<ListingQuery["sort"], string>> = {
  new: "New Arrivals",
  popular: "Best Selling",
};
