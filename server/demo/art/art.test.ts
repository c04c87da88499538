import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { heroArt, tileArt } from "./home-art.ts";
import {
  ART_KINDS,
  type ArtKind,
  type ArtView,
  PALETTES,
  type Palette,
  type Pattern,
  productArt,
} from "./product-art.ts";

const VIEWS: readonly ArtView[] = ["front", "detail", "styled"];
const PATTERNS: readonly Pattern[] = ["plain", "dots", "stripes", "paisley", "floral", "checks"];
const palette = (i: number): Palette => {
  const p = PALETTES[i % PALETTES.length];
  if (!p) throw new Error("no palettes");
  return p;
};

/** Tag nesting, quoted attributes and no stray markup characters: enough to catch broken string building. */
function expectWellFormed(svg: string): void {
  const tag = /<(\/?)([a-zA-Z][\w:-]*)((?:\s+[\w:-]+="[^"<&]*")*)\s*(\/?)>/g;
  const stack: string[] = [];
  let last = 0;
  for (const m of svg.matchAll(tag)) {
    expect(svg.slice(last, m.index)).not.toMatch(/[<>&]/);
    const [, closing, name = "", , selfClosing] = m;
    if (closing) expect(stack.pop()).toBe(name);
    else if (!selfClosing) stack.push(name);
    last = m.index + m[0].length;
  }
  expect(last).toBe(svg.length);
  expect(stack).toEqual([]);
  expect(svg).not.toMatch(/NaN|undefined|Infinity/);
}

async function thumb(svg: string, width: number, height: number): Promise<Buffer> {
  const density = (72 * width) / Number(/width="(\d+)"/.exec(svg)?.[1] ?? 960);
  return sharp(Buffer.from(svg), { density }).resize(width, height).removeAlpha().raw().toBuffer();
}

const meanDiff = (a: Buffer, b: Buffer): number => {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs((a[i] ?? 0) - (b[i] ?? 0));
  return sum / a.length;
};

describe("productArt", () => {
  it("offers at least 24 distinct hex palettes", () => {
    expect(PALETTES.length).toBeGreaterThanOrEqual(24);
    for (const p of PALETTES) {
      for (const col of Object.values(p)) expect(col).toMatch(/^#[0-9a-f]{6}$/);
    }
    expect(new Set(PALETTES.map((p) => JSON.stringify(p))).size).toBe(PALETTES.length);
  });

  it("covers every kind of the catalogue", () => {
    const garments = "suit kurta anarkali saree lehenga dress top shirt coord trousers skirt";
    const bags = "tote clutch sling";
    const jewellery = "jhumka necklace bangles ring maangtikka";
    const extras = "scarf sunglasses belt hairclip watch jutti stole";
    expect([...ART_KINDS].sort()).toEqual([garments, bags, jewellery, extras].join(" ").split(" ").sort());
  });

  it.each(ART_KINDS.map((kind, i) => [kind, i] as const))(
    "renders %s in every view as a rasterisable 960×1200 SVG",
    async (kind, i) => {
      for (const view of VIEWS) {
        const svg = productArt(kind, palette(i), view, PATTERNS[i % PATTERNS.length]);
        expect(svg).toContain('viewBox="0 0 960 1200"');
        expect(svg).not.toMatch(/<text|<image|https?:\/\/(?!www\.w3\.org)/);
        expectWellFormed(svg);
        const meta = await sharp(Buffer.from(svg)).metadata();
        expect([meta.width, meta.height]).toEqual([960, 1200]);
        const { info } = await sharp(Buffer.from(svg), { density: 7.2 })
          .resize(96)
          .png()
          .toBuffer({ resolveWithObject: true });
        expect([info.width, info.height]).toEqual([96, 120]);
      }
    },
  );

  it("is deterministic for the same inputs", () => {
    for (const kind of ["saree", "hairclip", "tote"] as const) {
      for (const view of VIEWS) {
        const once = productArt(kind, palette(3), view, "paisley");
        expect(productArt(kind, palette(3), view, "paisley")).toBe(once);
      }
    }
    expect(productArt("kurta", palette(0), "front")).toBe(productArt("kurta", palette(0), "front", "plain"));
  });

  it("draws every kind differently, and the three views of one product differently", async () => {
    const pal = palette(1);
    const shots = await Promise.all(ART_KINDS.map((k) => thumb(productArt(k, pal, "front"), 48, 60)));
    for (let a = 0; a < shots.length; a++) {
      for (let b = a + 1; b < shots.length; b++) {
        const [x, y] = [shots[a], shots[b]];
        if (!x || !y) throw new Error("missing render");
        expect(meanDiff(x, y), `${ART_KINDS[a]} vs ${ART_KINDS[b]}`).toBeGreaterThan(1);
      }
    }
    for (const kind of ["anarkali", "watch"] as const satisfies readonly ArtKind[]) {
      const shot = (v: ArtView) => thumb(productArt(kind, pal, v), 48, 60);
      const [front, detail, styled] = await Promise.all(VIEWS.map(shot));
      if (!front || !detail || !styled) throw new Error("missing render");
      expect(meanDiff(front, detail)).toBeGreaterThan(3);
      expect(meanDiff(front, styled)).toBeGreaterThan(3);
    }
  });

  it("changes with the palette and the pattern", () => {
    expect(productArt("suit", palette(0), "front")).not.toBe(productArt("suit", palette(1), "front"));
    const dots = productArt("suit", palette(0), "front", "dots");
    expect(productArt("suit", palette(0), "front", "checks")).not.toBe(dots);
  });
});

describe("home art", () => {
  it("renders the three hero slides at 1920×840, distinct and deterministic", async () => {
    const slides = ([0, 1, 2] as const).map((i) => heroArt(i));
    expect(new Set(slides).size).toBe(3);
    expect(heroArt(1)).toBe(slides[1]);
    for (const svg of slides) {
      expectWellFormed(svg);
      expect(svg).not.toContain("<text");
      const meta = await sharp(Buffer.from(svg)).metadata();
      expect([meta.width, meta.height]).toEqual([1920, 840]);
      await thumb(svg, 192, 84);
    }
  });

  it("renders tiles at 960×720 for one or several kinds", async () => {
    const sets: readonly ArtKind[][] = [["lehenga"], ["tote", "ring"], ["kurta", "jhumka", "dress"]];
    for (const [i, kinds] of [...sets, []].entries()) {
      const svg = tileArt(kinds, palette(i * 5));
      expectWellFormed(svg);
      expect(tileArt(kinds, palette(i * 5))).toBe(svg);
      const meta = await sharp(Buffer.from(svg)).metadata();
      expect([meta.width, meta.height]).toEqual([960, 720]);
      await thumb(svg, 96, 72);
    }
    expect(tileArt(["saree"], palette(2))).not.toBe(tileArt(["watch"], palette(2)));
  });
});
