import type { ShelfOffer } from "#core/offers.ts";
import type { Db } from "../db/schema.ts";
import { shelfOffers } from "../offers/shelf-offers.ts";
import { SHIPPING_PAISE } from "./cart.schemas.ts";

/**
 * What each product costs with the automatic offer it gets bought on its own, as a cart of that
 * one piece would price it (with that cart's shipping): the listing, product page and home show it,
 * so the shelf's price is the price paid before shipping. Products without one are left out.
 */
export function shelfPrices(
  db: Db,
  products: readonly { id: number; price: number }[],
  now = Date.now(),
): Promise<Record<number, ShelfOffer>> {
  return shelfOffers(db, products, SHIPPING_PAISE, now);
}
