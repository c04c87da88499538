import { SYSTEM } from "#core/actor.ts";
import { createProduct } from "../catalog/catalog-admin.service.ts";
import { saveHomeImage } from "../catalog/home.repository.ts";
import { HERO_SLIDES } from "../catalog/home-content.ts";
import type { Db } from "../db/schema.ts";
import { storeShapedImage } from "../storage/images.ts";
import type { Storage } from "../storage/storage.ts";
import { heroArt, tileArt } from "./art/home-art.ts";
import { type ArtKind, type ArtView, PALETTES, productArt } from "./art/product-art.ts";
import { demoProductInput, loadDemoCatalogue } from "./demo-catalogue.ts";

const VIEWS: ArtView[] = ["front", "detail", "styled"];
const HOUR = 3_600_000;

/** What each home tile shows (by its slot in home-content.json), drawn from the same art as the products. */
const TILE_ART: Record<string, { kinds: ArtKind[]; palette: number }> = {
  "collection-jewellery": { kinds: ["necklace", "jhumka"], palette: 4 },
  "collection-korean": { kinds: ["shirt", "skirt"], palette: 14 },
  "collection-handbags": { kinds: ["tote", "clutch"], palette: 23 },
  "collection-western": { kinds: ["dress", "sunglasses"], palette: 2 },
  "collection-ethnic": { kinds: ["kurta", "stole"], palette: 0 },
  "collection-accessories": { kinds: ["sunglasses", "watch", "belt"], palette: 11 },
  "mood-ethnic": { kinds: ["saree", "jhumka"], palette: 5 },
  "mood-aesthetic": { kinds: ["suit"], palette: 2 },
  "mood-hot": { kinds: ["dress", "sling"], palette: 18 },
  "mood-trendy": { kinds: ["coord", "sunglasses"], palette: 14 },
  "mood-chic": { kinds: ["necklace", "ring"], palette: 21 },
  "mood-cool": { kinds: ["sling", "tote"], palette: 1 },
};

function palette(index: number) {
  const chosen = PALETTES[index % PALETTES.length];
  if (!chosen) throw new Error("The demo art has no palettes.");
  return chosen;
}

/**
 * Loads the demo catalogue: seventy products with generated pictures, and the home page's slides
 * and tiles. Pictures already in storage (same drawing, same bytes) are not encoded again.
 */
export async function seedDemoCatalogue(
  db: Db,
  storage: Storage,
  log: (message: string) => void = () => {},
  now: number = Date.now(),
): Promise<void> {
  const catalogue = loadDemoCatalogue();
  log(
    `Loading the demo catalogue (${catalogue.length} products; drawing their pictures takes about half a minute the first time)…`,
  );
  const total = catalogue.length;
  // Pictures are drawn a few products at a time (libvips works on both cores); products are then
  // added in catalogue order, so that "newest" keeps a stable meaning.
  const pictures = await mapInBatches(catalogue, 3, log, (product) =>
    Promise.all(
      VIEWS.map((view) =>
        storeSvg(
          storage,
          "products",
          "product",
          productArt(product.art.kind, palette(product.art.palette), view, product.art.pattern, product.art),
        ),
      ),
    ),
  );
  for (const [index, product] of catalogue.entries()) {
    await createProduct(db, SYSTEM, demoProductInput(product, pictures[index] ?? []), now - (total - index) * HOUR);
  }
  for (const [index, slide] of HERO_SLIDES.entries()) {
    await saveHomeImage(db, slide.slot, await storeSvg(storage, "home", "hero", heroArt(index as 0 | 1 | 2)));
  }
  for (const [slot, art] of Object.entries(TILE_ART)) {
    await saveHomeImage(db, slot, await storeSvg(storage, "home", "tile", tileArt(art.kinds, palette(art.palette))));
  }
  log("Demo catalogue loaded.");
}

async function mapInBatches<T, R>(
  items: readonly T[],
  size: number,
  log: (message: string) => void,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += size) {
    results.push(...(await Promise.all(items.slice(start, start + size).map(work))));
    if (results.length % 15 === 0) log(`  pictures drawn for ${results.length} of ${items.length} products…`);
  }
  return results;
}

function storeSvg(storage: Storage, folder: string, shape: "product" | "hero" | "tile", svg: string) {
  // AVIF copies are made on each picture's first view, so the first start stays quick.
  return storeShapedImage(storage, folder, shape, Buffer.from(svg), { avif: false });
}
