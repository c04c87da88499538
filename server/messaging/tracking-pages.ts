import { orderPathFor } from "#core/order-paths.ts";
import type { Executor } from "../db/schema.ts";
import type { OrderRow } from "../processes/order-process.ts";

/*
 * SEAM for courier shipping's tracking page (`/track/<token>`). A shipped order's SMS and WhatsApp
 * link to where the buyer follows the parcel. Until the shipping room gives an order's tracking
 * address, that is the order's own page. The shipping room sits above this one (it moves orders,
 * and orders reach messaging through accounts), so messaging cannot import it: the composition step
 * (server/shop-processes.ts) hands its function over with `useTrackingPages(…)`.
 */

/** An order's tracking page, a path or the shop's own address; null when it has none (not booked with a courier). */
export type TrackingPageOf = (trx: Executor, order: OrderRow) => Promise<string | null>;

let trackingPageOf: TrackingPageOf | null = null;

/** Where the composition step installs the shipping room's tracking address; null takes it out. */
export function useTrackingPages(pages: TrackingPageOf | null): void {
  trackingPageOf = pages;
}

/** Where a shipped order's messages send the buyer: its tracking page, else the order's own page. */
export async function trackingPathFor(trx: Executor, order: OrderRow): Promise<string> {
  return (await trackingPageOf?.(trx, order)) ?? orderPathFor(order);
}
