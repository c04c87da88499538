import type { Palette, Pattern } from "./look.ts";
import { type ArtKind, isWorn, placeItem } from "./product-art.ts";
import { arch, type Ctx, el, f, luma, makeCtx, mix, plinth, seeded, shade, svgDoc, tint } from "./shapes.ts";

const GOLD = "#c9a24a";
const FLOOR = 780;

/** Rich jewel tones that hold up on the black-and-gold home page. */
const jewel = (primary: string, secondary: string): Palette => ({
  background: "#17120f",
  primary,
  secondary,
  accent: "#d8b25a",
});

type Placed = {
  kind: ArtKind;
  palette: Palette;
  pattern?: Pattern;
  cx: number;
  bottom: number;
  height: number;
  /** Flat-lays sit on a plinth this tall; worn pieces stand on the floor. */
  plinth?: number;
};

const stand = (kind: ArtKind, palette: Palette, pattern: Pattern, cx: number, tall = false): Placed => ({
  kind,
  palette,
  pattern,
  cx,
  bottom: FLOOR + (tall ? 16 : 0),
  height: tall ? 650 : 600,
});
const display = (
  kind: ArtKind,
  palette: Palette,
  pattern: Pattern,
  cx: number,
  size: number,
  rise: number,
): Placed => ({
  kind,
  palette,
  pattern,
  cx,
  bottom: FLOOR,
  height: size,
  plinth: rise,
});

/** Index 0 = "Let's Explore", 1 = "Shop Now", 2 = "New Collections". */
const SCENES: readonly (readonly Placed[])[] = [
  [
    stand("saree", jewel("#0f6b52", "#e9c77b"), "paisley", 1010),
    stand("anarkali", jewel("#7d1c2c", "#e9c48a"), "floral", 1340, true),
    stand("suit", jewel("#d6246e", "#f4c15d"), "dots", 1670),
  ],
  [
    display("tote", jewel("#7d1c2c", "#1c1a18"), "checks", 930, 300, 150),
    display("necklace", jewel("#b3122b", "#0f6b52"), "plain", 1210, 250, 290),
    display("clutch", jewel("#0f5d73", "#d4af37"), "paisley", 1480, 220, 200),
    display("jutti", jewel("#6d2b5e", "#f1d18a"), "floral", 1740, 150, 90),
  ],
  [
    stand("coord", jewel("#2b3f7e", "#f5efe3"), "stripes", 1000),
    stand("lehenga", jewel("#b0175a", "#f28c28"), "floral", 1330, true),
    stand("dress", jewel("#d9a520", "#3c5a3a"), "dots", 1660),
  ],
];
const GLOWS = ["#6b1e2a", "#0f4a3c", "#6a4a14"] as const;

const stops = (list: string): string =>
  list
    .split(";")
    .map((s) => {
      const [offset = "0", col = "#000", opacity = "1"] = s.trim().split(" ");
      return el("stop", { offset, "stop-color": col, "stop-opacity": opacity });
    })
    .join("");

/** Overlapping-circle jaali, the lattice of Mughal screens, kept faint so it never fights the caption. */
function jaali(c: Ctx, w: number, h: number, fromX: number): string {
  const [pat, fade, mask] = [`${c.id}-jaali`, `${c.id}-jfade`, `${c.id}-jmask`];
  const rings = ["0 0", "80 0", "0 80", "80 80", "40 40"].map((at) => {
    const [cx, cy] = at.split(" ");
    return el("circle", { cx: cx ?? 0, cy: cy ?? 0, r: 40 });
  });
  const lattice = el("g", { fill: "none", stroke: GOLD, "stroke-width": 1.4 }, rings.join(""));
  c.defs.push(
    el("pattern", { id: pat, width: 80, height: 80, patternUnits: "userSpaceOnUse" }, lattice),
    el("linearGradient", { id: fade, x2: 1, y2: 0 }, stops("0 #fff 0; 0.45 #fff 0.7; 1 #fff 1")),
    el("mask", { id: mask }, el("rect", { x: fromX, width: w - fromX, height: h, fill: `url(#${fade})` })),
  );
  return el("rect", { width: w, height: h, fill: `url(#${pat})`, opacity: 0.09, mask: `url(#${mask})` });
}

