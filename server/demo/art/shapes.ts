import type { Detail, Look, Metal, Palette, Pattern } from "./look.ts";

export type Pt = readonly [number, number];

/** Rounding keeps the markup short and the output byte-stable across platforms. */
export const f = (n: number): string => String(Math.round(n * 10) / 10);
const pt = (p: Pt): string => `${f(p[0])} ${f(p[1])}`;

export type Attrs = Record<string, string | number>;
/** One SVG element; numbers are rounded like every other coordinate. */
export function el(tag: string, a: Attrs, inner?: string): string {
  const attrs = Object.entries(a)
    .map(([k, v]) => ` ${k}="${typeof v === "number" ? f(v) : v}"`)
    .join("");
  return inner === undefined ? `<${tag}${attrs}/>` : `<${tag}${attrs}>${inner}</${tag}>`;
}

function rgb(c: string): [number, number, number] {
  const n = Number.parseInt(c.slice(1, 7), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}
export function mix(a: string, b: string, t: number): string {
  const x = rgb(a);
  const y = rgb(b);
  const ch = (i: 0 | 1 | 2) => {
    const v = Math.round(x[i] + (y[i] - x[i]) * t);
    return v.toString(16).padStart(2, "0");
  };
  return `#${ch(0)}${ch(1)}${ch(2)}`;
}
export const tint = (c: string, t: number): string => mix(c, "#ffffff", t);
export const shade = (c: string, t: number): string => mix(c, "#000000", t);
export function luma(c: string): number {
  const [r, g, b] = rgb(c);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

/** Small xorshift generator so any "randomness" is reproducible from the inputs. */
export function seeded(key: string): () => number {
  let s = 2166136261;
  for (let i = 0; i < key.length; i++) s = Math.imul(s ^ key.charCodeAt(i), 16777619);
  s = s >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
}

function at<T>(list: readonly T[], i: number): T {
  const v = list[i];
  if (v === undefined) throw new RangeError(`index ${i} out of range`);
  return v;
}
const nums = (s: string): number[] =>
  s
    .trim()
    .split(/[\s,]+/)
    .map(Number);
/** Geometry is written as "x y x y …" strings: far denser to read and review than nested arrays. */
export function pts(s: string): Pt[] {
  const n = nums(s);
  const out: Pt[] = [];
  for (let i = 0; i + 1 < n.length; i += 2) out.push([at(n, i), at(n, i + 1)]);
  return out;
}
export const poly = (p: readonly Pt[]): string => `M${p.map(pt).join("L")}Z`;
/** Reflects left-side geometry onto the right side of the figure when s > 0. */
export const mirror = (p: readonly Pt[], s: number) => p.map((q): Pt => (s < 0 ? q : [960 - q[0], q[1]]));

/** Catmull-Rom through the points, emitted as cubic Béziers (no leading move). */
function curveThrough(p: readonly Pt[], closed = false): string {
  const n = p.length;
  const pick = (i: number): Pt => at(p, closed ? (i + n) % n : Math.max(0, Math.min(n - 1, i)));
  let d = "";
  for (let i = 0; i < (closed ? n : n - 1); i++) {
    const [p0, p1, p2, p3] = [pick(i - 1), pick(i), pick(i + 1), pick(i + 2)];
    const c1: Pt = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6];
    const c2: Pt = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6];
    d += `C${pt(c1)} ${pt(c2)} ${pt(p2)}`;
  }
  return d;
}
export const smooth = (p: readonly Pt[], closed = true): string =>
  `M${pt(at(p, 0))}${curveThrough(p, closed)}${closed ? "Z" : ""}`;

/**
 * Garments are symmetric: describe the left half from the top centre downwards with absolute L, Q and C
 * commands, and get the whole outline back.
 */
export function sym(start: string, half: string, cx = 480): string {
  const segs = (half.match(/[LQC][^LQC]*/g) ?? []).map((s) => ({ cmd: s[0] ?? "L", n: nums(s.slice(1)) }));
  const first = pts(start)[0] ?? [cx, 0];
  let d = `M${pt(first)}`;
  const starts: Pt[] = [];
  let cur: Pt = first;
  for (const s of segs) {
    starts.push(cur);
    d += s.cmd + s.n.map(f).join(" ");
    cur = [at(s.n, s.n.length - 2), at(s.n, s.n.length - 1)];
  }
  d += `L${f(2 * cx - cur[0])} ${f(cur[1])}`;
  for (let i = segs.length - 1; i >= 0; i--) {
    const s = at(segs, i);
    const st = at(starts, i);
    const back: number[] = [];
    for (let k = s.n.length - 4; k >= 0; k -= 2) back.push(2 * cx - at(s.n, k), at(s.n, k + 1));
    back.push(2 * cx - st[0], st[1]);
    d += s.cmd + back.map(f).join(" ");
  }
  return `${d}Z`;
}

/** A tapering tube along a centre line: arms, legs, sleeves, straps, claw-clip teeth. */
export function limb(line: readonly Pt[], widths: readonly number[]): string {
  const a: Pt[] = [];
  const b: Pt[] = [];
  line.forEach((p, i) => {
    const prev = at(line, Math.max(0, i - 1));
    const next = at(line, Math.min(line.length - 1, i + 1));
    const len = Math.hypot(next[0] - prev[0], next[1] - prev[1]) || 1;
    const nx = -(next[1] - prev[1]) / len;
    const ny = (next[0] - prev[0]) / len;
    const h = at(widths, i) / 2;
    a.push([p[0] + nx * h, p[1] + ny * h]);
    b.push([p[0] - nx * h, p[1] - ny * h]);
  });
  b.reverse();
  return `M${pt(at(a, 0))}${curveThrough(a)}L${pt(at(b, 0))}${curveThrough(b)}Z`;
}

/** Straight segment across a tube at one of its centre-line points (cuffs, trouser hems). */
export function across(line: readonly Pt[], i: number, w: number, inset = 0): string {
  const p = at(line, i);
  const q = at(line, i > 0 ? i - 1 : i + 1);
  const len = Math.hypot(p[0] - q[0], p[1] - q[1]) || 1;
  const [ux, uy] = [(p[0] - q[0]) / len, (p[1] - q[1]) / len];
  const s = i > 0 ? -inset : inset;
  const [cx, cy] = [p[0] + ux * s, p[1] + uy * s];
  const h = w / 2;
  return `M${pt([cx - uy * h, cy + ux * h])}L${pt([cx + uy * h, cy - ux * h])}`;
}

export function bez(p: readonly Pt[], t: number): Pt {
  const u = 1 - t;
  const k = [u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t];
  let x = 0;
  let y = 0;
  p.forEach((q, i) => {
    x += at(k, i) * q[0];
    y += at(k, i) * q[1];
  });
  return [x, y];
}

export type Ctx = {
  id: string;
  pal: Palette;
  pattern: Pattern;
  defs: string[];
  n: number;
  skin: string;
  neutral: string;
  /** The metal's mid tone (gold unless the product names another metal). */
  gold: string;
  metal: Metal;
  details: ReadonlySet<Detail>;
};

/** Whether the product's description asks for this detail of the drawing. */
export const has = (c: Ctx, d: Detail): boolean => c.details.has(d);

/** Mid tone and the five stops of the polished gradient, per metal. */
const METALS: Record<Metal, { base: string; stops: string }> = {
  gold: { base: "#d3a640", stops: "#f7e7a8 #d9ae4a #a97a26 #eccb6f #b88a2f" },
  silver: { base: "#b9bec6", stops: "#f7f8fa #c8ccd3 #8c929b #e6e8ec #9ba1aa" },
  oxidised: { base: "#8d9096", stops: "#d2d4d6 #95989d #4f5257 #b0b3b7 #5f6267" },
  "rose-gold": { base: "#d49a86", stops: "#fae0d4 #e0a893 #a96a56 #f1c7b6 #bc7f6c" },
};

function lin(id: string, stops: string, x2 = 1, y2 = 1): string {
  const body = stops
    .split(";")
    .map((s) => {
      const [o, col, op] = s.trim().split(" ");
      return `<stop offset="${o}" stop-color="${col}"${op ? ` stop-opacity="${op}"` : ""}/>`;
    })
    .join("");
  return `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}">${body}</linearGradient>`;
}

