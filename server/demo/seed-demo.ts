import { SYSTEM } from "#core/actor.ts";
import { IMAGE_SHAPES, type ImageShape } from "#core/image-shapes.ts";
import { createProduct } from "../catalog/catalog-admin.service.ts";
import { saveHomeImage } from "../catalog/home.repository.ts";
import { HERO_SLIDES } from "../catalog/home-content.ts";
import type { Db } from "../db/schema.ts";
import { seedExampleCharts } from "../size-guides/size-guides.service.ts";
import { storeShapedImage } from "../storage/shaped-images.ts";
import type { Storage } from "../storage/storage.ts";
import { heroArt, tileArt } from "./art/home-art.ts";
import { type ArtKind, type ArtView, PALETTES, productArt } from "./art/product-art.ts";
import { demoProductInput, loadDemoCatalogue } from "./demo-catalogue.ts";
import { EXAMPLE_SIZE_CHARTS } from "./example-size-charts.ts";

const VIEWS: ArtView[] = ["front", "detail", "styled"];
/**
 * Plain pictures: the front in the product's own colour, the detail and styled views in two shades
 * every product shares, so that the views still differ and a catalogue needs few encodings.
 */
const PLAIN_SHADES = ["#d9d4cc", "#8a8178"] as const;
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
  { now = Date.now(), plainPictures = false }: { now?: number; plainPictures?: boolean } = {},
): Promise<void> {
  const catalogue = loadDemoCatalogue();
  log(
    plainPictures
      ? `Loading the demo catalogue (${catalogue.length} products, with plain pictures)…`
      : `Loading the demo catalogue (${catalogue.length} products; drawing their pictures takes about half a minute the first time)…`,
  );
  const total = catalogue.length;
  // Pictures are drawn a few products at a time (libvips works on both cores); products are then
  // added in catalogue order, so that "newest" keeps a stable meaning.
  const store = storeOnce(storage);
  const pictures = await mapInBatches(catalogue, 3, log, (product) =>
    Promise.all(
      VIEWS.map((view, index) => {
        const colours = palette(product.art.palette);
        const svg = plainPictures
          ? plainArt("product", index === 0 ? colours.primary : (PLAIN_SHADES[index - 1] ?? colours.secondary))
          : productArt(product.art.kind, colours, view, product.art.pattern, product.art);
        return store("products", "product", svg);
      }),
    ),
  );
  for (const [index, product] of catalogue.entries()) {
    await createProduct(db, SYSTEM, demoProductInput(product, pictures[index] ?? []), now - (total - index) * HOUR);
  }
  for (const [index, slide] of HERO_SLIDES.entries()) {
    const art = plainPictures ? plainArt("hero", palette(index).background) : heroArt(index as 0 | 1 | 2);
    await saveHomeImage(db, slide.slot, await store("home", "hero", art));
  }
  for (const [slot, tile] of Object.entries(TILE_ART)) {
    const art = plainPictures
      ? plainArt("tile", palette(tile.palette).primary)
      : tileArt(tile.kinds, palette(tile.palette));
    await saveHomeImage(db, slot, await store("home", "tile", art));
  }
  await seedExampleCharts(db, EXAMPLE_SIZE_CHARTS, now);
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

/**
 * A picture of one colour in the shape's own proportions, at its largest width: a stand-in that
 * costs one resize per width and nothing to crop.
 */
function plainArt(shape: ImageShape, colour: string): string {
  const { widths, aspect } = IMAGE_SHAPES[shape];
  const width = widths[widths.length - 1] ?? 960;
  const height = Math.round((width * aspect[1]) / aspect[0]);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" fill="${colour}"/></svg>`;
}

/**
 * Stores each drawing once per seed: products drawn at the same time share a plain picture, and
 * a second request for it waits for the first instead of encoding it again.
 */
function storeOnce(storage: Storage) {
  const stored = new Map<string, Promise<string>>();
  return (folder: string, shape: ImageShape, svg: string): Promise<string> => {
    const key = `${folder}\n${shape}\n${svg}`;
    let ref = stored.get(key);
    if (!ref) {
      // AVIF copies are made on each picture's first view, so the first start stays quick.
      ref = storeShapedImage(storage, folder, shape, Buffer.from(svg), { avif: false });
      stored.set(key, ref);
    }
    return ref;
  };
}
