/**
 * A size with this many pieces or fewer is "low": the product page says "Only N left" and the
 * dashboard lists it under Low stock.
 */
export const LOW_STOCK_THRESHOLD = 5;