function flower(x: number, y: number, r: number, fg: string, fg2: string): string {
  let s = "";
  for (let k = 0; k < 5; k++) {
    const t = (k * 2 * Math.PI) / 5;
    s += el("circle", { cx: x + Math.cos(t) * r, cy: y + Math.sin(t) * r, r: r * 0.8, fill: fg });
  }
  return s + el("circle", { cx: x, cy: y, r: r * 0.55, fill: fg2 });
}

/**
 * Every print repeats on a 64-unit tile. With view scales kept to sixteenths and offsets to whole pixels, a
 * tile always lands on whole device pixels, which keeps librsvg on its fast pattern path (3× quicker).
 */
const TILE = 64;
export const snap = (s: number): number => Math.max(1, Math.round(s * 16)) / 16;

/** Pattern motifs (drawn at their natural size, then scaled onto the tile). */
function motif(kind: Pattern, fg: string, fg2: string, cloth: string): [number, string] {
  const dot = (cx: number, cy: number, r: number, fill = fg) => el("circle", { cx, cy, r, fill });
  const rect = (x: number, y: number, width: number, height: number, fill: string, opacity = 1) =>
    el("rect", { x, y, width, height, fill, opacity });
  switch (kind) {
    case "dots": {
      const cluster = pts("14 6 14 22 6 14 22 14").map(([x, y]) => dot(x, y, 2.2));
      return [56, dot(14, 14, 4) + cluster.join("") + dot(42, 42, 3.2, fg2)];
    }
    case "stripes":
      return [36, rect(0, 0, 11, 36, fg) + rect(19, 0, 2.5, 36, fg2)];
    case "checks": {
      const bands = rect(0, 0, 48, 18, fg, 0.55) + rect(0, 0, 18, 48, fg, 0.55);
      return [48, bands + rect(32, 0, 2, 48, fg2) + rect(0, 32, 48, 2, fg2)];
    }
    case "paisley": {
      const d = "M30 6C20 10 8 22 10 36C11 46 22 50 30 44C37 38 35 28 27 27C22 26 20 32 24 34";
      const line = el("path", { d, fill: "none", stroke: fg, "stroke-width": 3.2 });
      const p = line + dot(26, 38, 3, fg2);
      const pair = p + el("g", { transform: "translate(42 42)" }, p);
      return [84, pair + dot(64, 14, 2.4, fg2) + dot(14, 66, 2.4, fg2)];
    }
    case "floral": {
      const leaf = el("ellipse", {
        cx: 33,
        cy: 30,
        rx: 6,
        ry: 2.6,
        fill: fg2,
        opacity: 0.7,
        transform: "rotate(40 33 30)",
      });
      return [76, flower(19, 19, 7, fg, fg2) + flower(57, 57, 5, fg, fg2) + leaf];
    }
    case "breton":
      return [40, rect(0, 0, 40, 13, fg)];
    case "ribbed": {
      const rib = (x: number) => rect(x, 0, 3, 24, shade(cloth, 0.16), 0.8) + rect(x + 4, 0, 2, 24, tint(cloth, 0.2));
      return [24, rib(2) + rib(14)];
    }
    case "leheriya": {
      // Diagonal waves, repeated a tile either side so the stripes run on across tile edges.
      const wave = (o: number, col: string, w: number) =>
        [-48, 0, 48]
          .map((k) => {
            const y = o + k;
            return `<path d="M-8 ${y + 8}Q4 ${y - 6} 12 ${y - 12}T32 ${y - 32}T52 ${y - 52}" fill="none" stroke="${col}" stroke-width="${w}"/>`;
          })
          .join("");
      return [48, wave(40, fg, 7) + wave(64, fg2, 4) + wave(52, tint(fg, 0.5), 2)];
    }
    case "ikat": {
      // Feathered diamonds: stacked bars of uneven length read as the blurred edges of resist-dyed yarn.
      const bars = [8, 14, 22, 30, 22, 14, 8]
        .map((w, i) => rect(28 - w / 2 + (i % 2 ? 2 : -2), 6 + i * 7, w, 5, fg))
        .join("");
      return [56, bars + rect(0, 0, 3, 56, fg2, 0.6) + rect(53, 0, 3, 56, fg2, 0.6)];
    }
    default:
      return [40, ""];
  }
}

/** Every drawing writes into one context so several items can share an SVG without id clashes. */
export function makeCtx(id: string, pal: Palette, pattern: Pattern, look: Look = {}): Ctx {
  const dark = luma(pal.background) < 0.35;
  const metal = look.metal ?? "gold";
  const c: Ctx = {
    id,
    pal,
    pattern,
    defs: [],
    n: 0,
    skin: dark ? mix(pal.background, "#c9b29b", 0.55) : mix(pal.background, "#b49a84", 0.42),
    neutral: dark ? "#d9d2c6" : mix(pal.background, "#fffdf8", 0.7),
    gold: METALS[metal].base,
    metal,
    details: new Set(look.details ?? []),
  };
  const grad = (name: string, col: string) =>
    lin(`${id}-${name}`, `0 ${tint(col, 0.16)}; 0.55 ${col}; 1 ${shade(col, 0.16)}`);
  const p = pal.primary;
  const darkCloth = luma(p) < 0.45;
  const fg = darkCloth ? mix(pal.accent, "#ffffff", 0.15) : mix(pal.accent, p, 0.1);
  const fg2 = darkCloth ? tint(pal.secondary, 0.2) : mix(pal.secondary, p, 0.15);
  const [size, art] = motif(pattern, fg, fg2, p);
  const m = METALS[metal].stops.split(" ");
  const tile = el("g", { transform: `scale(${TILE / size})` }, art);
  const fade = (o: number) => `<stop offset="${o}" stop-color="#000" stop-opacity="${o ? 0 : 0.3}"/>`;
  c.defs.push(
    grad("p", p),
    grad("s", pal.secondary),
    grad("k", c.skin),
    grad("n", c.neutral),
    lin(`${id}-g`, `0 ${m[0]}; 0.3 ${m[1]}; 0.55 ${m[2]}; 0.8 ${m[3]}; 1 ${m[4]}`),
    lin(`${id}-sh`, "0 #ffffff 0.18; 0.3 #ffffff 0; 0.62 #000000 0; 1 #000000 0.24", 1, 0),
    `<radialGradient id="${id}-fl">${fade(0)}${fade(1)}</radialGradient>`,
    el("pattern", { id: `${id}-pat`, width: TILE, height: TILE, patternUnits: "userSpaceOnUse" }, tile),
  );
  return c;
}

export const uid = (c: Ctx, tag: string): string => `${c.id}-${tag}${c.n++}`;
export const P = (c: Ctx): string => `url(#${c.id}-p)`;
export const S = (c: Ctx): string => `url(#${c.id}-s)`;
export const G = (c: Ctx): string => `url(#${c.id}-g)`;
export const K = (c: Ctx): string => `url(#${c.id}-k)`;
export const N = (c: Ctx): string => `url(#${c.id}-n)`;

/** A fabric panel: base fill, optional print, extra art clipped to it, then volume shading on top. */
const OUTLINE = { fill: "none", "stroke-opacity": 0.45, "stroke-width": 2, "stroke-linejoin": "round" };
type PieceOpts = { pat?: boolean; inner?: string; edge?: string };
export function piece(c: Ctx, d: string, fill: string, o: PieceOpts = {}): string {
  const clip = uid(c, "c");
  c.defs.push(`<clipPath id="${clip}"><path d="${d}"/></clipPath>`);
  const pat = o.pat && c.pattern !== "plain" ? `<path d="${d}" fill="url(#${c.id}-pat)"/>` : "";
  const edge = o.edge ?? shade(c.pal.primary, 0.45);
  return (
    `<path d="${d}" fill="${fill}"/>` +
    `<g clip-path="url(#${clip})">${pat}${o.inner ?? ""}<path d="${d}" fill="url(#${c.id}-sh)"/></g>` +
    el("path", { d, ...OUTLINE, stroke: edge })
  );
}

export const stroke = (d: string, col: string, w: number, extra = ""): string =>
  `<path d="${d}" fill="none" stroke="${col}" stroke-width="${f(w)}" stroke-linecap="round" ` +
  `stroke-linejoin="round"${extra}/>`;
