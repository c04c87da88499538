import { COLLECTION_TILES, HERO_SLIDES, MOOD_TILES } from "../../app/lib/home-content.ts";
import type { Db } from "../db/schema.ts";
import { newestInCollection } from "./catalog.service.ts";
import { catalogCache } from "./catalog-cache.ts";
import { findHomeImages } from "./home.repository.ts";

export const LATEST_SUITS = 6;

/** Everything the home page shows: slides, tiles and the six newest Pakistani suits. */
export async function homePage(db: Db) {
  const [images, latestSuits] = await Promise.all([
    catalogCache(db).remember("home-images", () => findHomeImages(db)),
    newestInCollection(db, "pakistani-suits", LATEST_SUITS),
  ]);
  const picture = (slot: string) => images.get(slot) ?? null;
  return {
    slides: HERO_SLIDES.map((slide) => ({ caption: slide.caption, to: slide.to, image: picture(slide.slot) })),
    collections: COLLECTION_TILES.map((tile) => ({ label: tile.label, to: tile.to, image: picture(tile.slot) })),
    moods: MOOD_TILES.map((tile) => ({ label: tile.label, to: tile.to, image: picture(tile.slot) })),
    latestSuits,
  };
}
