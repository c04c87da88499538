import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { loadDemoCatalogue } from "../demo-catalogue.ts";
import { heroArt, tileArt } from "./home-art.ts";
import { type Detail, type Metal, PATTERNS, type Palette, type Pattern } from "./look.ts";
import { ART_KINDS, type ArtKind, type ArtView, bareArt, isWorn, PALETTES, productArt } from "./product-art.ts";

const VIEWS: readonly ArtView[] = ["front", "detail", "styled"];
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
    const garments = "suit kurta anarkali saree lehenga dress top shirt coord trousers skirt sharara jeans tshirt";
    const bags = "tote clutch sling potli baguette";
    const jewellery = "jhumka chandbali necklace bangles ring maangtikka";
    const extras = "scarf bandana sunglasses belt hairclip scrunchies watch keychain jutti kolhapuri stole";
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
    // Drawings with seeded irregularity (velvet gathers, croc scales, tortoiseshell) repeat exactly too.
    const tortoise = { details: ["cat-eye", "tortoise"] } as const;
    for (const [kind, look] of [
      ["scrunchies", {}],
      ["baguette", {}],
      ["sunglasses", tortoise],
    ] as const) {
      const once = productArt(kind, palette(5), "styled", "plain", look);
      expect(productArt(kind, palette(5), "styled", "plain", look)).toBe(once);
    }
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

/** The drawing alone on a transparent canvas, at a quarter of its size, as RGBA. */
async function alpha(svg: string): Promise<{ data: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(Buffer.from(svg), { density: 18 })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Bounds (in drawing units) of everything visibly drawn. */
async function drawnBounds(svg: string): Promise<[number, number, number, number]> {
  const { data, width, height } = await alpha(svg);
  let [x0, y0, x1, y1] = [width, height, -1, -1];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if ((data[(y * width + x) * 4 + 3] ?? 0) <= 10) continue;
      [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y)];
    }
  }
  return [x0 * 4, y0 * 4, (x1 + 1) * 4, (y1 + 1) * 4];
}

function lab(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1, 7), 16);
  const lin = (v: number) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const [r, g, b] = [lin((n >> 16) & 255), lin((n >> 8) & 255), lin(n & 255)];
  const k = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
  const [x, y, z] = [
    k((0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047),
    k(0.2126 * r + 0.7152 * g + 0.0722 * b),
    k((0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883),
  ];
  return [116 * y - 16, 500 * (x - y), 200 * (y - z)];
}
/** CIE76 colour difference: under about 25 reads as "the same named colour". */
const deltaE = (a: string, b: string): number => {
  const [p, q] = [lab(a), lab(b)];
  return Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]);
};
const hex = (r: number, g: number, b: number): string =>
  `#${[r, g, b].map((v) => v.toString(16).padStart(2, "0")).join("")}`;

/**
 * What the words in a product's title and description promise the picture shows: the colour they name
 * (as the colour a shopper would expect), the kind of thing, its details and its metal. The rules are
 * tried in order; the first that matches a product's title decides its kind.
 */