/** Four-point gold glints scattered over the lit side only. */
function sparkles(key: string, x0: number, x1: number, y0: number, y1: number, n: number): string {
  const rnd = seeded(key);
  let out = "";
  for (let i = 0; i < n; i++) {
    const [x, y, r] = [x0 + rnd() * (x1 - x0), y0 + rnd() * (y1 - y0), 3 + rnd() * 7];
    const c = `${f(x)} ${f(y)}`;
    const tip = (dx: number, dy: number) => `${f(x + dx)} ${f(y + dy)}`;
    const d = `M${tip(0, -r)}Q${c} ${tip(r, 0)}Q${c} ${tip(0, r)}Q${c} ${tip(-r, 0)}Q${c} ${tip(0, -r)}Z`;
    out += el("path", { d, fill: GOLD, opacity: 0.3 + rnd() * 0.5 });
  }
  return out;
}

/** Dark stage: calm on the left for the caption, a warm pool of light and gold lattice on the right. */
function stage(c: Ctx, w: number, h: number, glow: string): string {
  const [base, light, ground] = [`${c.id}-base`, `${c.id}-light`, `${c.id}-ground`];
  c.defs.push(
    el("linearGradient", { id: base, x2: 1, y2: 0 }, stops("0 #070605; 0.4 #0e0b09; 1 #1b1511")),
    el("radialGradient", { id: light, cx: 0.68, cy: 0.42, r: 0.5 }, stops(`0 ${glow} 0.85; 1 ${glow} 0`)),
    el("linearGradient", { id: ground, x2: 0, y2: 1 }, stops("0 #231b15; 1 #0b0908")),
  );
  const horizon = { x: Math.round(w * 0.36), y: FLOOR, width: Math.round(w * 0.64), height: 1.5 };
  return (
    el("rect", { width: w, height: h, fill: `url(#${base})` }) +
    el("rect", { width: w, height: h, fill: `url(#${light})` }) +
    jaali(c, w, h, Math.round(w * 0.34)) +
    el("rect", { y: FLOOR, width: w, height: h - FLOOR, fill: `url(#${ground})` }) +
    el("rect", { ...horizon, fill: GOLD, opacity: 0.45 })
  );
}

function placeAll(c: Ctx, items: readonly Placed[], plinthCol: string, rim: string): string {
  return items
    .map((it, i) => {
      const top = it.bottom - (it.plinth ?? 0);
      let out = "";
      if (it.plinth) {
        const lip = { cx: it.cx, cy: top, rx: it.height * 0.475, ry: it.height * 0.114 };
        out += plinth(c, it.cx, top, it.height * 0.95, it.plinth, plinthCol);
        out += el("ellipse", { ...lip, fill: "none", stroke: rim, "stroke-width": 2.5, opacity: 0.8 });
      }
      const bottom = it.plinth ? top + it.height * 0.06 : it.bottom;
      const placed = placeItem(it.kind, it.palette, it.pattern ?? "plain", `${c.id}${i}`, { ...it, bottom });
      c.defs.push(...placed.defs);
      return out + placed.svg;
    })
    .join("");
}

/** Strings of marigolds: the universal sign of something new and festive in an Indian store. */
function garlands(x0: number, x1: number): string {
  let out = "";
  for (let i = 0; i < 9; i++) {
    const x = x0 + ((x1 - x0) * (i + 0.5)) / 9;
    const len = 90 + ((i * 53) % 5) * 22;
    out += el("path", { d: `M${f(x)} 0V${len}`, stroke: GOLD, "stroke-width": 1.5, opacity: 0.6 });
    for (let y = 14; y <= len; y += 17) {
      out += el("circle", { cx: x, cy: y, r: 9, fill: y % 2 ? "#e98a1c" : "#f2b233" });
      out += el("circle", { cx: x - 2, cy: y - 2, r: 3, fill: "#ffd27a", opacity: 0.8 });
    }
    out += el("circle", { cx: x, cy: len + 16, r: 6, fill: "#c0392b" });
  }
  return el("g", { opacity: 0.92 }, out);
}