export const fold = (d: string, c: string, w = 3, o = 0.35) => stroke(d, c, w, ` stroke-opacity="${o}"`);
const STITCH = ` stroke-dasharray="9 7" stroke-opacity="0.75"`;
export const stitch = (d: string, col: string): string => stroke(d, col, 2.5, STITCH);
export const strap = (d: string, col: string, w: number): string =>
  stroke(d, shade(col, 0.35), w + 4) + stroke(d, col, w) + stitch(d, tint(col, 0.35));

/** Embroidered band along a path: dark edge, metallic body, a row of stitched dots. */
export function trim(c: Ctx, d: string, w: number, col = c.pal.accent): string {
  const band = (stroke: string, width: number) =>
    `<path d="${d}" fill="none" stroke="${stroke}" stroke-width="${f(width)}"/>`;
  const dots =
    `<path d="${d}" fill="none" stroke="${tint(col, 0.45)}" stroke-width="${f(Math.max(2, w * 0.3))}" ` +
    `stroke-linecap="round" stroke-dasharray="0 ${f(w * 0.75)}"/>`;
  return band(shade(col, 0.35), w + 3) + band(col, w) + dots;
}

export function gem(c: Ctx, x: number, y: number, r: number, col = c.pal.primary): string {
  return (
    `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r * 1.45 + 1)}" fill="${G(c)}"/>` +
    `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" fill="${col}"/>` +
    `<circle cx="${f(x - r * 0.3)}" cy="${f(y - r * 0.3)}" r="${f(r * 0.32)}" fill="#ffffff" opacity="0.65"/>`
  );
}
export const pearl = (x: number, y: number, r: number): string =>
  `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" fill="#f4efe4" stroke="#cfc4ad" stroke-width="1"/>` +
  `<circle cx="${f(x - r * 0.3)}" cy="${f(y - r * 0.35)}" r="${f(r * 0.35)}" fill="#ffffff"/>`;

/** Six-dot buti, the simplest block-print motif. */
export function buti(x: number, y: number, r: number, col: string, core: string): string {
  let s = "";
  for (let k = 0; k < 6; k++) {
    const t = (k * Math.PI) / 3;
    s += el("circle", { cx: x + Math.cos(t) * r, cy: y + Math.sin(t) * r, r: r * 0.55, fill: col });
  }
  return `${s}<circle cx="${f(x)}" cy="${f(y)}" r="${f(r * 0.6)}" fill="${core}"/>`;
}

export function svgDoc(w: number, h: number, defs: readonly string[], body: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
    `<defs>${defs.join("")}</defs>${body}</svg>`
  );
}

/** Mughal arch, used as a backdrop niche. */
export function arch(cx: number, bottom: number, w: number, top: number): string {
  const [l, r, spring] = [f(cx - w / 2), f(cx + w / 2), f(top + w * 0.62)];
  const [shoulder, apex] = [f(top + w * 0.2), f(top + w * 0.12)];
  const [inL, inR] = [f(cx - w * 0.16), f(cx + w * 0.16)];
  const up = `C${l} ${shoulder} ${inL} ${apex} ${f(cx)} ${f(top)}`;
  const down = `C${inR} ${apex} ${r} ${shoulder} ${r} ${spring}`;
  return `M${l} ${f(bottom)}L${l} ${spring}${up}${down}L${r} ${f(bottom)}Z`;
}

export const floorShadow = (c: Ctx, cx: number, cy: number, rx: number, ry: number): string =>
  `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(ry)}" fill="url(#${c.id}-fl)"/>`;

/**
 * Soft drop shadow for a flat-lay whose output-space bounds are known. The filter region is kept tight and
 * clamped to the canvas because librsvg's cost grows with the filtered area; sRGB maths halves it again.
 */
export function dropShadow(c: Ctx, box: readonly number[], s: number, w: number, h: number): string {
  const k = Math.min(Math.max(s, 0.4), 1.3);
  const [x0 = 0, y0 = 0, x1 = w, y1 = h] = box;
  const [l, t] = [Math.max(0, x0 - 30 * k), Math.max(0, y0 - 30 * k)];
  const [r, b] = [Math.min(w, x1 + 60 * k), Math.min(h, y1 + 70 * k)];
  const id = uid(c, "ds");
  const region = { id, filterUnits: "userSpaceOnUse", x: l, y: t, width: r - l, height: b - t };
  const chain =
    el("feGaussianBlur", { in: "SourceAlpha", stdDeviation: 9 * k }) +
    el("feOffset", { dx: 10 * k, dy: 16 * k }) +
    el("feComponentTransfer", {}, el("feFuncA", { type: "linear", slope: 0.28 })) +
    el("feMerge", {}, el("feMergeNode", {}) + el("feMergeNode", { in: "SourceGraphic" }));
  c.defs.push(el("filter", { ...region, "color-interpolation-filters": "sRGB" }, chain));
  return `url(#${id})`;
}

/** Round display plinth seen slightly from above. */
export function plinth(c: Ctx, cx: number, top: number, w: number, h: number, col: string): string {
  const ry = w * 0.12;
  const [l, r, b] = [f(cx - w / 2), f(cx + w / 2), f(top + h)];
  const d = `M${l} ${f(top)}L${l} ${b}A${f(w / 2)} ${f(ry)} 0 0 0 ${r} ${b}L${r} ${f(top)}Z`;
  return (
    floorShadow(c, cx + 10, top + h, w * 0.62, ry * 1.4) +
    `<path d="${d}" fill="${shade(col, 0.12)}"/><path d="${d}" fill="url(#${c.id}-sh)"/>` +
    `<ellipse cx="${f(cx)}" cy="${f(top)}" rx="${f(w / 2)}" ry="${f(ry)}" fill="${tint(col, 0.12)}"/>`
  );
}

export const polar = (cx: number, cy: number, rx: number, ry: number, deg: number): Pt => {
  const t = (deg * Math.PI) / 180;
  return [cx + Math.cos(t) * rx, cy + Math.sin(t) * ry];
};
export const range = (from: number, to: number, step = 1): number[] => {
  const out: number[] = [];
  for (let v = from; v <= to; v += step) out.push(v);
  return out;
};
export const goldRing = (c: Ctx, a: Attrs, w: number) =>
  el(a.r === undefined ? "rect" : "circle", { ...a, fill: "none", stroke: c.gold, "stroke-width": w });

export function tote(c: Ctx): string {
  if (has(c, "bucket")) return bucket(c);
  const sec = c.pal.secondary;
  const body = "M292 460L668 460L694 876Q698 912 662 912L298 912Q262 912 266 876Z";
  const inner =
    el("path", { d: "M250 440H710V512H250Z", fill: sec }) +
    stitch("M250 500H710", tint(sec, 0.4)) +
    stitch("M300 530L282 880Q282 896 298 896L662 896Q678 896 678 880L660 530", tint(c.pal.primary, 0.4)) +
    el("path", { d: "M250 860H710V920H250Z", fill: "#000000", opacity: 0.1 });
  const tabs = [360, 600].map(
    (x) =>
      el("rect", { x: x - 22, y: 468, width: 44, height: 66, rx: 8, fill: shade(sec, 0.15) }) +
      el("circle", { cx: x, cy: 488, r: 6, fill: c.gold }) +
      el("circle", { cx: x, cy: 514, r: 6, fill: c.gold }),
  );
  return (
    strap("M404 470C404 270 556 270 556 470", shade(sec, 0.25), 24) +
    piece(c, body, P(c), { pat: true, inner }) +
    strap("M360 490C360 220 600 220 600 490", sec, 26) +
    tabs.join("")
  );
}