const NAMED_COLOURS: readonly (readonly [RegExp, string])[] = [
  [/\brani pink\b/i, "#d81f6a"],
  [/\bgulab/i, "#e5799a"],
  [/\bindigo\b|\bneelam\b/i, "#26397a"],
  [/\bfirozi\b|\bturquoise\b/i, "#25b0aa"],
  [/\bemerald\b/i, "#0e6d4f"],
  [/\bsaffron\b|\bkesariya\b/i, "#ec8a2c"],
  [/\bivory\b/i, "#f7f1e3"],
  [/\boat\b/i, "#d9c9a9"],
  [/\bchampagne\b/i, "#e4cc9e"],
  [/\bblack\b/i, "#28282b"],
  [/\bmid-blue\b/i, "#5b80b2"],
  [/\bdark rinse\b/i, "#25375a"],
  [/\btortoise\b/i, "#78482a"],
  [/\bnatural leather\b/i, "#b67a40"],
];
const KIND_WORDS: readonly (readonly [RegExp, ArtKind])[] = [
  [/\bsharara\b/i, "sharara"],
  [/\bsaree\b|\bsari\b/i, "saree"],
  [/\bjeans\b|\bdenim\b/i, "jeans"],
  [/\bt-shirt\b|\btee\b/i, "tshirt"],
  [/\bwatch\b/i, "watch"],
  [/\bscrunchies?\b/i, "scrunchies"],
  [/\bkeychain\b/i, "keychain"],
  [/\bpotli\b/i, "potli"],
  [/\bjhumkas?\b/i, "jhumka"],
  [/\bchandbalis?\b/i, "chandbali"],
  [/\bmaang tikka\b/i, "maangtikka"],
  [/\bbangles?\b/i, "bangles"],
  [/\brings?\b/i, "ring"],
  [/\bnecklace\b|\bchoker\b/i, "necklace"],
  [/\bsunglasses\b/i, "sunglasses"],
  [/\bbelt\b/i, "belt"],
  [/\bclaw clips?\b/i, "hairclip"],
  [/\bbandanas?\b/i, "bandana"],
  [/\bscarf\b/i, "scarf"],
  [/\bkolhapuri\b/i, "kolhapuri"],
  [/\bjuttis?\b/i, "jutti"],
  [/\bbaguette\b/i, "baguette"],
  [/\bsling\b/i, "sling"],
  [/\btote\b/i, "tote"],
  [/\bclutch\b|\bevening bag\b/i, "clutch"],
  [/\banarkali\b/i, "anarkali"],
  [/\blehenga skirt\b/i, "skirt"],
  [/\blehenga\b/i, "lehenga"],
  [/\bskirt\b/i, "skirt"],
  [/\bdress\b/i, "dress"],
  [/\bco-ord\b|\bblazer set\b/i, "coord"],
  [/\bkurta\b/i, "kurta"],
  [/\bsuit\b/i, "suit"],
  [/\bshirt\b/i, "shirt"],
  [/\btop\b|\bblouse\b/i, "top"],
  [/\btrousers\b/i, "trousers"],
  [/\bstole\b|\bdupatta\b|\bshawl\b/i, "stole"],
];
const PATTERN_WORDS: readonly (readonly [RegExp, Pattern])[] = [
  [/\bbreton\b/i, "breton"],
  [/\bleheriya\b/i, "leheriya"],
  [/\bikat\b/i, "ikat"],
  [/\bribbed\b/i, "ribbed"],
  [/\bbandhani\b/i, "dots"],
  [/\bpaisley\b/i, "paisley"],
  [/\bfloral\b/i, "floral"],
  [/\bchecked\b/i, "checks"],
  [/\bstriped\b/i, "stripes"],
];
type Described = { title: string; type: string; text: string; kind: ArtKind };
const DETAIL_WORDS: readonly (readonly [Detail, readonly ArtKind[], (p: Described) => boolean])[] = [
  ["two-piece", ["suit"], (p) => /\b2-piece\b/i.test(p.type)],
  ["dupatta", ["kurta", "anarkali"], (p) => /\bset\b/i.test(p.title) && /\bdupatta\b/i.test(p.text)],
  ["palazzo", ["kurta"], (p) => /\bpalazzos?\b/i.test(p.text)],
  ["calf", ["anarkali"], (p) => p.type === "Anarkali Kurta" || /\bcalf length\b/i.test(p.text)],
  ["tiered", ["anarkali", "dress", "skirt"], (p) => /\btiered\b/i.test(p.text)],
  ["slip", ["dress"], (p) => /\bslip dress\b/i.test(p.text)],
  ["maxi", ["dress"], (p) => /\bmaxi\b/i.test(p.text)],
  ["wrap", ["dress"], (p) => /\bwrap dress\b/i.test(p.text)],
  ["fitted", ["top"], (p) => /\bfitted\b/i.test(p.text)],
  ["boat", ["top"], (p) => /\bboat-neck\b/i.test(p.text)],
  ["cardigan", ["coord"], (p) => /\bcardigan\b/i.test(p.text)],
  ["shirt", ["coord"], (p) => /\bshirt\b/i.test(p.text)],
  ["mini", ["skirt"], (p) => /\bmini\b/i.test(p.text)],
  ["satin", ["skirt"], (p) => /\bsatin\b/i.test(p.text)],
  ["lehenga", ["skirt"], (p) => /\blehenga\b/i.test(p.text)],
  ["wide", ["jeans"], (p) => /\bwide-leg\b/i.test(p.text)],
  ["bucket", ["tote"], (p) => /\bbucket\b/i.test(p.text)],
  ["pearl", ["clutch", "necklace"], (p) => /\bpearl\b/i.test(p.text)],
  ["chain", ["sling", "belt"], (p) => /\bchain\b/i.test(p.text)],
  ["quilted", ["sling"], (p) => /\bquilted\b/i.test(p.text)],
  ["choker", ["necklace"], (p) => /\bchoker\b/i.test(p.text)],
  ["stack", ["ring"], (p) => /\bstacking\b/i.test(p.text)],
  ["oval", ["sunglasses"], (p) => /\boval\b/i.test(p.text)],
  ["cat-eye", ["sunglasses"], (p) => /\bcat-eye\b/i.test(p.text)],
  ["tortoise", ["sunglasses"], (p) => /\btortoise\b/i.test(p.text)],
  ["mesh", ["watch"], (p) => /\bmesh\b/i.test(p.text)],
];
const metalNamed = (text: string): Metal =>
  /\brose-gold\b/i.test(text)
    ? "rose-gold"
    : /\boxidised\b/i.test(text)
      ? "oxidised"
      : /\bsilver\b/i.test(text)
        ? "silver"
        : "gold";

