import type { ShelfOffer } from "#core/offers.ts";
import { catalogVersion } from "../catalog/catalog-version.ts";
import { onePerDatabase } from "../db/one-per-database.ts";
import type { Db } from "../db/schema.ts";
import { type OfferLine, shelfOfferFor, showsOnShelves } from "./offer-engine.ts";
import { findCurrentAutomatic, findProductCollections } from "./offers.repository.ts";

/*
 * The automatic offers the shelves (listings, product pages, home) show, and the clock of their
 * starts and ends. Every change of an offer moves the catalogue's version (offers-admin.service),
 * so the list is read again at most once per version; the times are compared with the clock on
 * every look, so an offer shows from the minute it starts (India time is only how the admin
 * types it: times are instants) and not a minute after it ends, on every node, with nothing to
 * wake up at that minute. Record 31.
 */

type Loaded = { version: number; offers: Awaited<ReturnType<typeof findCurrentAutomatic>> };

class LiveShelfOffers {
  readonly #db: Db;
  #loaded: Promise<Loaded> | null = null;

  constructor(db: Db) {
    this.#db = db;
  }

  /** The offers the shelves may show, live now or still to start. */
  async list() {
    const version = await catalogVersion(this.#db).current();
    let loaded = this.#loaded ? await this.#loaded : null;
    if (!loaded || loaded.version !== version) {
      this.#loaded = findCurrentAutomatic(this.#db, Date.now()).then((offers) => ({
        version,
        offers: offers.filter(showsOnShelves),
      }));
      this.#loaded.catch(() => {
        this.#loaded = null;
      });
      loaded = await this.#loaded;
    }
    return loaded.offers;
  }

  /**
   * Where the shelves stand on the offers' clock: the last start or end passed by `now` (0
   * before any), and how long until the next one (null: none to come). A page kept from before a
   * start or an end is out of date after it.
   */
  async clock(now: number): Promise<{ tick: number; nextInMs: number | null }> {
    const moments = (await this.list()).flatMap((offer) =>
      offer.endsAt === null ? [offer.startsAt] : [offer.startsAt, offer.endsAt],
    );
    const past = moments.filter((moment) => moment <= now);
    const future = moments.filter((moment) => moment > now);
    return {
      tick: past.length ? Math.max(...past) : 0,
      nextInMs: future.length ? Math.min(...future) - now : null,
    };
  }
}

/** The one list of shelf offers per database handle in this process. */
export const liveShelfOffers = onePerDatabase((db) => new LiveShelfOffers(db));

/**
 * The price each product shows with the automatic offer it gets bought on its own ("₹1,799
 * ₹1,599 with FEST10"), by product id; products without one are left out. `shipping` is what a cart
 * of one piece pays for delivery.
 */
export async function shelfOffers(
  db: Db,
  products: readonly { id: number; price: number }[],
  shipping: number,
  now = Date.now(),
): Promise<Record<number, ShelfOffer>> {
  const offers = (await liveShelfOffers(db).list()).filter(
    (offer) => offer.startsAt <= now && (offer.endsAt === null || now < offer.endsAt),
  );
  if (offers.length === 0 || products.length === 0) return {};
  const scoped = offers.some((offer) => offer.scope.collections.length > 0);
  const collections = scoped
    ? await findProductCollections(
        db,
        products.map((product) => product.id),
      )
    : new Map();
  const prices: Record<number, ShelfOffer> = {};
  for (const product of products) {
    const piece: Omit<OfferLine, "quantity"> = {
      productId: product.id,
      unitPrice: product.price,
      collections: collections.get(product.id) ?? [],
    };
    const offer = shelfOfferFor(piece, offers, shipping, now);
    if (offer) prices[product.id] = offer;
  }
  return prices;
}