/** A round crocheted bucket: rows of stitches, a lined opening and crocheted handles. */
function bucket(c: Ctx): string {
  const p = c.pal.primary;
  const body = "M296 470C300 640 318 800 340 870Q480 920 620 870C642 800 660 640 664 470Q480 558 296 470Z";
  const dark = shade(p, 0.35);
  let rows = "";
  for (let y = 492; y < 900; y += 24) {
    const k = (y - 470) / 430;
    const [x0, x1] = [296 + 44 * k * k, 664 - 44 * k * k];
    let d = "";
    for (let x = x0; x < x1; x += 20) d += `M${f(x)} ${f(y - 8)}L${f(x + 10)} ${f(y + 6)}L${f(x + 20)} ${f(y - 8)}`;
    rows += stroke(d, dark, 3, ` stroke-opacity="0.4"`) + stroke(`M${f(x0)} ${y + 10}H${f(x1)}`, tint(p, 0.35), 2.5);
  }
  const handle = (d: string, col: string) =>
    stroke(d, shade(col, 0.35), 30) +
    stroke(d, col, 24) +
    stroke(d, dark, 3, ` stroke-dasharray="2 8" stroke-opacity="0.6"`);
  return (
    handle("M336 476C336 260 624 260 624 476", shade(p, 0.12)) +
    el("ellipse", { cx: 480, cy: 470, rx: 184, ry: 44, fill: shade(c.neutral, 0.08) }) +
    el("ellipse", { cx: 480, cy: 484, rx: 160, ry: 30, fill: shade(c.neutral, 0.22) }) +
    piece(c, body, P(c), { inner: rows + fold("M330 540C336 680 350 790 370 860", "#ffffff", 22, 0.12) }) +
    stroke("M296 470Q480 558 664 470", shade(p, 0.25), 18) +
    stroke("M296 470Q480 558 664 470", tint(p, 0.15), 10, ` stroke-dasharray="4 6"`) +
    handle("M380 494C380 230 580 230 580 494", p)
  );
}

export function clutch(c: Ctx): string {
  if (has(c, "pearl")) return eveningBag(c);
  const body = "M280 480H680Q710 480 710 510V760Q710 790 680 790H280Q250 790 250 760V510Q250 480 280 480Z";
  const flap = "M280 480H680Q710 480 710 510V540L500 704Q480 718 460 704L250 540V510Q250 480 280 480Z";
  const chain = "M276 500C290 250 670 250 684 500";
  const links = ` stroke-dasharray="16 8"`;
  return (
    stroke(chain, shade(c.gold, 0.3), 12, links) +
    stroke(chain, c.gold, 7, links) +
    piece(c, body, P(c), { pat: true }) +
    piece(c, flap, P(c), { pat: true, inner: el("path", { d: flap, fill: "#000000", opacity: 0.1 }) }) +
    trim(c, "M252 542L470 712Q480 718 490 712L708 542", 12) +
    gem(c, 480, 700, 16, c.pal.secondary)
  );
}

/** A pleated satin evening bag on a kiss-lock frame, carried by an arc of pearls. */
function eveningBag(c: Ctx): string {
  const p = c.pal.primary;
  const body = "M318 500H642Q668 500 672 530L700 770Q704 800 674 800H286Q256 800 260 770L288 530Q292 500 318 500Z";
  const pleats = range(0, 8)
    .map((k) => fold(`M${330 + k * 43} 514Q${f(326 + k * 44)} 650 ${f(290 + k * 54)} 792`, shade(p, 0.4), 4, 0.28))
    .join("");
  const sheen =
    fold("M300 770C380 650 470 570 640 530", "#ffffff", 34, 0.16) +
    fold("M360 790C440 690 540 620 680 600", "#ffffff", 12, 0.14);
  const handle = range(0, 18).map((k) => pearl(...polar(480, 496, 152, 206, 180 + k * 10), 12.5));
  return (
    handle.join("") +
    [328, 632].map((x) => el("rect", { x: x - 10, y: 480, width: 20, height: 22, rx: 5, fill: G(c) })).join("") +
    piece(c, body, P(c), { inner: pleats + sheen }) +
    el("rect", { x: 298, y: 488, width: 364, height: 24, rx: 11, fill: G(c), stroke: shade(c.gold, 0.4) }) +
    el("circle", { cx: 467, cy: 480, r: 11, fill: G(c), stroke: shade(c.gold, 0.4) }) +
    el("circle", { cx: 493, cy: 480, r: 11, fill: G(c), stroke: shade(c.gold, 0.4) })
  );
}

export function sling(c: Ctx): string {
  const [p, sec] = [c.pal.primary, c.pal.secondary];
  const body = "M320 580H640Q656 580 656 600C656 760 570 850 480 850S304 760 304 600Q304 580 320 580Z";
  const flap = "M304 596Q304 580 320 580H640Q656 580 656 596V690C600 742 360 742 304 690Z";
  const quilted = has(c, "quilted");
  let quilt = "";
  if (quilted) {
    for (let k = -8; k <= 8; k++) {
      const x = 480 + k * 56;
      const d = `M${x - 300} 880L${x + 300} 580M${x - 300} 580L${x + 300} 880`;
      quilt +=
        stroke(d, shade(p, 0.5), 4, ` stroke-opacity="0.45"`) + stroke(d, tint(p, 0.3), 1.5, ` stroke-dasharray="5 5"`);
    }
  }
  const flapArt =
    el("path", { d: flap, fill: "#000000", opacity: 0.08 }) +
    quilt +
    stitch("M312 680C362 726 598 726 648 680", tint(p, 0.4));
  const route = "M324 596C280 380 330 170 480 170C630 170 680 380 636 596";
  const links = ` stroke-dasharray="18 7"`;
  const strapArt = has(c, "chain")
    ? stroke(route, shade(c.gold, 0.35), 14, links) +
      stroke(route, G(c), 9, links) +
      stroke(route, shade(p, 0.1), 5, ` stroke-dasharray="7 18" stroke-dashoffset="-9"`)
    : strap(route, sec, 20);
  const fastening = quilted
    ? el("rect", { x: 440, y: 686, width: 80, height: 50, rx: 10, fill: G(c), stroke: shade(c.gold, 0.45) }) +
      el("rect", {
        x: 466,
        y: 698,
        width: 28,
        height: 26,
        rx: 6,
        fill: shade(c.gold, 0.15),
        transform: "rotate(45 480 711)",
      })
    : el("rect", { x: 462, y: 700, width: 36, height: 96, rx: 6, fill: sec }) +
      goldRing(c, { x: 452, y: 728, width: 56, height: 40, rx: 6 }, 7);
  return (
    strapArt +
    piece(c, body, P(c), { pat: true, inner: quilt }) +
    piece(c, flap, P(c), { pat: true, inner: flapArt }) +
    fastening +
    goldRing(c, { cx: 324, cy: 596, r: 14 }, 7) +
    goldRing(c, { cx: 636, cy: 596, r: 14 }, 7)
  );
}

function earring(c: Ctx): string {
  const g = c.gold;
  const dome = "M-14 70C-50 90 -100 170 -104 250H104C100 170 50 90 14 70Z";
  const petals = range(0, 7).map((k) => {
    const [x, y] = polar(0, 0, 22, 22, k * 45);
    return el("circle", { cx: x, cy: y, r: 13, fill: g, stroke: shade(g, 0.3) });
  });
  const ribs = range(-3, 3).map((k) => stroke(`M${k * 4} 80Q${k * 22} 160 ${k * 30} 246`, shade(g, 0.35), 2));
  const dots = range(-4, 4).map((k) =>
    el("circle", { cx: k * 17, cy: 150 + Math.abs(k) * 4, r: 4.5, fill: tint(g, 0.5) }),
  );
  const fringe = range(-7, 7).map((k) => {
    const y = 284 + (k % 2 ? 12 : 0);
    const bead = k % 2 ? gem(c, k * 14, y + 6, 4, c.pal.secondary) : pearl(k * 14, y + 6, 7);
    return stroke(`M${k * 14} 262V${y}`, g, 2.5) + bead;
  });
  return (
    stroke("M0 -22C0 -74 44 -84 46 -50", g, 6) +
    petals.join("") +
    gem(c, 0, 0, 13) +
    el("circle", { cx: 0, cy: 44, r: 8, fill: g }) +
    el("circle", { cx: 0, cy: 60, r: 6, fill: g }) +
    fringe.join("") +
    piece(c, dome, G(c), { edge: shade(g, 0.45), inner: ribs.join("") }) +
    el("path", { d: "M-84 196Q0 176 84 196L94 232Q0 212 -94 232Z", fill: c.pal.secondary }) +
    dots.join("") +
    el("ellipse", { cx: 0, cy: 252, rx: 110, ry: 14, fill: shade(g, 0.12), stroke: shade(g, 0.4) })
  );
}