/** Hero carousel slides, 1920×840, with the left third left calm for the overlaid caption. */
export function heroArt(index: 0 | 1 | 2): string {
  const [w, h] = [1920, 840];
  const c = makeCtx(`hero${index}`, jewel("#1b1511", "#2a211b"), "plain");
  const scene = SCENES[index] ?? [];
  let body = stage(c, w, h, GLOWS[index]);
  if (index === 1) {
    const halo = { cx: 1330, cy: 380, fill: "none", stroke: GOLD };
    body += el("circle", { ...halo, r: 330, "stroke-width": 2, opacity: 0.5 });
    body += el("circle", { cx: 1330, cy: 380, r: 300, fill: GOLD, opacity: 0.05 });
  } else {
    for (const it of scene) {
      const aw = it.kind === "anarkali" || it.kind === "lehenga" ? 340 : 290;
      const top = it.bottom - it.height - 60;
      const line = { fill: "none", stroke: GOLD };
      body += el("path", { d: arch(it.cx, FLOOR, aw, top), fill: "#000000", opacity: 0.35 });
      body += el("path", { d: arch(it.cx, FLOOR, aw, top), ...line, "stroke-width": 2.5, opacity: 0.75 });
      const inner = arch(it.cx, FLOOR, aw - 28, top + 22);
      body += el("path", { d: inner, ...line, "stroke-width": 1, opacity: 0.45 });
    }
  }
  if (index === 2) body += garlands(760, 1880);
  body += placeAll(c, scene, "#1f1915", GOLD);
  body += sparkles(`hero${index}`, 720, 1900, 30, 720, 26);
  return svgDoc(w, h, c.defs, body);
}

/** A 960×720 scene: worn pieces stand in arches, accessories rest on plinths, all on the given palette. */
export function tileArt(kinds: readonly ArtKind[], palette: Palette): string {
  const [w, h, floor] = [960, 720, 650];
  const c = makeCtx("tile", palette, "plain");
  const bg = palette.background;
  const dark = luma(bg) < 0.3;
  const glow = `${c.id}-glow`;
  const lit = tint(bg, dark ? 0.12 : 0.5);
  c.defs.push(el("radialGradient", { id: glow, cy: 0.4, r: 0.7 }, stops(`0 ${lit}; 1 ${bg}`)));
  const list: readonly ArtKind[] = kinds.length ? kinds.slice(0, 5) : ["clutch"];
  const rnd = seeded(`${list.join(",")}|${palette.primary}`);
  const patterns: readonly Pattern[] = ["plain", "dots", "paisley", "floral", "stripes"];
  const n = list.length;
  const slot = w / (n + (n > 1 ? 0.3 : 0));
  const swapped: Palette = { ...palette, primary: palette.secondary, secondary: palette.primary };
  const items = list.map((kind, i): Placed => {
    const cx = n === 1 ? w / 2 : slot * (i + 0.65);
    const look = { kind, palette: i % 2 ? swapped : palette, pattern: patterns[Math.floor(rnd() * 5)], cx };
    if (isWorn(kind)) return { ...look, bottom: floor + 12, height: n > 3 ? 520 : 590 };
    const size = Math.min(n === 1 ? 400 : 300, slot * 0.8);
    return { ...look, bottom: floor + 4, height: size, plinth: n === 1 ? 150 : 120 };
  });
  const niche = tint(mix(bg, palette.secondary, dark ? 0.15 : 0.12), dark ? 0.08 : 0.3);
  let body =
    el("rect", { width: w, height: h, fill: `url(#${glow})` }) +
    el("rect", { y: floor, width: w, height: h - floor, fill: shade(bg, 0.07) });
  for (const it of items) {
    const span = Math.min(300, slot * 0.92);
    if (!it.plinth) body += el("path", { d: arch(it.cx, floor, span, 40), fill: niche });
  }
  if (items.every((it) => it.plinth)) body += el("circle", { cx: w / 2, cy: 330, r: 280, fill: niche });
  body += placeAll(c, items, dark ? tint(bg, 0.12) : tint(bg, 0.55), dark ? GOLD : shade(bg, 0.12));
  return svgDoc(w, h, c.defs, body);
}
