import type { Db } from "../db/schema.ts";
import type { ProductCard } from "./catalog.schemas.ts";
import { newestInCollection } from "./catalog.service.ts";
import { catalogCache } from "./catalog-cache.ts";
import { findHomeImages } from "./home.repository.ts";
import { COLLECTION_TILES, HERO_SLIDES, MOOD_TILES } from "./home-content.ts";

export const LATEST_SUITS = 6;

/** A hero slide or a home tile: its words, where it leads, and its picture once one is stored. */
export type HomeTile = { caption: string; to: string; image: string | null };

/** Everything the home page shows: slides, tiles and the six newest Pakistani suits. */
export async function homePage(db: Db): Promise<{
  slides: HomeTile[];
  collections: HomeTile[];
  moods: HomeTile[];
  latestSuits: ProductCard[];
}> {
  const [images, latestSuits] = await Promise.all([
    catalogCache(db).remember("home-images", () => findHomeImages(db)),
    newestInCollection(db, "pakistani-suits", LATEST_SUITS),
  ]);
  const picture = (slot: string) => images.get(slot) ?? null;
  return {
    slides: HERO_SLIDES.map((slide) => ({ caption: slide.label, to: slide.to, image: picture(slide.slot) })),
    collections: COLLECTION_TILES.map((tile) => ({ caption: tile.label, to: tile.to, image: picture(tile.slot) })),
    moods: MOOD_TILES.map((tile) => ({ caption: tile.label, to: tile.to, image: picture(tile.slot) })),
    latestSuits,
  };
}