export const jhumka = (c: Ctx): string =>
  el("g", { transform: "translate(350 330) rotate(5) scale(1.2)" }, earring(c)) +
  el("g", { transform: "translate(612 350) rotate(-5) scale(1.2)" }, earring(c));

export function necklace(c: Ctx): string {
  if (has(c, "choker")) return choker(c);
  if (has(c, "pearl")) return pearlStrands(c);
  const curve = pts("250 290 262 790 698 790 710 290");
  const [sec, g] = [c.pal.secondary, c.gold];
  const links = range(0, 16).map((i) => {
    const t = 0.08 + (0.84 * i) / 16;
    if (Math.abs(t - 0.5) < 0.04) return "";
    const [x, y] = bez(curve, t);
    const [x2, y2] = bez(curve, t + 0.01);
    const ang = f((Math.atan2(y2 - y, x2 - x) * 180) / Math.PI);
    const kundan = { x: x - 16, y: y - 16, width: 32, height: 32, rx: 6, fill: g, stroke: shade(g, 0.4) };
    return (
      stroke(`M${f(x)} ${f(y)}v30`, g, 2.5) +
      pearl(x, y + 36, 7) +
      el("rect", { ...kundan, transform: `rotate(${ang} ${f(x)} ${f(y)})` }) +
      el("circle", { cx: x, cy: y, r: 9, fill: i % 2 ? sec : c.pal.primary })
    );
  });
  const [cx, cy] = bez(curve, 0.5);
  const fringe = range(-3, 3).map((k) => pearl(cx + k * 16, cy + 132 - Math.abs(k) * 10, 7));
  return (
    stroke("M250 290C240 230 250 190 276 150M710 290C720 230 710 190 684 150", sec, 6) +
    el("path", { d: "M268 150h16l-4 -40h-8ZM676 150h16l-4 -40h-8Z", fill: sec }) +
    stroke("M250 290C262 790 698 790 710 290", g, 8) +
    links.join("") +
    fringe.join("") +
    el("g", { transform: `translate(${f(cx)} ${f(cy)})` }, pendant(c))
  );
}

function pendant(c: Ctx): string {
  const g = c.gold;
  const drop = "M0 -24C46 -24 64 40 0 118C-64 40 -46 -24 0 -24Z";
  return (
    piece(c, drop, G(c), { edge: shade(g, 0.45) }) +
    el("ellipse", { cx: 0, cy: 34, rx: 26, ry: 34, fill: c.pal.primary, stroke: shade(g, 0.3) }) +
    el("ellipse", { cx: -8, cy: 22, rx: 7, ry: 10, fill: "#ffffff", opacity: 0.55 }) +
    gem(c, 0, -6, 8, c.pal.secondary)
  );
}

/** Points spaced `gap` apart along a cubic, so beads sit evenly however the curve bends. */
function along(curve: readonly Pt[], gap: number): Pt[] {
  const out: Pt[] = [];
  let prev = bez(curve, 0);
  let run = gap;
  for (let i = 1; i <= 400; i++) {
    const p = bez(curve, i / 400);
    run += Math.hypot(p[0] - prev[0], p[1] - prev[1]);
    if (run >= gap) {
      out.push(p);
      run = 0;
    }
    prev = p;
  }
  return out;
}

/** Temple choker: a broad gold collar hung with lakshmi drops, and the matching earrings. */
function choker(c: Ctx): string {
  const g = c.gold;
  const [p, sec] = [c.pal.primary, c.pal.secondary];
  const curve = pts("296 250 300 600 660 600 664 250");
  const band = "M296 250C300 600 660 600 664 250";
  const drops = along(curve, 34)
    .filter(([x]) => Math.abs(x - 480) > 40)
    .map(([x, y]) => {
      const d = `M${f(x)} ${f(y + 8)}c14 6 16 30 0 44c-16 -14 -14 -38 0 -44Z`;
      return el("path", { d, fill: G(c), stroke: shade(g, 0.45), "stroke-width": 1.5 }) + pearl(x, y + 58, 5.5);
    });
  const stones = along(curve, 34).map(([x, y], i) =>
    el("circle", { cx: x, cy: y, r: 7, fill: i % 3 === 1 ? sec : p, stroke: shade(g, 0.4), "stroke-width": 2 }),
  );
  const earring = (x: number) =>
    el("g", { transform: `translate(${x} 650) scale(0.62)` }, pendant(c) + pearl(0, 140, 10)) +
    el("circle", { cx: x, cy: 626, r: 16, fill: G(c), stroke: shade(g, 0.4) }) +
    gem(c, x, 626, 8, p);
  return (
    stroke("M296 250C290 210 292 180 310 150M664 250C670 210 668 180 650 150", sec, 6) +
    el("path", { d: "M302 150h16l-4 -40h-8ZM642 150h16l-4 -40h-8Z", fill: sec }) +
    drops.join("") +
    stroke(band, shade(g, 0.4), 34) +
    stroke(band, G(c), 28) +
    stroke(band, tint(g, 0.55), 3, ` stroke-dasharray="0 10"`) +
    stones.join("") +
    el("g", { transform: "translate(480 520) scale(1.2)" }, pendant(c)) +
    earring(290) +
    earring(670)
  );
}

/** Two strands of slightly uneven freshwater pearls, capped in gold and joined by a clasp. */
function pearlStrands(c: Ctx): string {
  const g = c.gold;
  const rnd = seeded(`pearls${c.pal.primary}`);
  const strand = (curve: string, r: number) =>
    along(pts(curve), r * 2.05)
      .map(([x, y]) => pearl(x, y, r * (0.9 + rnd() * 0.2)))
      .join("");
  const chain = "M268 236C276 190 300 160 330 140M692 236C684 190 660 160 630 140";
  return (
    stroke(chain, shade(g, 0.3), 6, ` stroke-dasharray="8 4"`) +
    stroke(chain, g, 3.5, ` stroke-dasharray="8 4"`) +
    strand("262 250 266 800 694 800 698 250", 13) +
    strand("276 250 290 610 670 610 684 250", 11) +
    el("path", { d: "M250 250L268 226L286 250ZM674 250L692 226L710 250Z", fill: G(c), stroke: shade(g, 0.4) }) +
    el("ellipse", {
      cx: 340,
      cy: 134,
      rx: 14,
      ry: 20,
      fill: G(c),
      stroke: shade(g, 0.4),
      transform: "rotate(-50 340 134)",
    }) +
    el("circle", { cx: 622, cy: 136, r: 12, fill: "none", stroke: G(c), "stroke-width": 5 })
  );
}

export function bangles(c: Ctx): string {
  // Gold stacks mix in coloured glass; silver ones are all metal, six engraved bands.
  const allMetal = c.metal !== "gold";
  const cols = allMetal
    ? range(0, 5).map(() => c.gold)
    : [c.gold, c.pal.primary, c.gold, c.pal.secondary, c.gold, c.pal.primary, c.gold];
  const [rx, ry] = [200, 64];
  let back = "";
  let front = "";
  cols.forEach((col, i) => {
    const y = allMetal ? 478 + i * 34 : 470 + i * 30;
    const metal = allMetal || i % 2 === 0;
    const w = allMetal ? 22 : metal ? 16 : 24;
    const arc = (sweep: 0 | 1) => `M${480 - rx} ${y}A${rx} ${ry} 0 0 ${sweep} ${480 + rx} ${y}`;
    const glint = `M${480 - rx + 30} ${y + 26}A${rx} ${ry} 0 0 0 ${480 + rx - 60} ${y + 40}`;
    back += stroke(arc(1), shade(col, 0.35), w);
    front += stroke(arc(0), shade(col, 0.3), w + 3) + stroke(arc(0), col, w);
    front += !metal
      ? stroke(glint, "#ffffff", 3, ` opacity="0.45"`)
      : allMetal
        ? stroke(arc(0), shade(col, 0.5), 5, ` stroke-dasharray="${i % 2 ? "12 6" : "3 7"}"`) +
          stroke(arc(0), tint(col, 0.6), 2, ` stroke-dasharray="0 14" stroke-dashoffset="${i * 5}"`)
        : stroke(arc(0), tint(col, 0.55), 4, ` stroke-dasharray="0 12"`);
  });
  return back + front;
}

