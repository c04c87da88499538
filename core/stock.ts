/**
 * A size with this many pieces or fewer is "low" unless it has a reorder point of its own: the
 * product page says "Only N left" and the dashboard lists it under Low stock.
 */
export const LOW_STOCK_THRESHOLD = 5;

/** Why a size's stock changed (record 46), in the order the stock screen offers them. */
export const STOCK_REASONS = ["received", "sold", "cancelled", "returned", "rto", "correction", "count"] as const;
export type StockReasonName = (typeof STOCK_REASONS)[number];

export const STOCK_REASON_LABELS: Record<StockReasonName, string> = {
  received: "Received",
  sold: "Sold",
  cancelled: "Cancelled",
  returned: "Returned",
  rto: "Returned to origin",
  correction: "Correction",
  count: "Count",
};

/** The point at or below which a size is low: its own reorder point, else the shop's threshold. */
export function reorderPointOf(reorderPoint: number | null): number {
  return reorderPoint ?? LOW_STOCK_THRESHOLD;
}

/** A size's stock as the admin's list shows it: out, low (at or below its reorder point) or in stock. */
export type StockLevel = "out" | "low" | "in";

export function stockLevel(stock: number, reorderPoint: number | null): StockLevel {
  if (stock <= 0) return "out";
  return stock <= reorderPointOf(reorderPoint) ? "low" : "in";
}

/**
 * Whether a change of a size's stock shows on a page: pages say how many are left only when few
 * are, and whether a size is sold out, so a sale from a deep shelf changes nothing anyone sees.
 */
export function stockChangeShows(before: number, after: number): boolean {
  return before <= LOW_STOCK_THRESHOLD || after <= LOW_STOCK_THRESHOLD;
}
