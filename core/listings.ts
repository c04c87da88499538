/** Listing sorts: price low to high (the default), high to low, newest first, best selling. */
export const LISTING_SORTS = ["low", "high", "new", "popular"] as const;
export type ListingSort = (typeof LISTING_SORTS)[number];

export const PAGE_SIZE = 24;

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