/** Three slim stacking bands: one plain, one set with tiny stones, one twisted. */
function stackRings(c: Ctx): string {
  const g = c.gold;
  return [-1, 0, 1]
    .map((k) => {
      const band = { cx: 480 + k * 96, cy: 660 - (k === 0 ? 24 : 0), rx: 94, ry: 106, fill: "none" };
      const top = `M${band.cx - 60} ${band.cy - 82}A94 106 0 0 1 ${band.cx + 60} ${band.cy - 82}`;
      const detail =
        k === 0
          ? stroke(top, "#ffffff", 7, ` stroke-dasharray="0 13"`)
          : k === 1
            ? el("ellipse", { ...band, stroke: shade(g, 0.45), "stroke-width": 3, "stroke-dasharray": "4 9" })
            : "";
      return (
        el("ellipse", { ...band, stroke: shade(g, 0.4), "stroke-width": 20 }) +
        el("ellipse", { ...band, stroke: G(c), "stroke-width": 14 }) +
        el("ellipse", { ...band, rx: 88, ry: 100, stroke: "#ffffff", "stroke-opacity": 0.4, "stroke-width": 2 }) +
        detail
      );
    })
    .join("");
}

export function ring(c: Ctx): string {
  if (has(c, "stack")) return stackRings(c);
  const g = c.gold;
  const band = { cx: 480, cy: 700, rx: 132, ry: 150, fill: "none" };
  const halo = range(0, 17).map((k) => pearl(...polar(480, 520, 94, 78, k * 20), 11));
  const facets = range(0, 7).map((k) => {
    const [x, y] = polar(480, 520, 70, 58, k * 45);
    return stroke(`M480 520L${f(x)} ${f(y)}`, tint(c.pal.primary, 0.35), 2);
  });
  const stone = { cx: 480, cy: 520, rx: 72, ry: 60 };
  const shoulders =
    "M390 560Q420 620 400 650L430 640Q440 600 420 556ZM570 560Q540 620 560 650L530 640Q520 600 540 556Z";
  return (
    el("ellipse", { ...band, stroke: shade(g, 0.35), "stroke-width": 36 }) +
    el("ellipse", { ...band, stroke: g, "stroke-width": 28 }) +
    el("ellipse", {
      ...band,
      cy: 706,
      rx: 124,
      ry: 140,
      stroke: "#ffffff",
      "stroke-opacity": 0.35,
      "stroke-width": 4,
    }) +
    el("path", { d: shoulders, fill: g }) +
    el("ellipse", { cx: 480, cy: 520, rx: 108, ry: 92, fill: g, stroke: shade(g, 0.4), "stroke-width": 3 }) +
    halo.join("") +
    el("ellipse", { ...stone, fill: P(c), stroke: shade(g, 0.3), "stroke-width": 4 }) +
    facets.join("") +
    el("ellipse", { cx: 480, cy: 520, rx: 34, ry: 28, fill: tint(c.pal.primary, 0.25), opacity: 0.8 }) +
    el("ellipse", { cx: 458, cy: 500, rx: 14, ry: 9, fill: "#ffffff", opacity: 0.7 })
  );
}

const DROP = "M480 862C496 880 496 904 480 910C464 904 464 880 480 862Z";
export function maangtikka(c: Ctx): string {
  const g = c.gold;
  const fringe = range(15, 165, 15).map((a) => {
    const [x0, y0] = polar(480, 700, 150, 150, a);
    const [x, y] = polar(480, 700, 166, 166, a);
    return stroke(`M${f(x0)} ${f(y0)}L${f(x)} ${f(y)}`, g, 2.5) + pearl(x, y + 4, 8);
  });
  const filigree = range(10, 170, 10).map((a) => {
    const [x, y] = polar(480, 700, 150, 124, a);
    return el("circle", { cx: x, cy: y, r: 4, fill: tint(g, 0.55) });
  });
  const stones = [40, 65, 90, 115, 140].map((a) =>
    gem(c, ...polar(480, 700, 150, 124, a), 9, a === 90 ? c.pal.secondary : c.pal.primary),
  );
  const halo = range(0, 13).map((k) => pearl(...polar(480, 672, 46, 46, (k * 360) / 14), 6));
  const moon = "M330 700A150 150 0 0 0 630 700A150 96 0 0 1 330 700Z";
  return (
    stroke("M480 150C480 118 512 118 512 142C512 164 480 168 480 200", g, 6) +
    gem(c, 480, 214, 12) +
    stroke("M480 236V604", g, 10, ` stroke-dasharray="0 14"`) +
    [300, 380, 460, 540].map((y) => pearl(480, y, 8)).join("") +
    fringe.join("") +
    piece(c, moon, G(c), { edge: shade(g, 0.45), inner: filigree.join("") }) +
    stones.join("") +
    el("circle", { cx: 480, cy: 672, r: 54, fill: g, stroke: shade(g, 0.4), "stroke-width": 3 }) +
    halo.join("") +
    gem(c, 480, 672, 24) +
    el("path", { d: DROP, fill: "#f4efe4", stroke: "#cfc4ad" })
  );
}

export function scarf(c: Ctx): string {
  const [sec, acc] = [c.pal.secondary, c.pal.accent];
  // A silk square never lies perfectly flat: bow the edges so it reads as cloth, not a tile.
  const corners = pts("260 380 700 380 700 820 260 820");
  let outline = "M260 380";
  corners.forEach((p, i) => {
    const q = corners[(i + 1) % 4] ?? p;
    const [nx, ny] = [(q[1] - p[1]) / 440, -(q[0] - p[0]) / 440];
    const w = i % 2 ? 10 : -8;
    const [a, b] = [0.33, 0.66].map((t, j): Pt => {
      const s = j ? -w : w;
      return [p[0] + (q[0] - p[0]) * t + nx * s, p[1] + (q[1] - p[1]) * t + ny * s];
    });
    outline += `C${f(a?.[0] ?? 0)} ${f(a?.[1] ?? 0)} ${f(b?.[0] ?? 0)} ${f(b?.[1] ?? 0)} ${q[0]} ${q[1]}`;
  });
  const petals = range(0, 7).map((k) =>
    el("ellipse", { cx: 480, cy: 562, rx: 12, ry: 30, fill: sec, transform: `rotate(${k * 45} 480 600)` }),
  );
  const inner =
    stroke("M284 404H676V796H284Z", sec, 34) +
    stroke("M310 430H650V770H310Z", acc, 3) +
    stroke("M266 386H694V814H266Z", acc, 3) +
    el("circle", { cx: 480, cy: 600, r: 78, fill: acc, opacity: 0.9 }) +
    petals.join("") +
    el("circle", { cx: 480, cy: 600, r: 18, fill: acc }) +
    fold("M240 560L720 470", "#000000", 46, 0.07) +
    fold("M240 740L720 650", "#ffffff", 40, 0.1) +
    fold("M240 660L720 560", "#000000", 12, 0.06);
  return el("g", { transform: "rotate(40 480 600)" }, piece(c, `${outline}Z`, P(c), { pat: true, inner }));
}

export function stole(c: Ctx): string {
  const [sec, acc] = [c.pal.secondary, c.pal.accent];
  const front = "M330 300C322 520 318 760 322 980L598 992C602 760 612 520 624 300Z";
  const back = "M380 300C392 560 400 800 406 1040L648 1024C636 800 628 560 612 300Z";
  const fringe =
    range(326, 596, 10)
      .map((x) => stroke(`M${x} ${f(981 + (x - 322) * 0.04)}l-2 40`, acc, 3))
      .join("") +
    range(410, 644, 10)
      .map((x) => stroke(`M${x} ${f(1040 - (x - 406) * 0.066)}l2 34`, shade(acc, 0.2), 3))
      .join("");
  const bands = stroke("M320 900L602 910", sec, 34) + trim(c, "M320 868L604 878M320 934L602 944", 8);
  const fc = shade(c.pal.primary, 0.35);
  const folds = fold("M400 320C396 560 392 760 396 980M520 320C526 560 530 760 528 986", fc, 4);
  const knob = (cx: number) => el("circle", { cx, cy: 298, r: 20, fill: G(c) });
  return (
    el("rect", { x: 226, y: 286, width: 508, height: 24, rx: 12, fill: G(c) }) +
    knob(226) +
    knob(734) +
    fringe +
    piece(c, back, P(c), {
      pat: true,
      inner: el("path", { d: back, fill: "#000", opacity: 0.18 }) + stroke("M400 964L644 950", sec, 34),
    }) +
    piece(c, front, P(c), { pat: true, inner: bands + folds }) +
    piece(c, "M326 310C326 278 340 270 362 270H592C614 270 628 278 628 310Z", P(c), { pat: true })
  );
}

