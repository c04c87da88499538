import { formatCount } from "./numbers.ts";

/**
 * Listing sorts. A search opens by relevance (the words in the title first); a listing opens newest
 * first, so that a shopper sees what is new rather than the cheapest small things.
 */
export const LISTING_SORTS = ["relevance", "new", "popular", "low", "high"] as const;
export type ListingSort = (typeof LISTING_SORTS)[number];

/** What each sort is called in the "Sort by" control. */
export const SORT_LABELS: Record<ListingSort, string> = {
  relevance: "Relevance",
  new: "Newest first",
  popular: "Best selling",
  low: "Price: low to high",
  high: "Price: high to low",
};

/** The sort a listing opens with: relevance for a search, newest first otherwise. */
export function defaultSort(search: string | undefined): ListingSort {
  return search ? "relevance" : "new";
}

/** The sort asked for, where it makes sense; relevance needs search words to be relevant to. */
export function chosenSort(asked: string | undefined, search: string | undefined): ListingSort {
  const known = (LISTING_SORTS as readonly string[]).includes(asked ?? "") ? (asked as ListingSort) : undefined;
  if (!known || (known === "relevance" && !search)) return defaultSort(search);
  return known;
}

export const PAGE_SIZE = 24;

/**
 * A search's matches are counted up to this many; past it a listing says "2,000+ products" and its
 * pages reach that far (a shopper refines a search long before page 84).
 */
export const SEARCH_COUNT_LIMIT = 2_000;

/** "103 products", or "2,000+ products" when a search found more than it counted. */
export function productCount(total: number, more = false): string {
  return `${formatCount(total)}${more ? "+" : ""} ${total === 1 && !more ? "product" : "products"}`;
}

/** The URL of a listing with some filter values changed; empty values are left out of the URL. */
export function listingUrl(pathname: string, current: URLSearchParams, changes: Record<string, string | undefined>) {
  const params = new URLSearchParams(current);
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined || value === "") params.delete(key);
    else params.set(key, value);
  }
  const search = params.toString();
  return search ? `${pathname}?${search}` : pathname;
}
