import { findCollection } from "../../app/lib/collections.ts";
import { type ListingQuery, listingQuerySchema } from "../catalog/catalog.schemas.ts";

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
  if (parsed.success) {
    return { query: parsed.data, title: collection?.title ?? "All Products", filterError: null };
  }
  // Only the max price can fail; the rest of the filters still apply.
  return {
    query: listingQuerySchema.parse({ ...input, max: undefined }),
    title: collection?.title ?? "All Products",
    filterError: parsed.error.issues[0]?.message ?? "A filter value could not be used.",
  };
}
