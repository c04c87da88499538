import { parseArgs } from "node:util";
import sharp, { type OverlayOptions } from "sharp";
import { heroArt, tileArt } from "#server/demo/art/home-art.ts";
import type { Pattern } from "#server/demo/art/look.ts";
import { ART_KINDS, type ArtKind, type ArtView, PALETTES, productArt } from "#server/demo/art/product-art.ts";

// Renders a contact sheet of the catalogue art, plus the home-page slides and tiles, for eyeballing.
// Usage: node scripts/preview-art.ts [--kinds=suit,tote] [--views=front,styled] [--width=240] [--cols=9]
//        [--palette=3] [--out=/tmp/art-sheet.png]
const { values } = parseArgs({
  options: {
    kinds: { type: "string" },
    views: { type: "string", default: "front,detail,styled" },
    width: { type: "string", default: "240" },
    out: { type: "string", default: "/tmp/art-sheet.png" },
    palette: { type: "string" },
    cols: { type: "string" },
  },
});
const PATTERNS: readonly Pattern[] = ["plain", "dots", "stripes", "paisley", "floral", "checks"];
const wanted = values.kinds?.split(",");
const kinds = ART_KINDS.filter((k) => !wanted || wanted.includes(k));
const views = values.views.split(",") as ArtView[];
const w = Number(values.width);
const h = Math.round(w * 1.25);

const cols = Number(values.cols ?? views.length);
const palette = (i: number) => {
  const p = PALETTES[i];
  if (!p) throw new Error(`no palette ${i}`);
  return p;
};
const tiles: OverlayOptions[] = [];
for (const kind of kinds) {
  const i = ART_KINDS.indexOf(kind);
  const pal = palette(values.palette ? Number(values.palette) : (i * 5) % PALETTES.length);
  const pattern = PATTERNS[i % PATTERNS.length] ?? "plain";
  for (const view of views) {
    const svg = Buffer.from(productArt(kind, pal, view, pattern));
    const input = await sharp(svg, { density: (72 * w) / 960 })
      .resize(w, h)
      .png()
      .toBuffer();
    const n = tiles.length;
    tiles.push({ input, left: (n % cols) * w, top: Math.floor(n / cols) * h });
  }
}
const rows = Math.ceil(tiles.length / cols);
await sharp({ create: { width: cols * w, height: rows * h, channels: 3, background: "#ffffff" } })
  .composite(tiles)
  .png()
  .toFile(values.out);
console.log(values.out);

const heroes = await Promise.all(
  ([0, 1, 2] as const).map((i) =>
    sharp(Buffer.from(heroArt(i)))
      .resize(960)
      .png()
      .toBuffer(),
  ),
);
const TILE_SETS: readonly (readonly ArtKind[])[] = [
  ["saree"],
  ["tote", "clutch"],
  ["kurta", "jhumka", "dress"],
  ["necklace"],
];
const tilesOut = await Promise.all(
  TILE_SETS.map((set, i) =>
    sharp(Buffer.from(tileArt(set, palette((i * 7 + 1) % PALETTES.length))))
      .resize(480)
      .png()
      .toBuffer(),
  ),
);
const homeOut = values.out.replace(/\.png$/, "-home.png");
await sharp({ create: { width: 960, height: 420 * 3 + 360 * 2, channels: 3, background: "#ffffff" } })
  .composite([
    ...heroes.map((input, i) => ({ input, left: 0, top: i * 420 })),
    ...tilesOut.map((input, i) => ({ input, left: (i % 2) * 480, top: 1260 + Math.floor(i / 2) * 360 })),
  ])
  .png()
  .toFile(homeOut);
console.log(homeOut);