describe("the demo catalogue's pictures match the products", () => {
  const catalogue = loadDemoCatalogue().map((p) => ({
    ...p,
    text: `${p.title} ${p.description} ${p.description1}`,
    pal: PALETTES[p.art.palette] as Palette,
  }));

  it("draws the kind of thing each title names", () => {
    const wrong = catalogue.flatMap((p) => {
      const kind = KIND_WORDS.find(([words]) => words.test(p.title))?.[1];
      return kind === p.art.kind ? [] : [`${p.title}: drawn as ${p.art.kind}, named ${kind ?? "nothing we know"}`];
    });
    expect(wrong).toEqual([]);
  });

  it("prints each product with the pattern its description names", () => {
    const wrong = catalogue.flatMap((p) => {
      const named = PATTERN_WORDS.find(([words]) => words.test(p.text))?.[1];
      return !named || named === p.art.pattern ? [] : [`${p.title}: ${named} drawn as ${p.art.pattern}`];
    });
    expect(wrong).toEqual([]);
  });

  it("paints each product in the colour its title or description names", () => {
    const wrong = catalogue.flatMap((p) =>
      NAMED_COLOURS.filter(([words]) => words.test(p.text)).flatMap(([words, named]) => {
        const d = deltaE(p.pal.primary, named);
        return d < 25 ? [] : [`${p.title}: ${words.source} is ${named}, drawn ${p.pal.primary} (ΔE ${Math.round(d)})`];
      }),
    );
    expect(wrong).toEqual([]);
    // "Pastel" is a family rather than a colour: light and soft.
    for (const p of catalogue.filter((q) => /\bpastel\b/i.test(q.text))) {
      const [l, a, b] = lab(p.pal.primary);
      expect(l, p.title).toBeGreaterThan(70);
      expect(Math.hypot(a, b), p.title).toBeLessThan(40);
    }
  });

  it("shows the named colour over a good part of each front picture", async () => {
    const named = catalogue.flatMap((p) => {
      const colour = NAMED_COLOURS.find(([words]) => words.test(p.text))?.[1];
      return colour ? [{ p, colour }] : [];
    });
    expect(named.length).toBeGreaterThanOrEqual(15);
    for (const { p, colour } of named) {
      const svg = productArt(p.art.kind, p.pal, "front", p.art.pattern, p.art);
      const px = await thumb(svg, 48, 60);
      let near = 0;
      const bg = lab(p.pal.background);
      for (let i = 0; i < px.length; i += 3) {
        const c = hex(px[i] ?? 0, px[i + 1] ?? 0, px[i + 2] ?? 0);
        const [l, a, b] = lab(c);
        // Pixels of the studio backdrop do not count, even when it shares the colour's family.
        if (Math.hypot(l - bg[0], a - bg[1], b - bg[2]) < 6) continue;
        if (deltaE(c, colour) < 30) near++;
      }
      expect(near / (px.length / 3), `${p.title} in ${colour}`).toBeGreaterThan(0.04);
    }
  });

  it("shows the details and the metal each description names, and no others", () => {
    const wrong = catalogue.flatMap((p) => {
      const described = { title: p.title, type: p.type, text: p.text, kind: p.art.kind };
      const want = DETAIL_WORDS.filter(([, kinds, test]) => kinds.includes(p.art.kind) && test(described)).map(
        ([d]) => d,
      );
      const have = [...(p.art.details ?? [])].sort();
      const metal = p.art.metal ?? "gold";
      const problems = JSON.stringify(have) === JSON.stringify(want.sort()) ? [] : [`details ${have} ≠ ${want}`];
      if (metal !== metalNamed(p.text)) problems.push(`metal ${metal} ≠ ${metalNamed(p.text)}`);
      return problems.map((m) => `${p.title}: ${m}`);
    });
    expect(wrong).toEqual([]);
  });

  it("keeps every drawing whole: flat-lays inside their shadow's box, worn pieces inside the frame", async () => {
    const looks = [
      ...catalogue.map((p) => ({ name: p.title, ...p.art, pal: p.pal })),
      ...ART_KINDS.map((kind, i) => ({
        name: kind,
        kind,
        details: [],
        metal: undefined,
        pattern: "plain" as const,
        pal: palette(i),
      })),
    ];
    for (const look of looks) {
      const { svg, box } = bareArt(look.kind, look.pal, look.pattern, look);
      const [x0, y0, x1, y1] = await drawnBounds(svg);
      if (isWorn(look.kind)) {
        expect([x0 > 0, y0 > 0, x1 < 960, y1 < 1200], look.name).toEqual([true, true, true, true]);
      } else {
        // A quarter-scale pixel is four units; allow one and a half of them for anti-aliasing.
        const slack = 6;
        const inside = [x0 >= box[0] - slack, y0 >= box[1] - slack, x1 <= box[2] + slack, y1 <= box[3] + slack];
        expect(inside, `${look.name}: drawn ${[x0, y0, x1, y1]}, box ${box}`).toEqual([true, true, true, true]);
      }
    }
  });
});