export function sunglasses(c: Ctx): string {
  const oval = has(c, "oval");
  const shape = oval
    ? range(0, 15).map((k) => polar(-10, 4, 100, 64, k * 24))
    : has(c, "cat-eye")
      ? pts("-138 -82 -70 -58 20 -50 92 -34 96 12 62 52 -6 60 -74 46 -114 4")
      : pts("-118 -46 -40 -54 56 -50 98 -28 96 18 62 58 -6 66 -76 50 -110 8");
  let frame = c.pal.primary;
  if (has(c, "tortoise")) {
    // Tortoiseshell: amber and dark brown mottling, painted along the frame itself.
    const id = uid(c, "tort");
    const rnd = seeded(`tortoise${c.pal.primary}`);
    const spots = range(0, 13).map((k) => {
      const fill = ["#d9a04a", "#2f170a", "#a8602a"][k % 3] ?? "#2f170a";
      const [cx, cy, rx, ry] = [rnd() * 48, rnd() * 48, 3 + rnd() * 7, 2 + rnd() * 4];
      return el("ellipse", {
        cx,
        cy,
        rx,
        ry,
        fill,
        opacity: 0.85,
        transform: `rotate(${f(rnd() * 180)} ${f(cx)} ${f(cy)})`,
      });
    });
    const tile = el("rect", { width: 48, height: 48, fill: c.pal.primary }) + spots.join("");
    c.defs.push(el("pattern", { id, width: 48, height: 48, patternUnits: "userSpaceOnUse" }, tile));
    frame = `url(#${id})`;
  }
  const base = frame.startsWith("#") ? frame : c.pal.primary;
  const [outer, inner] = oval ? [16, 11] : [26, 20];
  const tintId = uid(c, "lens");
  const stop = (offset: number, t: number) => el("stop", { offset, "stop-color": shade(c.pal.secondary, t) });
  c.defs.push(el("linearGradient", { id: tintId, x1: 0, y1: 0, x2: 0, y2: 1 }, stop(0, 0.6) + stop(1, 0.2)));
  const lens = (s: number) => {
    const d = smooth(shape.map(([x, y]): Pt => [480 + s * (150 - x), 600 + y]));
    return (
      el("path", { d, fill: `url(#${tintId})`, stroke: shade(base, 0.3), "stroke-width": outer }) +
      el("path", { d, fill: "none", stroke: frame, "stroke-width": inner }) +
      fold(`M${480 + s * 200} 580L${480 + s * 150} 640`, "#ffffff", 18, 0.3) +
      stroke(`M${480 + s * 264} 566L${480 + s * 300} 548`, frame, oval ? 9 : 14) +
      el("circle", { cx: 480 + s * 258, cy: 568, r: 5, fill: c.gold })
    );
  };
  return (
    lens(-1) +
    lens(1) +
    stroke("M422 572Q480 536 538 572", frame, oval ? 9 : 16) +
    stroke("M424 566Q480 530 536 566", tint(base, 0.3), 3)
  );
}

export function belt(c: Ctx): string {
  if (has(c, "chain")) return chainBelt(c);
  const p = c.pal.primary;
  const g = c.gold;
  const arc = (a: number, b: number, sw: number) => `M${480 - a} 600A${a} ${b} 0 0 ${sw} ${480 + a} 600`;
  const tail = "M536 700L676 668Q704 664 710 684Q712 704 690 712L536 746Z";
  const holes = [604, 636, 666].map((x) =>
    el("ellipse", { cx: x, cy: 700 - (x - 600) * 0.22, rx: 6, ry: 7, fill: shade(p, 0.55) }),
  );
  const buckle = { x: 416, y: 672, width: 124, height: 94, rx: 18, fill: "none" };
  return (
    stroke(arc(250, 120, 1), shade(p, 0.4), 54) +
    stroke(arc(250, 120, 0), shade(p, 0.3), 58) +
    stroke(arc(250, 120, 0), p, 52) +
    stitch(arc(230, 100, 0), tint(p, 0.4)) +
    stitch(arc(270, 140, 0), tint(p, 0.4)) +
    piece(c, tail, P(c), { inner: stitch("M540 712L690 678", tint(p, 0.4)) }) +
    holes.join("") +
    el("rect", {
      x: 560,
      y: 690,
      width: 22,
      height: 60,
      rx: 4,
      fill: shade(p, 0.15),
      transform: "rotate(-12 571 720)",
    }) +
    el("rect", { ...buckle, stroke: shade(g, 0.35), "stroke-width": 18 }) +
    el("rect", { ...buckle, stroke: g, "stroke-width": 12 }) +
    stroke("M430 720H548", g, 8) +
    stroke("M424 680Q478 670 532 680", tint(g, 0.6), 3)
  );
}

/** A chain of alternating flat and edge-on links along a cubic. */
function chainLinks(c: Ctx, curve: readonly Pt[], size: number): string {
  const g = c.gold;
  return along(curve, size * 1.5)
    .map(([x, y], i, all) => {
      const [nx, ny] = all[i + 1] ?? all[i - 1] ?? [x + 1, y];
      const ang = f((Math.atan2(ny - y, nx - x) * 180) / Math.PI);
      const turn = `rotate(${ang} ${f(x)} ${f(y)})`;
      return i % 2
        ? el("ellipse", {
            cx: x,
            cy: y,
            rx: size,
            ry: size * 0.26,
            fill: G(c),
            stroke: shade(g, 0.45),
            transform: turn,
          })
        : el("ellipse", {
            cx: x,
            cy: y,
            rx: size,
            ry: size * 0.62,
            fill: "none",
            stroke: G(c),
            "stroke-width": size * 0.34,
            transform: turn,
          });
    })
    .join("");
}

/** Three layered chains between two rings, a lobster clasp and an extender with a coin charm. */
function chainBelt(c: Ctx): string {
  const g = c.gold;
  const coin = (x: number, y: number, r: number) =>
    el("circle", { cx: x, cy: y, r, fill: G(c), stroke: shade(g, 0.45), "stroke-width": 2 }) +
    el("circle", { cx: x, cy: y, r: r * 0.6, fill: "none", stroke: shade(g, 0.3), "stroke-width": 2 }) +
    el("circle", { cx: x, cy: y, r: r * 0.2, fill: tint(g, 0.5) });
  const coins = [0.3, 0.5, 0.7].map((t) => {
    const [x, y] = bez(pts("268 548 330 800 630 800 692 548"), t);
    return stroke(`M${f(x)} ${f(y)}v16`, g, 3) + coin(x, y + 34, 18);
  });
  const ring = (cx: number) =>
    el("circle", { cx, cy: 540, r: 18, fill: "none", stroke: shade(g, 0.4), "stroke-width": 10 }) +
    el("circle", { cx, cy: 540, r: 18, fill: "none", stroke: G(c), "stroke-width": 6 });
  return (
    chainLinks(c, pts("262 536 400 556 560 556 698 536"), 13) +
    chainLinks(c, pts("266 544 360 680 600 680 694 544"), 12) +
    chainLinks(c, pts("268 548 330 800 630 800 692 548"), 11) +
    coins.join("") +
    chainLinks(c, pts("246 556 236 600 240 650 244 690"), 9) +
    coin(244, 716, 16) +
    ring(258) +
    ring(702) +
    el("path", {
      d: "M712 560c20 -6 32 10 30 28c-2 22 -18 34 -32 30c-10 -4 -6 -14 2 -16c10 -2 14 -12 10 -20c-4 -8 -12 -8 -16 -4Z",
      fill: G(c),
      stroke: shade(g, 0.45),
      "stroke-width": 2,
    })
  );
}

