/**
 * A size with this many pieces or fewer is "low": the product page says "Only N left" and the
 * dashboard lists it under Low stock.
 */
export const LOW_STOCK_THRESHOLD = 5;

/**
 * Whether a change of a size's stock shows on a page: pages say how many are left only when few
 * are, and whether a size is sold out, so a sale from a deep shelf changes nothing anyone sees.
 */
export function stockChangeShows(before: number, after: number): boolean {
  return before <= LOW_STOCK_THRESHOLD || after <= LOW_STOCK_THRESHOLD;
}