function clawJaw(c: Ctx, dx: number, dy: number, col: string, gloss: boolean, rnd: () => number): string {
  const edge = shade(col, 0.55);
  const teeth = range(0, 4).map((i) => {
    const x = 330 + i * 75;
    const lean = (480 - x) * 0.28;
    const ys = [520, 610, 680, 716, 730];
    const line = [0, 0.25, 0.8, 1.5, 1.9].map((k, j): Pt => [x + lean * k + dx, (ys[j] ?? 0) + dy]);
    const sx = x - 10 + dx;
    const shine = fold(`M${f(sx)} ${560 + dy}L${f(sx + lean * 0.4)} ${650 + dy}`, "#ffffff", 6, 0.3);
    return piece(c, limb(line, [56, 46, 32, 20, 6]), col, { edge, inner: gloss ? shine : "" });
  });
  const spots = range(0, 11).map((k) => {
    const [x, y] = [300 + rnd() * 360 + dx, 430 + rnd() * 120 + dy];
    const [rx, ry, rot] = [12 + rnd() * 20, 6 + rnd() * 9, f(rnd() * 180)];
    const fill = k % 2 ? shade(col, 0.4) : tint(col, 0.3);
    const transform = `rotate(${rot} ${f(x)} ${f(y)})`;
    return el("ellipse", { cx: x, cy: y, rx, ry, fill, opacity: 0.35, transform });
  });
  const o = (x: number, y: number) => `${f(x + dx)} ${f(y + dy)}`;
  const top = `C${o(310, 410)} ${o(650, 410)} ${o(664, 560)}`;
  const band = `M${o(296, 560)}${top}C${o(600, 520)} ${o(360, 520)} ${o(296, 560)}Z`;
  return teeth.join("") + piece(c, band, col, { inner: spots.join(""), edge });
}

export function hairclip(c: Ctx): string {
  const clip = (key: string, col: string) => {
    const rnd = seeded(`clip${key}${col}`);
    const hinge = { x: 418, y: 394, width: 124, height: 44, rx: 18, fill: G(c), stroke: shade(c.gold, 0.4) };
    // Faux pearls set along the top of the front jaw.
    const pearls = along(pts("300 556 312 414 648 414 660 556"), 30)
      .slice(1, -1)
      .map(([x, y]) => pearl(x, y + 12, 13));
    return (
      clawJaw(c, 36, -40, shade(col, 0.3), false, rnd) +
      el("rect", { ...hinge, "stroke-width": 2 }) +
      clawJaw(c, 0, 0, col, true, rnd) +
      fold("M340 500C390 470 460 464 520 468", "#ffffff", 10, 0.35) +
      pearls.join("")
    );
  };
  return (
    el("g", { transform: "translate(-44 -20)" }, clip("big", c.pal.primary)) +
    el("g", { transform: "translate(420 420) scale(0.5625)" }, clip("small", tint(c.pal.primary, 0.12)))
  );
}

export function watch(c: Ctx): string {
  const [p, g] = [c.pal.primary, c.gold];
  const mesh = has(c, "mesh");
  const ticks = range(0, 11).map((k) => {
    const big = k % 3 === 0;
    const [w, h] = big ? [10, 26] : [6, 16];
    const fill = big ? g : shade(c.neutral, 0.55);
    return el("rect", {
      x: 480 - w / 2,
      y: 478 + (big ? 0 : 4),
      width: w,
      height: h,
      rx: 2,
      fill,
      transform: `rotate(${k * 30} 480 600)`,
    });
  });
  const dial = uid(c, "dial");
  const stop = (o: number, t: number) => el("stop", { offset: o, "stop-color": tint(c.pal.secondary, t) });
  c.defs.push(el("radialGradient", { id: dial, cx: 0.4, cy: 0.35, r: 0.8 }, stop(0, 0.85) + stop(1, 0.45)));
  const hand = shade(c.neutral, 0.7);
  const face = (r: number, fill: string, o: Attrs = {}) => el("circle", { cx: 480, cy: 600, r, fill, ...o });
  const upper = "M418 470L426 252Q480 238 534 252L542 470Z";
  const lower = "M418 730H542L534 966Q480 994 426 966Z";
  let straps: string;
  if (mesh) {
    // Milanese mesh: a fine woven metal band, closed by a flat sliding clasp.
    const weave = uid(c, "mesh");
    const line = shade(g, 0.45);
    c.defs.push(
      el(
        "pattern",
        { id: weave, width: 8, height: 8, patternUnits: "userSpaceOnUse" },
        stroke("M0 8L8 0M-2 2L2 -2M6 10L10 6", line, 1.6, ` stroke-opacity="0.55"`) +
          stroke("M0 0L8 8", tint(g, 0.5), 1, ` stroke-opacity="0.5"`),
      ),
    );
    const band = (d: string) =>
      piece(c, d, G(c), { edge: shade(g, 0.45), inner: el("path", { d, fill: `url(#${weave})` }) });
    straps =
      band(upper) +
      el("rect", { x: 420, y: 236, width: 120, height: 30, rx: 6, fill: G(c), stroke: shade(g, 0.45) }) +
      band(lower) +
      el("rect", { x: 422, y: 880, width: 116, height: 48, rx: 8, fill: G(c), stroke: shade(g, 0.45) }) +
      stroke("M436 892H524", tint(g, 0.55), 3);
  } else {
    const hole = shade(p, 0.55);
    straps =
      piece(c, upper, P(c), { inner: stitch("M432 460L438 262M528 460L522 262", tint(p, 0.4)) }) +
      goldRing(c, { x: 412, y: 226, width: 136, height: 46, rx: 10 }, 9) +
      piece(c, lower, P(c), { inner: stitch("M432 740L438 960M528 740L522 960", tint(p, 0.4)) }) +
      [820, 860, 900].map((cy) => el("ellipse", { cx: 480, cy, rx: 6, ry: 7, fill: hole })).join("") +
      el("rect", { x: 416, y: 760, width: 128, height: 26, rx: 4, fill: shade(p, 0.2) });
  }
  return (
    straps +
    el("rect", { x: 636, y: 584, width: 28, height: 32, rx: 6, fill: G(c), stroke: shade(g, 0.4) }) +
    face(160, G(c), { stroke: shade(g, 0.45), "stroke-width": 3 }) +
    face(144, shade(g, 0.25)) +
    face(136, `url(#${dial})`) +
    ticks.join("") +
    stroke("M480 600L430 572", hand, 9) +
    stroke("M480 600L560 546", hand, 6) +
    stroke("M480 630L480 500", c.pal.accent, 2.5) +
    face(9, g) +
    fold("M380 520A130 130 0 0 1 520 470", "#ffffff", 10, 0.45)
  );
}

function shoe(c: Ctx, tone: number): string {
  const upper =
    "M0 -96C6 -60 0 -20 6 0L380 4C432 6 470 -20 492 -72C496 -86 482 -90 476 -76C462 -50 432 -42 402 -52" +
    "C336 -92 262 -120 200 -112C150 -92 100 -80 58 -84C30 -86 12 -92 0 -96Z";
  const col = shade(c.pal.primary, tone);
  const acc = c.pal.accent;
  const dots = range(0, 5).map((k) => el("circle", { cx: 250 + k * 34, cy: -70 + k * 9, r: 9, fill: acc }));
  const petals = [0, 72, 144, 216, 288].map((a) =>
    el("ellipse", { cx: 0, cy: -16, rx: 8, ry: 16, fill: acc, transform: `rotate(${a})` }),
  );
  const motif = el(
    "g",
    { transform: "translate(320 -40)" },
    petals.join("") + el("circle", { r: 8, fill: c.pal.secondary }),
  );
  const inner =
    dots.join("") +
    motif +
    trim(c, "M200 -112C262 -120 336 -92 402 -52C432 -42 462 -50 476 -76", 12) +
    trim(c, "M4 -96C6 -60 2 -30 8 0", 14);
  const sole = "M2 0L380 4C432 6 470 -20 492 -72L500 -64C478 -8 436 20 380 20L6 16Z";
  return (
    piece(c, upper, col, { pat: true, edge: shade(col, 0.5), inner }) +
    el("path", { d: sole, fill: mix("#8a5a33", c.pal.primary, 0.2) }) +
    stroke("M0 -96C12 -92 30 -86 58 -84C100 -80 150 -92 200 -112", tint(c.pal.secondary, 0.5), 7)
  );
}

export const jutti = (c: Ctx): string =>
  el("g", { transform: "translate(292 770) scale(0.9375)" }, shoe(c, 0.2)) +
  el("g", { transform: "translate(228 850)" }, shoe(c, 0));
