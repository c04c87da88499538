import { baguette, bandana, chandbali, keychain, kolhapuri, potli, scrunchies } from "./accessories.ts";
import type { Detail, Look, Palette, Pattern } from "./look.ts";
import {
  across,
  arch,
  bangles,
  belt,
  buti,
  type Ctx,
  clutch,
  dropShadow,
  el,
  f,
  floorShadow,
  fold,
  G,
  hairclip,
  has,
  jhumka,
  jutti,
  K,
  limb,
  luma,
  maangtikka,
  makeCtx,
  mirror,
  mix,
  N,
  necklace,
  P,
  type Pt,
  piece,
  plinth,
  poly,
  pts,
  range,
  ring,
  S,
  scarf,
  seeded,
  shade,
  sling,
  smooth,
  snap,
  stole,
  stroke,
  sunglasses,
  svgDoc,
  sym,
  tint,
  tote,
  trim,
  uid,
  watch,
} from "./shapes.ts";

export type ArtKind =
  | "suit"
  | "kurta"
  | "anarkali"
  | "saree"
  | "lehenga"
  | "dress"
  | "top"
  | "shirt"
  | "coord"
  | "trousers"
  | "skirt"
  | "tote"
  | "clutch"
  | "sling"
  | "jhumka"
  | "necklace"
  | "bangles"
  | "ring"
  | "maangtikka"
  | "scarf"
  | "sunglasses"
  | "belt"
  | "hairclip"
  | "watch"
  | "jutti"
  | "stole"
  | "sharara"
  | "jeans"
  | "tshirt"
  | "potli"
  | "keychain"
  | "scrunchies"
  | "chandbali"
  | "bandana"
  | "kolhapuri"
  | "baguette";
export type ArtView = "front" | "detail" | "styled";

type Draw = (c: Ctx) => string;

// The faceless mannequin every garment is dressed on: centre line x = 480, feet on y ≈ 1114.
const ARM = pts("390 290 372 380 358 470 348 560 342 640 339 682 337 718");
const ARM_W = [46, 42, 35, 31, 25, 28, 8];
const SLV = pts("398 294 372 380 358 470 348 560 342 640");
const SLV_W = [48, 42, 35, 31, 25];
const LEG = pts("438 600 441 700 446 815 449 905 452 1066");
const LEG_W = [84, 68, 48, 46, 26];
const SHOE = pts("438 1058 466 1058 471 1090 459 1114 445 1114 434 1090");
const SH = "C428 262 402 266 384 282";
const AH = "C372 300 388 330 392 352";
const WF = "C394 400 422 430 426 452";
const neck = (y: number): string => `C467 ${y} 457 ${f(y - (y - 258) * 0.5)} 456 258`;
const bodice = (y: number, rest: string): string => sym(`480 ${y}`, `${neck(y)}${SH}${AH}${rest}`);
const neckTrim = (y: number, a: number) => `M456 258C458 ${a} 467 ${y} 480 ${y}C493 ${y} 502 ${a} 504 258`;
const TORSO = sym("480 256", `L462 256${SH}${AH}${WF}L428 484L480 484`);

/** Scalloped hems read as flowing fabric rather than a cut edge. */
function waves(x0: number, y0: number, x1: number, y1: number, n: number, amp: number): string {
  let d = "";
  for (let i = 1; i <= n; i++) {
    const [xa, ya] = [x0 + ((x1 - x0) * (i - 1)) / n, y0 + ((y1 - y0) * (i - 1)) / n];
    const [xb, yb] = [x0 + ((x1 - x0) * i) / n, y0 + ((y1 - y0) * i) / n];
    d += `Q${f((xa + xb) / 2)} ${f((ya + yb) / 2 + amp)} ${f(xb)} ${f(yb)}`;
  }
  return d;
}

const both = (fn: (s: number) => string): string => fn(-1) + fn(1);
const tube = (line: readonly Pt[], w: readonly number[], s: number, to = line.length, extra = 0): string =>
  limb(
    mirror(line, s).slice(0, to),
    w.slice(0, to).map((x) => x + extra),
  );
const skin = (c: Ctx, d: string): string => piece(c, d, K(c), { edge: shade(c.skin, 0.4) });
const cloth = (c: Ctx, d: string, inner = ""): string => piece(c, d, P(c), { pat: true, inner });
const cloth2 = (c: Ctx, d: string, inner = ""): string =>
  piece(c, d, S(c), { inner, edge: shade(c.pal.secondary, 0.45) });
const head = (c: Ctx): string =>
  skin(c, "M464 190L461 262L454 264V330L480 350L506 330V264L499 262L496 190Z") +
  skin(c, "M436 160a44 55 0 1 0 88 0a44 55 0 1 0 -88 0Z");
const arms = (c: Ctx): string => both((s) => skin(c, tube(ARM, ARM_W, s)));
/** Bare legs; `from` > 0 starts them lower, for hems that do not cover the thighs' cut edge. */
const legs = (c: Ctx, from = 0): string => both((s) => skin(c, limb(mirror(LEG, s).slice(from), LEG_W.slice(from))));
const shoes = (c: Ctx, col: string): string =>
  both((s) => piece(c, smooth(mirror(SHOE, s)), col, { edge: shade(col, 0.5) }));
const cuff = (c: Ctx, s: number, i: number, extra: number, w: number): string =>
  trim(c, across(mirror(SLV, s), i, (SLV_W[i] ?? 30) + extra + 4, 7), w);
/** Drawn before the bodice so the bodice's shoulder line hides the top of the sleeve. */
function sleeves(c: Ctx, to: number, extra: number, trimW = 12, fill = P(c), edge?: string): string {
  const one = (s: number) => piece(c, tube(SLV, SLV_W, s, to, extra), fill, { pat: fill === P(c), edge });
  return both((s) => one(s) + (trimW ? cuff(c, s, to - 1, extra, trimW) : ""));
}
const butis = (c: Ctx, at: string, r = 5): string =>
  pts(at)
    .map(([x, y]) => buti(x, y, r, c.pal.accent, tint(c.pal.accent, 0.5)))
    .join("");
const buttons = (c: Ctx, ys: readonly number[], col = tint(c.pal.accent, 0.4)): string =>
  ys.map((cy) => el("circle", { cx: 480, cy, r: 5, fill: col, stroke: shade(col, 0.4) })).join("");
const slits = (c: Ctx, at: string): string =>
  both((s) => el("path", { d: poly(mirror(pts(at), s)), fill: shade(c.pal.secondary, 0.25) }));

function kurta(c: Ctx): string {
  const fc = shade(c.pal.primary, 0.4);
  const body = bodice(300, "C394 430 392 480 390 530C384 650 376 760 368 844C420 852 450 854 480 854");
  const inner =
    fold("M432 560C428 660 422 750 416 842", fc) +
    fold("M528 560C532 660 538 750 544 842", fc) +
    trim(c, "M350 834C420 842 450 844 480 844C510 844 540 842 610 834", 16) +
    trim(c, "M480 298L480 452", 22) +
    buttons(c, [326, 362, 398, 434]) +
    butis(c, "432 318 528 318 424 368 536 368 440 414 520 414") +
    trim(c, neckTrim(304, 284), 12);
  const bottoms = has(c, "palazzo")
    ? shoes(c, c.gold) +
      cloth2(c, WIDE, fold("M424 860L400 1090M536 860L560 1090M452 900L446 1092", shade(c.pal.secondary, 0.4)))
    : legs(c) + both((s) => cloth2(c, tube(LEG, [102, 80, 60, 56, 42], s))) + shoes(c, c.gold);
  const [dupBack, dupFront] = has(c, "dupatta") ? dupatta(c) : ["", ""];
  return (
    dupBack +
    bottoms +
    head(c) +
    arms(c) +
    sleeves(c, 4, 14) +
    cloth(c, body, inner) +
    slits(c, "387 690 363 848 399 854") +
    dupFront
  );
}

/** A dupatta over the left shoulder and down the back, in the second colour with an embroidered border. */
function dupatta(c: Ctx): [string, string] {
  const back = cloth2(
    c,
    "M556 266C590 260 612 280 620 310C632 520 648 760 662 990L602 1000C590 780 578 520 560 300Z",
    trim(c, "M621 316C633 520 648 760 660 994", 14),
  );
  const frontArt =
    trim(c, "M445 300C430 520 422 780 426 1020", 14) +
    trim(c, "M344 1010L428 1020", 14) +
    fold("M408 330C396 520 388 760 386 1000", shade(c.pal.secondary, 0.4), 4);
  const front = cloth2(
    c,
    "M452 260C424 254 394 262 380 290C366 520 352 780 344 1012L428 1022C424 780 432 520 448 300Z",
    frontArt,
  );
  const tassels = [349, 424, 605, 659].map((x, i) =>
    el("path", { d: `M${x} ${i < 2 ? 1014 : 996}l-6 30h12Z`, fill: c.gold }),
  );
  return [back, el("g", { opacity: 0.93 }, front) + tassels.join("")];
}

function suit(c: Ctx): string {
  const fc = shade(c.pal.primary, 0.4);
  const body = bodice(336, "C396 400 420 432 422 456C414 600 404 800 398 950C430 956 456 958 480 958");
  const yoke = "M440 258C442 330 460 394 480 418C500 394 518 330 520 258";
  const inner =
    el("path", { d: `${yoke}Z`, fill: c.pal.accent, opacity: 0.25 }) +
    trim(c, yoke, 10) +
    butis(c, "480 372 462 300 498 300 480 344") +
    trim(c, neckTrim(338, 296), 10) +
    fold("M440 500C436 640 430 800 426 950", fc) +
    fold("M520 500C524 640 530 800 534 950", fc) +
    trim(c, "M360 938Q480 950 600 938", 20) +
    butis(c, "430 896 480 900 530 896");
  // The trousers only show below the kameez, so they start at the knee and never stick out at the thigh.
  const pantHem = (s: number) => trim(c, across(mirror(LEG, s), 4, 80, 16), 16);
  const pants = both((s) => cloth2(c, limb(mirror(LEG, s).slice(2), [74, 70, 66]), pantHem(s)));
  // A two-piece is kameez and trousers only.
  const [dupBack, dupFront] = has(c, "two-piece") ? ["", ""] : dupatta(c);
  return (
    dupBack +
    legs(c) +
    pants +
    shoes(c, c.gold) +
    head(c) +
    arms(c) +
    sleeves(c, 5, 10) +
    cloth(c, body, inner) +
    slits(c, "418 616 394 952 426 960") +
    dupFront
  );
}

function anarkali(c: Ctx): string {
  const top = bodice(322, "C396 372 412 396 416 408C440 410 460 410 480 410");
  const skirt = sym("480 400", `L418 400C340 600 250 860 196 1074${waves(196, 1074, 480, 1100, 5, 16)}`);
  const light = tint(c.pal.primary, 0.5);
  const tiered = has(c, "tiered");
  let panels = "";
  for (let i = 0; i < 22; i++) {
    const [a, b] = [i / 22, (i + 1) / 22];
    const q = pts(`${418 + 124 * a} 400 ${418 + 124 * b} 400 ${170 + 620 * b} 1110 ${170 + 620 * a} 1110`);
    const line = `M${f(418 + 124 * a)} 400L${f(170 + 620 * a)} 1110`;
    panels +=
      i % 2 ? el("path", { d: poly(q), fill: "#000", opacity: tiered ? 0.04 : 0.07 }) : fold(line, light, 2, 0.4);
  }
  // Tiers: a gathered seam edged in lace, a band of gathers falling from each.
  let tiers = "";
  if (tiered) {
    const fc = shade(c.pal.primary, 0.4);
    for (const y of [620, 840]) {
      const half = 62 + ((y - 400) / 674) * 222;
      const [l, r] = [480 - half - 20, 480 + half + 20];
      const seam = `M${f(l)} ${y}Q480 ${y + 50} ${f(r)} ${y}`;
      for (let x = l + 24; x < r - 10; x += 26) {
        const yy = y + 25 - (Math.abs(x - 480) ** 2 / (half * half)) * 25 + 12;
        tiers += fold(`M${f(x)} ${f(yy)}l${f((x - 480) * 0.06)} 60`, fc, 3, 0.3);
      }
      tiers +=
        stroke(seam, shade(c.pal.accent, 0.3), 16) +
        stroke(seam, c.pal.accent, 12) +
        stroke(seam, tint(c.pal.accent, 0.6), 4, ` stroke-dasharray="0 9"`) +
        stroke(seam, c.pal.accent, 9, ` stroke-dasharray="0 15" transform="translate(0 11)"`);
    }
  }
  const hem =
    trim(c, "M150 1030Q480 1124 810 1030", 42) +
    trim(c, "M170 966Q480 1050 790 966", 8) +
    (tiered ? "" : trim(c, "M210 900Q480 970 750 900", 5));
  const topArt =
    trim(c, neckTrim(324, 290), 12) + butis(c, "430 330 530 330 480 372") + trim(c, "M400 404L560 404", 16);
  let flare = cloth(c, skirt, panels + tiers + hem);
  let below = "";
  if (has(c, "calf")) {
    // A kurta-length anarkali: the same flare, three-quarters as long, over gathered churidar.
    flare = el("g", { transform: "translate(120 100) scale(0.75)" }, flare);
    const ruched = (s: number) =>
      [900, 930, 960, 990, 1020, 1046]
        .map((y) => fold(across(mirror(LEG, s), 4, 60, 1066 - y), shade(c.pal.secondary, 0.4), 3, 0.5))
        .join("");
    below = legs(c) + both((s) => cloth2(c, tube(LEG, [90, 72, 52, 48, 36], s), ruched(s))) + shoes(c, c.gold);
  }
  const [dupBack, dupFront] = has(c, "dupatta") ? dupatta(c) : ["", ""];
  return (
    dupBack +
    below +
    head(c) +
    flare +
    arms(c) +
    sleeves(c, 5, 8) +
    cloth(c, top, topArt) +
    el("g", { opacity: 0.85 }, dupFront)
  );
}

function saree(c: Ctx): string {
  const fc = shade(c.pal.primary, 0.4);
  const skirt = sym("480 452", "L426 452C402 500 388 540 390 600C390 800 380 960 372 1092Q440 1102 480 1102");
  let pleats = "";
  for (let i = 0; i < 9; i++) {
    const q = pts(`${474 + i * 7} 470 ${481 + i * 7} 470 ${467 + i * 15} 1110 ${452 + i * 15} 1110`);
    const line = `M${474 + i * 7} 470L${452 + i * 15} 1110`;
    pleats += i % 2 ? el("path", { d: poly(q), fill: "#000000", opacity: 0.1 }) : fold(line, fc, 2);
  }
  const skirtArt =
    pleats +
    trim(c, "M340 1072Q480 1090 620 1072", 34) +
    fold("M430 560C424 760 410 920 400 1060", fc) +
    fold("M470 520L460 600", fc);
  const blouse = bodice(318, "C394 360 398 372 400 380C440 384 470 386 480 386");
  const palluArt =
    fold("M430 500C470 430 520 350 556 282", fc) +
    fold("M440 530C486 456 540 370 580 294", fc) +
    trim(c, "M414 564C472 482 556 386 598 306", 30) +
    trim(c, "M406 478C452 406 500 324 534 262", 8);
  const palluD = "M404 474C450 404 500 322 532 260C562 254 592 270 604 298C560 388 474 486 414 574Z";
  const pallu = cloth(c, palluD, palluArt);
  const back = cloth(
    c,
    "M548 270C580 262 606 276 616 300C640 470 660 640 678 792Q636 812 596 802C590 640 580 470 560 330Z",
    trim(c, "M611 300C634 470 656 640 676 800", 30),
  );
  const fringe = [0, 1, 2, 3, 4, 5, 6].map((i) => `M${598 + i * 12} ${806 + Math.min(i, 6 - i)}l2 24`);
  return (
    back +
    el("path", { d: fringe.join(""), stroke: c.pal.accent, "stroke-width": 4, "stroke-linecap": "round" }) +
    head(c) +
    skin(c, TORSO) +
    cloth(c, skirt, skirtArt) +
    arms(c) +
    sleeves(c, 2, 10, 8, S(c), shade(c.pal.secondary, 0.45)) +
    cloth2(c, blouse, trim(c, neckTrim(320, 290), 8)) +
    pallu
  );
}

function lehenga(c: Ctx): string {
  const fc = shade(c.pal.primary, 0.4);
  const skirt = sym("480 448", `L426 448C396 500 300 800 192 1080${waves(192, 1080, 480, 1102, 5, 14)}`);
  const folds = [250, 320, 400, 560, 640, 710]
    .map((x) => fold(`M${f(430 + (x - 480) * 0.2)} 470Q${x} 800 ${f(x * 1.1 - 48)} 1090`, fc, 3, 0.3))
    .join("");
  const skirtArt =
    folds +
    trim(c, "M260 660Q480 720 700 660", 10) +
    butis(c, "290 770 380 770 480 790 580 770 670 770") +
    trim(c, "M200 880Q480 960 760 880", 10) +
    trim(c, "M150 1040Q480 1130 810 1040", 58) +
    trim(c, "M160 980Q480 1068 800 980", 10, c.pal.secondary);
  const choli = bodice(322, "C394 362 398 380 400 390C440 396 466 400 480 406");
  const choliArt =
    trim(c, neckTrim(324, 290), 12) +
    trim(c, "M396 386Q440 398 480 408Q520 398 564 386", 12) +
    butis(c, "432 340 528 340");
  // The veil frames the face instead of covering it, so its front edge carries the border.
  const edge = "C362 600 366 500 380 400C392 330 420 300 430 260C436 220 432 160 444 132Q460 112 480 112";
  const edgeR = "C598 600 594 500 580 400C568 330 540 300 530 260C524 220 528 160 516 132Q500 112 480 112";
  const drape = "C436 80 412 112 412 160C412 220 376 262 350 300C320 360 306 520 294 700";
  const veil = sym("480 80", `${drape}L360 728${edge}`);
  const acc = c.pal.accent;
  return (
    head(c) +
    skin(c, TORSO) +
    cloth(c, skirt, skirtArt) +
    arms(c) +
    sleeves(c, 3, 10) +
    cloth(c, choli, choliArt) +
    el("g", { opacity: 0.6 }, piece(c, veil, S(c), { edge: shade(c.pal.secondary, 0.4) })) +
    trim(c, `M360 728${edge}M600 728${edgeR}M294 700L360 728M666 700L600 728`, 9, acc)
  );
}

const BUCKLE = { x: 466, y: 440, width: 28, height: 28, rx: 5 };
/**
 * A tiered skirt from the waist (y0) to the hem (y1): each tier flares a little more than the one above and
 * starts just wider than it ends, so the steps read as tiers. Returns the outline and the seams' art.
 */
function tieredSkirt(
  c: Ctx,
  y0: number,
  y1: number,
  top: number,
  hem: number,
  seams: readonly number[],
): [string, string] {
  const half = (y: number, i: number) => top + ((y - y0) / (y1 - y0)) * (hem - top) + i * 12;
  const ys = [y0, ...seams, y1];
  let outline = `L${480 - top} ${y0}`;
  for (let i = 0; i + 1 < ys.length; i++) {
    const [a, b] = [ys[i] ?? y0, ys[i + 1] ?? y1];
    if (i > 0) outline += `L${f(480 - half(a, i))} ${a}`;
    outline += `Q${f(480 - half((a + b) / 2, i) - 4)} ${f((a + b) / 2)} ${f(480 - half(b, i))} ${b}`;
  }
  const last = 480 - half(y1, ys.length - 2);
  outline += waves(last, y1, 480, y1 + 12, 5, 10);
  const fc = shade(c.pal.primary, 0.45);
  const art = seams
    .map((y, i) => {
      const h = half(y, i + 1);
      let gathers = "";
      for (let x = 480 - h + 16; x < 480 + h - 8; x += 20)
        gathers += fold(`M${f(x)} ${y + 8}l${f((x - 480) * 0.05)} 52`, fc, 3, 0.35);
      const seam = `M${f(480 - h)} ${y}Q480 ${y + 16} ${f(480 + h)} ${y}`;
      return (
        gathers +
        el("path", {
          d: `${seam}L${f(480 + h)} ${y - 14}Q480 ${y + 2} ${f(480 - h)} ${y - 14}Z`,
          fill: "#000000",
          opacity: 0.12,
        }) +
        stroke(seam, shade(c.pal.primary, 0.35), 5) +
        stroke(seam, tint(c.pal.primary, 0.35), 2)
      );
    })
    .join("");
  return [sym(`480 ${y0}`, outline), art];
}

function dress(c: Ctx): string {
  if (has(c, "slip")) return slipDress(c);
  const fc = shade(c.pal.primary, 0.4);
  const maxi = has(c, "maxi");
  const [hx, hy] = maxi ? [268, 1088] : [322, 884];
  const top = sym("480 372", `C470 350 460 300 456 258${SH}${AH}${WF}C450 456 466 458 480 458`);
  const flare = maxi ? "C410 620 320 880" : "C404 600 356 760";
  const [skirt, tiers] = has(c, "tiered")
    ? tieredSkirt(c, 450, hy, 52, 480 - hx - 24, maxi ? [660, 870] : [620, 760])
    : [sym("480 450", `L428 450${flare} ${hx} ${hy}${waves(hx, hy, 480, hy + 14, maxi ? 4 : 3, 12)}`), ""];
  const folds = [360, 410, 550, 600]
    .map((x) => {
      const dx = x - 480;
      const end = `${f(480 + dx * (maxi ? 1.7 : 1.25))} ${hy}`;
      return fold(`M${f(480 + dx * 0.2)} 470Q${f(x + dx * 0.1)} ${maxi ? 800 : 700} ${end}`, fc, 3, 0.35);
    })
    .join("");
  // Smocking: rows of shirring across the bodice of a tiered dress.
  const smock = has(c, "tiered")
    ? [386, 404, 422, 440]
        .map((y) =>
          stroke(`M400 ${y}${waves(400, y, 560, y, 16, 3)}`, shade(c.pal.primary, 0.35), 2, ` stroke-opacity="0.6"`),
        )
        .join("")
    : "";
  const wrap = has(c, "wrap");
  const crossover = wrap
    ? fold("M458 262C480 330 510 400 536 452", shade(c.pal.primary, 0.5), 4, 0.6) +
      el("path", { d: "M458 262C480 330 510 400 536 452L560 452L560 262Z", fill: "#000000", opacity: 0.06 })
    : "";
  const sash = "M424 444Q480 452 536 444L537 464Q480 472 423 464Z";
  const waist = wrap
    ? cloth(c, sash) +
      cloth(c, "M540 452C556 500 560 540 566 590L582 586C578 540 570 500 552 450Z") +
      cloth(c, "M546 454C570 490 584 530 600 570L612 562C598 520 580 486 556 450Z") +
      cloth(c, "M530 442Q548 440 560 454Q548 470 530 466Z")
    : has(c, "tiered")
      ? ""
      : el("path", { d: sash, fill: c.pal.secondary }) +
        el("rect", { ...BUCKLE, fill: "none", stroke: c.gold, "stroke-width": 5 });
  const flutter = pts("398 266 370 280 350 318 332 366 352 372 372 364 394 374 406 330");
  const frill = (s: number) => fold(s < 0 ? "M372 300L356 360" : "M588 300L604 360", fc);
  const skirtWrap = wrap ? fold("M536 462C548 600 570 760 590 890", shade(c.pal.primary, 0.5), 4, 0.55) : "";
  return (
    legs(c) +
    shoes(c, shade(c.pal.secondary, 0.1)) +
    head(c) +
    skin(c, "M452 256L508 256L480 386Z") +
    cloth(c, skirt, folds + tiers + skirtWrap) +
    arms(c) +
    both((s) => cloth(c, smooth(mirror(flutter, s)), frill(s))) +
    cloth(c, top, (wrap ? crossover : fold("M480 372L480 452", fc, 2)) + smock) +
    waist
  );
}

/** A bias-cut satin slip on spaghetti straps, layered over a plain tee. */
function slipDress(c: Ctx): string {
  const fc = shade(c.pal.primary, 0.4);
  const body = sym(
    "480 376",
    `C466 366 446 352 424 350C416 396 420 430 426 462C414 600 396 800 384 964${waves(384, 964, 480, 974, 3, 8)}`,
  );
  const sheen =
    fold("M446 480C460 640 450 800 430 960", "#ffffff", 26, 0.22) +
    fold("M520 500C530 660 540 820 546 960", "#ffffff", 12, 0.18) +
    fold("M480 470C484 640 482 800 478 966", fc, 3, 0.35) +
    fold("M424 352Q452 380 480 378Q508 380 536 352", shade(c.pal.primary, 0.3), 3, 0.5);
  return (
    legs(c, 2) +
    shoes(c, shade(c.pal.secondary, 0.2)) +
    head(c) +
    tee(c) +
    cloth(c, body, sheen) +
    stroke("M428 352L446 262M532 352L514 262", shade(c.pal.primary, 0.2), 5)
  );
}

/** Straight-leg trousers as one outline, waist to hem, with a gap between the legs below the crotch. */
const straightLegs = (waist: number, hip: number): string =>
  sym(
    `480 ${waist}`,
    `L${480 - 56 + (waist - 452) / 3} ${waist}C${hip + 12} 510 ${hip} 560 ${hip + 2} 620` +
      `C${hip + 6} 760 ${hip + 18} 900 ${hip + 30} 1066L476 1068C477 900 478 760 480 660`,
  );

/** The garment over the jeans: `top` kinds show it with denim, so that the top is judged in context. */
function denimUnder(c: Ctx): string {
  const denim = mix("#4f6a8f", c.pal.background, 0.2);
  const seam = shade(denim, 0.35);
  return piece(c, straightLegs(468, 396), denim, { edge: seam, inner: fold("M480 470L480 640", seam, 2, 0.6) });
}

function top(c: Ctx): string {
  const pc = c.pal.primary;
  const under = legs(c) + shoes(c, c.neutral) + denimUnder(c) + head(c);
  if (has(c, "fitted")) {
    // Fitted: square neck, short set-in sleeves, straight hem at the hip.
    const body = sym("480 300", `L450 300L450 262${SH}${AH}${WF}C420 490 412 530 406 576Q444 584 480 584`);
    const art = trim(c, "M450 262L450 300L510 300L510 262", 6, shade(pc, 0.15));
    return under + skin(c, "M446 256H514V304H446Z") + arms(c) + sleeves(c, 2, 4, 0) + cloth(c, body, art);
  }
  if (has(c, "boat")) {
    // Boat neck: a wide, shallow neckline from shoulder to shoulder, and three-quarter sleeves.
    const body = sym("480 274", `Q452 272 430 262${SH}${AH}${WF}C420 500 414 560 412 604Q446 610 480 610`);
    return (
      under + arms(c) + sleeves(c, 4, 12, 0) + cloth(c, body, fold("M430 264Q480 280 530 264", shade(pc, 0.4), 3, 0.5))
    );
  }
  const body = sym(
    "480 314",
    `L452 314L452 260${SH}${AH}${WF}C410 500 382 540 370 578${waves(370, 578, 480, 590, 3, 10)}`,
  );
  const puff = (s: number) =>
    cloth(c, limb(mirror(pts("392 282 380 318 372 352"), s), [62, 94, 58])) +
    trim(c, across(mirror(pts("380 318 372 352"), s), 1, 62, 4), 6, shade(pc, 0.2));
  const art =
    trim(c, "M452 262L452 314L508 314L508 262", 8, shade(pc, 0.15)) +
    fold("M426 452Q480 462 534 452", shade(pc, 0.4), 3, 0.5);
  return under + skin(c, "M446 256H514V320H446Z") + cloth(c, body, art) + arms(c) + both(puff);
}

/** An oversized tee: dropped shoulders, elbow-length sleeves, a boxy body to the hip, over denim. */
function tshirt(c: Ctx): string {
  const pc = c.pal.primary;
  const fc = tint(pc, 0.25);
  const body = sym(
    "480 276",
    "C466 276 458 268 456 258C430 262 394 268 368 292C364 380 366 460 368 520C370 580 372 620 370 652Q430 660 480 660",
  );
  const sleeve = (s: number) =>
    cloth(
      c,
      limb(mirror(pts("380 296 360 360 344 430 338 452"), s), [84, 104, 102, 100]),
      fold(s < 0 ? "M344 440L386 424" : "M616 440L574 424", fc, 3, 0.5),
    );
  const art =
    fold("M456 262Q480 286 504 262", fc, 8, 0.6) +
    fold("M420 320C414 440 410 560 412 650", fc, 3, 0.35) +
    fold("M540 320C546 440 550 560 548 650", fc, 3, 0.35) +
    fold("M372 640Q480 656 588 640", fc, 3, 0.4);
  return legs(c) + shoes(c, c.neutral) + denimUnder(c) + head(c) + arms(c) + both(sleeve) + cloth(c, body, art);
}

/** Jeans with a tucked-in tee: five-pocket denim, contrast topstitching, rivets and a worn-in fade. */
function jeans(c: Ctx): string {
  const p = c.pal.primary;
  const wide = has(c, "wide");
  const thread = c.pal.accent;
  const seam = shade(p, 0.4);
  const topstitch = (d: string) => stroke(d, thread, 2.5, ` stroke-dasharray="7 5" stroke-opacity="0.85"`);
  const fade = (x: number, y: number, rx: number, ry: number) =>
    el("ellipse", { cx: x, cy: y, rx, ry, fill: "#ffffff", opacity: 0.07 });
  const whiskers = "M452 600L424 590M454 614L420 612M508 600L536 590M506 614L540 612";
  const legArt =
    fade(430, 720, 34, 120) +
    fade(530, 720, 34, 120) +
    fade(440, 960, 26, 60) +
    fade(520, 960, 26, 60) +
    fold(whiskers, "#ffffff", 4, 0.3);
  let bottoms: string;
  if (wide) {
    const hems = topstitch("M340 1078L458 1082M502 1082L620 1078");
    bottoms =
      shoes(c, c.neutral) + cloth(c, WIDE, legArt + fold("M440 500L404 1090M520 500L556 1090", seam, 3, 0.4) + hems);
  } else {
    const art =
      legArt +
      topstitch("M424 1054L474 1056M486 1056L536 1054") +
      fold("M396 640L414 1060M564 640L546 1060", seam, 3, 0.45) +
      fold("M480 660V1068", seam, 3, 0.5);
    bottoms = legs(c, 3) + shoes(c, c.neutral) + cloth(c, straightLegs(452, 390), art);
  }
  const pockets =
    topstitch("M438 478Q446 520 400 540") +
    topstitch("M522 478Q514 520 560 540") +
    topstitch("M492 478V566Q492 590 474 596") +
    stroke("M438 476Q446 518 402 536M522 476Q514 518 558 536", seam, 3, ` stroke-opacity="0.6"`) +
    [
      [440, 482],
      [404, 536],
      [520, 482],
      [556, 536],
    ]
      .map(([cx, cy]) => el("circle", { cx: cx ?? 0, cy: cy ?? 0, r: 4, fill: G(c) }))
      .join("");
  const band = "M424 450Q480 456 536 450L538 478Q480 484 422 478Z";
  const loops = [432, 470, 528].map((x) =>
    el("rect", { x: x - 5, y: 446, width: 10, height: 36, rx: 3, fill: shade(p, 0.12), stroke: seam }),
  );
  return (
    bottoms +
    head(c) +
    tee(c) +
    cloth(c, band, topstitch("M424 456Q480 462 536 456") + topstitch("M423 472Q480 478 537 472")) +
    loops.join("") +
    pockets +
    el("circle", { cx: 480, cy: 464, r: 8, fill: G(c), stroke: shade(c.gold, 0.45) })
  );
}

/** A short kurti over a sharara, whose legs flare from a gota band at the knee, and a net dupatta. */
function sharara(c: Ctx): string {
  const fc = shade(c.pal.primary, 0.4);
  const kurti = bodice(316, "C394 430 392 480 390 530C386 600 380 660 374 716Q430 724 480 724");
  const kurtiArt =
    trim(c, neckTrim(318, 288), 12) +
    butis(c, "432 330 528 330 480 380") +
    trim(c, "M360 706Q480 722 600 706", 16) +
    fold("M432 520C428 600 424 660 420 712M528 520C532 600 536 660 540 712", fc) +
    buttons(c, [336, 366, 396]);
  // x on the left of the figure, or its mirror image on the right.
  const x = (v: number, s: number) => f(s < 0 ? v : 960 - v);
  const leg = (s: number) => {
    const d =
      `M${x(480, s)} 640L${x(402, s)} 640C${x(398, s)} 700 ${x(396, s)} 760 ${x(396, s)} 810` +
      `C${x(380, s)} 900 ${x(330, s)} 1000 ${x(292, s)} 1092Q${x(390, s)} 1106 ${x(476, s)} 1100` +
      `C${x(477, s)} 1000 ${x(478, s)} 900 ${x(478, s)} 820Z`;
    let gathers = "";
    for (let k = 0; k < 7; k++) gathers += fold(`M${x(402 + k * 12, s)} 830L${x(312 + k * 26, s)} 1096`, fc, 3, 0.35);
    const band = trim(c, `M${x(390, s)} 808L${x(482, s)} 812`, 26);
    const hem = trim(c, `M${x(290, s)} 1072Q${x(390, s)} 1086 ${x(478, s)} 1080`, 14);
    return cloth(c, d, gathers + band + hem);
  };
  // The net dupatta falls behind both shoulders, so the sharara's flare stays in view.
  const net = (s: number) =>
    cloth(
      c,
      poly(mirror(pts("436 262 392 272 376 300 356 560 336 820 404 830 420 560 446 300"), s)),
      trim(c, `M${x(340, s)} 816L${x(404, s)} 826`, 10),
    );
  return (
    el("g", { opacity: 0.55 }, both(net)) +
    shoes(c, c.gold) +
    leg(-1) +
    leg(1) +
    head(c) +
    arms(c) +
    sleeves(c, 4, 10) +
    cloth(c, kurti, kurtiArt) +
    slits(c, "387 620 371 720 399 724")
  );
}

function shirt(c: Ctx): string {
  const fc = shade(c.pal.primary, 0.38);
  const body = sym("480 276", "L462 262C430 264 372 270 344 300C346 400 350 520 352 640Q414 650 480 698");
  const art =
    fold("M400 420C396 520 398 600 404 670", fc) +
    fold("M560 420C564 520 562 600 556 670", fc) +
    el("path", {
      d: "M388 380h52v54q-26 10 -52 0Z",
      fill: "none",
      stroke: fc,
      "stroke-width": 2.5,
      "stroke-opacity": 0.6,
    }) +
    fold("M472 300L472 698M488 300L488 698", fc, 2, 0.5) +
    buttons(c, [330, 400, 470, 540, 610], c.neutral);
  const sleeve = (s: number) =>
    cloth(
      c,
      limb(mirror(pts("372 300 350 420 338 530 332 606"), s), [92, 78, 70, 64]),
      fold(s < 0 ? "M356 360L344 560" : "M604 360L616 560", fc),
    ) + cloth(c, limb(mirror(pts("332 600 329 646"), s), [60, 58]));
  const collar = (s: number) => cloth(c, poly(mirror(pts("462 250 418 268 440 322 480 302"), s)));
  return (
    legs(c) +
    shoes(c, shade(c.pal.secondary, 0.3)) +
    both((s) => cloth2(c, tube(LEG, [90, 66, 50, 46, 36], s))) +
    head(c) +
    arms(c) +
    both(sleeve) +
    cloth(c, body, art) +
    both(collar)
  );
}

const WIDE = sym(
  "480 452",
  "L424 452C400 500 392 540 390 580C370 760 346 960 336 1092L462 1096C466 900 472 720 480 630",
);
function wideLegs(c: Ctx, extra: string): string {
  const fc = shade(c.pal.primary, 0.4);
  const art =
    fold("M440 480L404 1090", fc) +
    fold("M520 480L556 1090", fc) +
    trim(c, "M420 462L540 462", 20, shade(c.pal.primary, 0.12));
  return shoes(c, shade(c.pal.secondary, 0.2)) + cloth(c, WIDE, art + extra);
}

/** A plain tucked-in tee in the studio neutral, so separates are judged on the bottom half alone. */
function tee(c: Ctx): string {
  const edge = shade(c.neutral, 0.35);
  const body = bodice(292, `${WF}C450 458 466 460 480 460`);
  return arms(c) + sleeves(c, 2, 10, 0, N(c), edge) + piece(c, body, N(c), { edge });
}

function coord(c: Ctx): string {
  if (has(c, "cardigan")) return cardiganSet(c);
  if (has(c, "shirt")) return shirtSet(c);
  const pc = c.pal.primary;
  const jacket = sym(
    "480 384",
    "C468 360 458 310 456 258C428 264 396 270 378 286C366 310 380 340 384 356Q380 400 378 440L480 442",
  );
  const lapel = (s: number) =>
    el("path", { d: poly(mirror(pts("456 262 436 300 462 320 480 384 466 318"), s)), fill: shade(pc, 0.14) });
  const art =
    both(lapel) +
    fold("M480 384L480 440", shade(pc, 0.4), 2) +
    buttons(c, [412], tint(c.pal.accent, 0.3)) +
    trim(c, "M370 434L590 434", 14, shade(pc, 0.12));
  const cami = sym("480 420", "L456 270C440 300 424 380 440 420");
  return (
    head(c) +
    skin(c, TORSO) +
    wideLegs(c, "") +
    piece(c, cami, S(c), { edge: shade(c.pal.secondary, 0.4) }) +
    arms(c) +
    sleeves(c, 3, 26, 16) +
    el("path", { d: "M378 442L582 442L584 452L376 452Z", fill: "#000000", opacity: 0.12 }) +
    cloth(c, jacket, art)
  );
}

/** Knit ribbing: a band of the cloth's colour, a little darker, with close vertical ribs. */
function ribbing(c: Ctx, d: string, x0: number, x1: number, y0: number, y1: number): string {
  let ribs = "";
  for (let x = x0; x <= x1; x += 9) ribs += `M${x} ${y0}V${y1}`;
  return piece(c, d, shade(c.pal.primary, 0.1), { inner: fold(ribs, shade(c.pal.primary, 0.45), 3, 0.4) });
}

/** A cropped V-neck cardigan with a buttoned placket and ribbed edges, over matching wide-leg trousers. */
function cardiganSet(c: Ctx): string {
  const pc = c.pal.primary;
  const body = sym("480 344", `C468 320 460 290 456 258${SH}${AH}C392 380 388 400 386 424L480 424`);
  const art =
    fold("M430 300C428 350 428 390 430 420M530 300C532 350 532 390 530 420", shade(pc, 0.3), 6, 0.25) +
    fold("M480 344V424", shade(pc, 0.45), 2) +
    stroke("M456 260C462 300 470 326 480 344C490 326 498 300 504 260", shade(pc, 0.12), 14) +
    buttons(c, [364, 390, 414], tint(c.pal.accent, 0.35));
  const cuffs = both((s) => ribbing(c, limb(mirror(pts("344 600 341 634"), s), [44, 42]), 300, 660, 590, 650));
  return (
    head(c) +
    skin(c, TORSO) +
    wideLegs(c, "") +
    piece(c, sym("480 430", "L456 270C444 300 438 380 440 430"), S(c), { edge: shade(c.pal.secondary, 0.4) }) +
    arms(c) +
    sleeves(c, 5, 22, 0) +
    cuffs +
    cloth(c, body, art) +
    ribbing(c, "M386 420H574L576 450H384Z", 384, 576, 418, 452)
  );
}

/** A boxy camp-collar shirt worn loose over drawstring trousers of the same cloth. */
function shirtSet(c: Ctx): string {
  const pc = c.pal.primary;
  const fc = shade(pc, 0.38);
  const body = sym("480 286", "L462 262C430 264 380 272 356 298C358 400 362 500 364 606Q420 612 480 612");
  const art =
    fold("M480 286V612", fc, 2, 0.5) +
    buttons(c, [330, 390, 450, 510, 570], c.neutral) +
    fold("M410 360C404 460 404 540 408 600M550 360C556 460 556 540 552 600", fc) +
    el("path", {
      d: "M392 360h50v46q-25 8 -50 0Z",
      fill: "none",
      stroke: fc,
      "stroke-width": 2.5,
      "stroke-opacity": 0.6,
    });
  const sleeve = (s: number) =>
    cloth(
      c,
      limb(mirror(pts("374 302 356 380 346 444"), s), [90, 82, 76]),
      fold(s < 0 ? "M350 432L392 420" : "M610 432L568 420", fc),
    );
  const collar = (s: number) => cloth(c, poly(mirror(pts("462 252 420 268 446 318 480 290"), s)));
  const cords =
    stroke("M468 612C466 630 462 646 458 668M492 612C494 632 500 648 506 670", tint(pc, 0.3), 5) +
    el("rect", { x: 452, y: 664, width: 10, height: 18, rx: 3, fill: shade(pc, 0.3) }) +
    el("rect", { x: 502, y: 666, width: 10, height: 18, rx: 3, fill: shade(pc, 0.3) });
  return head(c) + wideLegs(c, "") + arms(c) + both(sleeve) + cloth(c, body, art) + both(collar) + cords;
}

function trousers(c: Ctx): string {
  const pc = c.pal.primary;
  const fc = shade(pc, 0.45);
  const loops = [430, 470, 490, 530].map((x) =>
    el("rect", { x: x - 4, y: 450, width: 8, height: 26, fill: shade(pc, 0.2) }),
  );
  const pleats = fold("M404 480Q440 520 448 560", fc) + fold("M556 480Q520 520 512 560", fc);
  return head(c) + tee(c) + wideLegs(c, pleats + fold("M480 474L480 600", fc, 2) + loops.join(""));
}

function skirt(c: Ctx): string {
  const pc = c.pal.primary;
  const fc = shade(pc, 0.4);
  const base = legs(c) + shoes(c, shade(c.pal.secondary, 0.2)) + head(c);
  const band = trim(c, "M420 462L540 462", 22, shade(pc, 0.12));
  if (has(c, "lehenga")) {
    // A lehenga skirt: floor length, wide flare and a broad gota-patti border, with a cropped blouse.
    const sk = sym("480 448", `L426 448C396 500 300 800 196 1080${waves(196, 1080, 480, 1102, 5, 14)}`);
    const folds = [250, 330, 410, 550, 630, 710]
      .map((x) => fold(`M${f(430 + (x - 480) * 0.2)} 470Q${x} 800 ${f(x * 1.1 - 48)} 1090`, fc, 3, 0.3))
      .join("");
    const leaves = range(0, 15)
      .map((k) => {
        const x = 196 + k * 40;
        const y = 968 + ((x - 480) / 300) ** 2 * -70 + 40;
        return el("ellipse", {
          cx: x,
          cy: y,
          rx: 9,
          ry: 16,
          fill: tint(c.pal.accent, 0.2),
          transform: `rotate(${k % 2 ? 30 : -30} ${x} ${f(y)})`,
        });
      })
      .join("");
    const art =
      folds + trim(c, "M150 1044Q480 1134 810 1044", 60) + trim(c, "M170 960Q480 1046 790 960", 10) + leaves + band;
    const blouse = bodice(322, "C394 362 398 380 400 390C440 396 466 400 480 404");
    return (
      head(c) +
      skin(c, TORSO) +
      cloth(c, sk, art) +
      arms(c) +
      sleeves(c, 2, 10, 0, N(c), shade(c.neutral, 0.35)) +
      piece(c, blouse, N(c), { edge: shade(c.neutral, 0.35) })
    );
  }
  if (has(c, "satin")) {
    // Bias-cut satin: a narrow, fluid midi with light running down the folds instead of pleats.
    const sk = sym("480 450", `L426 450C412 560 406 760 396 990${waves(396, 990, 480, 998, 3, 8)}`);
    const sheen =
      fold("M446 480C452 640 440 820 424 990", "#ffffff", 30, 0.25) +
      fold("M520 490C528 640 534 820 540 990", "#ffffff", 14, 0.2) +
      fold("M480 480C486 660 486 820 480 996", fc, 4, 0.3) +
      fold("M420 560C416 700 412 860 406 990", fc, 3, 0.25);
    return base + tee(c) + cloth(c, sk, sheen + band);
  }
  if (has(c, "tiered")) {
    const [sk, tiers] = tieredSkirt(c, 450, 964, 54, 108, [620, 800]);
    const smocking = [456, 464, 472]
      .map((y) => stroke(`M420 ${y}${waves(420, y, 540, y, 12, 3)}`, shade(pc, 0.35), 2, ` stroke-opacity="0.7"`))
      .join("");
    return (
      base + tee(c) + cloth(c, sk, tiers + fold("M450 480L430 960M510 480L530 960", fc, 3, 0.25) + band + smocking)
    );
  }
  const mini = has(c, "mini");
  const [hx, hy] = mini ? [372, 660] : [352, 906];
  const sk = sym(
    "480 450",
    `L426 450C${mini ? "404 520 386 600" : "396 520 372 760"} ${hx} ${hy}${waves(hx, hy, 480, hy + 8, 7, -6)}`,
  );
  let pleats = "";
  for (let i = 0; i < 16; i++) {
    const [a, b] = [i / 16, (i + 1) / 16];
    const [w, y] = [mini ? 232 : 280, hy + 24];
    const q = pts(`${420 + 120 * a} 460 ${420 + 120 * b} 460 ${480 - w / 2 + w * b} ${y} ${480 - w / 2 + w * a} ${y}`);
    pleats += el("path", { d: poly(q), fill: i % 2 ? "#000000" : "#ffffff", opacity: i % 2 ? 0.1 : 0.06 });
  }
  return base + tee(c) + cloth(c, sk, pleats + band);
}

type Box = readonly [number, number, number, number];
/** `boxes` gives a tighter box for details that change the drawing's extent (three small rings, not one big one). */
type Spec = {
  draw: Draw;
  box: Box;
  focus: readonly [number, number, number];
  boxes?: Partial<Record<Detail, Box>>;
};
const worn = (draw: Draw, focus: Spec["focus"], w = 190): Spec => ({
  draw,
  box: [480 - w, 88, 480 + w, 1116],
  focus,
});
const toBox = (box: string): Box => {
  const [x0 = 0, y0 = 0, x1 = 960, y1 = 1200] = box.split(" ").map(Number);
  return [x0, y0, x1, y1];
};
const flat = (draw: Draw, box: string, focus: Spec["focus"], boxes: Partial<Record<Detail, string>> = {}): Spec => ({
  draw,
  box: toBox(box),
  focus,
  boxes: Object.fromEntries(Object.entries(boxes).map(([d, b]) => [d, toBox(b)])),
});

/** Drawing, bounding box in drawing units, and the point and zoom of the "detail" crop. */
const SPECS: Record<ArtKind, Spec> = {
  suit: worn(suit, [480, 350, 2.3]),
  kurta: worn(kurta, [480, 350, 2.5]),
  anarkali: worn(anarkali, [480, 420, 1.9], 300),
  saree: worn(saree, [510, 420, 2.1]),
  lehenga: worn(lehenga, [480, 960, 2], 300),
  dress: worn(dress, [480, 470, 2.1]),
  top: worn(top, [480, 420, 2.3]),
  shirt: worn(shirt, [480, 380, 2.3]),
  coord: worn(coord, [480, 420, 2.1]),
  trousers: worn(trousers, [480, 560, 2.1]),
  skirt: worn(skirt, [480, 600, 2.1]),
  sharara: worn(sharara, [480, 820, 2]),
  jeans: worn(jeans, [480, 540, 2.2]),
  tshirt: worn(tshirt, [480, 400, 2.1]),
  tote: flat(tote, "262 220 698 912", [480, 540, 2]),
  clutch: flat(clutch, "250 270 710 810", [480, 660, 2.2]),
  sling: flat(sling, "300 150 660 860", [480, 720, 2.2]),
  jhumka: flat(jhumka, "188 226 776 736", [350, 520, 2]),
  necklace: flat(necklace, "236 100 724 810", [480, 680, 2.2], { choker: "236 100 724 750", pearl: "236 110 724 700" }),
  bangles: flat(bangles, "270 396 690 730", [480, 640, 2]),
  ring: flat(ring, "330 426 630 870", [480, 530, 2.2], { stack: "270 500 690 796" }),
  maangtikka: flat(maangtikka, "312 114 648 912", [480, 700, 2]),
  scarf: flat(scarf, "164 284 796 916", [480, 600, 2]),
  sunglasses: flat(sunglasses, "170 500 790 680", [360, 600, 2.2]),
  belt: flat(belt, "196 448 764 794", [480, 710, 2.4], { chain: "214 500 758 800" }),
  hairclip: flat(hairclip, "240 320 820 880", [440, 560, 1.8]),
  watch: flat(watch, "312 218 676 994", [480, 600, 2.2]),
  jutti: flat(jutti, "220 654 768 878", [560, 800, 2]),
  stole: flat(stole, "206 270 754 1076", [470, 900, 2.2]),
  potli: flat(potli, "280 240 680 850", [480, 660, 2]),
  keychain: flat(keychain, "350 180 690 790", [480, 560, 1.8]),
  scrunchies: flat(scrunchies, "250 350 740 840", [380, 500, 2]),
  chandbali: flat(chandbali, "180 196 784 682", [350, 480, 2]),
  bandana: flat(bandana, "180 290 800 880", [420, 640, 2]),
  kolhapuri: flat(kolhapuri, "280 370 690 840", [390, 560, 2]),
  baguette: flat(baguette, "250 330 710 740", [480, 600, 2.2]),
};

export const ART_KINDS = Object.keys(SPECS) as readonly ArtKind[];
/** The box the drawing of this kind, with the context's details, stays inside. */
function boxOf(kind: ArtKind, c: Ctx): Box {
  const { box, boxes = {} } = SPECS[kind];
  for (const d of c.details) {
    const own = boxes[d];
    if (own) return own;
  }
  return box;
}

/**
 * The drawing alone, unscaled on a transparent canvas, and the box (in the same units) that a flat-lay must
 * stay inside: its drop shadow, and so its visible area, is cut to that box.
 */
export function bareArt(
  kind: ArtKind,
  palette: Palette,
  pattern: Pattern = "plain",
  look: Look = {},
): { svg: string; box: readonly [number, number, number, number] } {
  const c = makeCtx("b", palette, pattern, look);
  const body = SPECS[kind].draw(c);
  return { svg: svgDoc(960, 1200, c.defs, body), box: boxOf(kind, c) };
}
/** Worn pieces stand on the mannequin; everything else is shown as a flat-lay. */
export const isWorn = (kind: ArtKind): boolean => SPECS[kind].box[3] === 1116;

/** Drawing units to output pixels: output = drawing × s + (x, y). */
type Fit = { s: number; x: number; y: number };
const SAME: Fit = { s: 1, x: 0, y: 0 };
/** Scales in sixteenths and whole-pixel offsets keep pattern fills on librsvg's fast path (see `snap`). */
function fitBox(kind: ArtKind, c: Ctx, cx: number, cy: number, w: number, h: number): Fit {
  const [x0, y0, x1, y1] = boxOf(kind, c);
  const s = snap(Math.min(w / (x1 - x0), h / (y1 - y0)));
  return { s, x: Math.round(cx - ((x0 + x1) / 2) * s), y: Math.round(cy - ((y0 + y1) / 2) * s) };
}
/** Flat-lays are drawn at whatever size was natural; on the product card they all fill the same frame. */
const frame = (kind: ArtKind, c: Ctx): Fit => (isWorn(kind) ? SAME : fitBox(kind, c, 480, 600, 700, 720));

/** The item with its own grounding: a floor shadow for worn pieces, a drop shadow for flat-lays. */
function itemArt(kind: ArtKind, c: Ctx, t: Fit, canvas: readonly [number, number] = [960, 1200]): string {
  const { draw } = SPECS[kind];
  const box = boxOf(kind, c);
  const art = isWorn(kind) ? floorShadow(c, 480, 1112, 220, 24) + draw(c) : draw(c);
  const placed = t === SAME ? art : el("g", { transform: `translate(${t.x} ${t.y}) scale(${t.s})` }, art);
  if (isWorn(kind)) return placed;
  const out = box.map((v, i) => v * t.s + (i % 2 ? t.y : t.x));
  return el("g", { filter: dropShadow(c, out, t.s, ...canvas) }, placed);
}

/** Draws one item scaled to about `height`, standing with its base centred on (cx, bottom). */
export function placeItem(
  kind: ArtKind,
  palette: Palette,
  pattern: Pattern,
  id: string,
  at: { cx: number; bottom: number; height: number; rotate?: number },
  look: Look = {},
): { defs: string[]; svg: string } {
  const c = makeCtx(id, palette, pattern, look);
  const [x0, y0, x1, y1] = boxOf(kind, c);
  const s = snap(Math.min(at.height / (y1 - y0), (at.height * 1.3) / (x1 - x0)));
  const t = { s, x: Math.round(at.cx - ((x0 + x1) / 2) * s), y: Math.round(at.bottom - y1 * s) };
  const art = itemArt(kind, c, t, [4000, 4000]);
  const turn = at.rotate ? `rotate(${at.rotate} ${f(at.cx)} ${f(at.bottom)})` : "";
  return { defs: c.defs, svg: turn ? el("g", { transform: turn }, art) : art };
}

/** Soft studio sweep: a lit centre fading to the wall colour, and a slightly darker floor. */
function studio(c: Ctx, w: number, h: number, bg: string, floorAt = 0.86): string {
  const dark = luma(bg) < 0.3;
  const [glow, floor] = [uid(c, "glow"), uid(c, "floor")];
  const stop = (o: number, col: string) => el("stop", { offset: o, "stop-color": col });
  c.defs.push(
    el("radialGradient", { id: glow, cy: 0.42, r: 0.62 }, stop(0, tint(bg, dark ? 0.12 : 0.5)) + stop(1, bg)),
    el(
      "linearGradient",
      { id: floor, x1: 0, y1: 0, x2: 0, y2: 1 },
      stop(0, shade(bg, 0.06)) + stop(1, shade(bg, 0.12)),
    ),
  );
  const fh = h * (1 - floorAt);
  const ground = floorAt < 1 ? el("rect", { y: h - fh, width: w, height: fh, fill: `url(#${floor})` }) : "";
  return el("rect", { width: w, height: h, fill: `url(#${glow})` }) + ground;
}

/** What each product is photographed with in its "styled" shot. */
const COMPANION: Record<ArtKind, ArtKind> = {
  suit: "clutch",
  kurta: "jutti",
  anarkali: "jhumka",
  saree: "bangles",
  lehenga: "necklace",
  dress: "sling",
  top: "sunglasses",
  shirt: "tote",
  coord: "sling",
  trousers: "belt",
  skirt: "hairclip",
  tote: "sunglasses",
  clutch: "jhumka",
  sling: "watch",
  jhumka: "ring",
  necklace: "jhumka",
  bangles: "ring",
  ring: "bangles",
  maangtikka: "jhumka",
  scarf: "sunglasses",
  sunglasses: "scarf",
  belt: "watch",
  hairclip: "scarf",
  watch: "ring",
  jutti: "clutch",
  stole: "jhumka",
  sharara: "jhumka",
  jeans: "sunglasses",
  tshirt: "sunglasses",
  potli: "jhumka",
  keychain: "sunglasses",
  scrunchies: "hairclip",
  chandbali: "bangles",
  bandana: "sunglasses",
  kolhapuri: "tote",
  baguette: "sunglasses",
};

function petals(c: Ctx, key: string): string {
  const rnd = seeded(key);
  let out = "";
  for (let i = 0; i < 14; i++) {
    const [x, y] = [80 + rnd() * 800, 140 + rnd() * 960];
    const [rx, ry, rot] = [8 + rnd() * 8, 5 + rnd() * 4, f(rnd() * 180)];
    if (Math.hypot(x - 480, y - 600) < 330) continue;
    const fill = i % 3 ? c.pal.accent : tint(c.pal.primary, 0.2);
    const transform = `rotate(${rot} ${f(x)} ${f(y)})`;
    out += el("ellipse", { cx: x, cy: y, rx, ry, fill, opacity: 0.8, transform });
  }
  return out;
}

function styled(kind: ArtKind, c: Ctx, pattern: Pattern): string {
  const pal = c.pal;
  const bg = mix(pal.background, pal.secondary, luma(pal.background) < 0.3 ? 0.1 : 0.16);
  const mate: Palette = { ...pal, primary: pal.secondary, secondary: pal.primary };
  const worn = isWorn(kind);
  const at = worn ? { cx: 770, bottom: 890, height: 150 } : { cx: 780, bottom: 1110, height: 200, rotate: 8 };
  const comp = placeItem(COMPANION[kind], mate, "plain", `${c.id}m`, at, { metal: c.metal });
  c.defs.push(...comp.defs);
  let out = studio(c, 960, 1200, bg, 0.88);
  if (worn) {
    out +=
      el("path", { d: arch(410, 1056, 560, 110), fill: tint(bg, 0.28) }) +
      el("path", { d: arch(410, 1056, 520, 140), fill: "none", stroke: shade(bg, 0.1), "stroke-width": 3 }) +
      itemArt(kind, c, { s: 0.875, x: -10, y: 129 }) +
      plinth(c, 770, 890, 200, 190, tint(bg, 0.35));
  } else {
    // A silk runner crossing the frame gives the flat-lay a surface without boxing it in.
    const runner =
      "M-40 880C200 800 400 700 540 500C640 360 780 300 1000 270V620C820 650 720 720 640 840" +
      "C520 1000 300 1100 -40 1150Z";
    const runnerArt =
      trim(c, "M-40 900C200 820 400 720 540 520C640 380 780 320 1000 290", 22) +
      trim(c, "M-40 1130C300 1080 520 980 640 820C720 700 820 630 1000 600", 22) +
      fold("M-40 1010C260 950 460 850 590 670C690 520 800 460 1000 440", shade(pal.secondary, 0.3), 6, 0.25);
    out +=
      el("circle", { cx: 480, cy: 560, r: 420, fill: tint(bg, 0.3) }) +
      el("path", { d: runner, fill: "#000000", opacity: 0.1, transform: "translate(8 14)" }) +
      piece(c, runner, S(c), { edge: shade(pal.secondary, 0.4), inner: runnerArt }) +
      petals(c, `${kind}|${pal.primary}|${pattern}`) +
      itemArt(kind, c, fitBox(kind, c, 480, 610, 560, 580));
  }
  return out + comp.svg;
}

export function productArt(kind: ArtKind, palette: Palette, view: ArtView, pattern?: Pattern, look: Look = {}): string {
  const c = makeCtx("a", palette, pattern ?? "plain", look);
  if (view === "styled") return svgDoc(960, 1200, c.defs, styled(kind, c, c.pattern));
  let body = studio(c, 960, 1200, palette.background, isWorn(kind) ? 0.86 : 1);
  if (view === "front") body += itemArt(kind, c, frame(kind, c));
  else {
    const [x, y, z] = SPECS[kind].focus;
    const s = snap(z * frame(kind, c).s);
    body += itemArt(kind, c, { s, x: Math.round(480 - x * s), y: Math.round(600 - y * s) });
  }
  return svgDoc(960, 1200, c.defs, body);
}

const pal = (background: string, primary: string, secondary: string, accent: string): Palette => ({
  background,
  primary,
  secondary,
  accent,
});

/** Studio-friendly pairings: each background is pale enough (or dark enough) to keep the garment the hero. */
export const PALETTES: readonly Palette[] = [
  pal("#fbf1e1", "#e9892f", "#8c1d2f", "#d6a546"),
  pal("#fbe9ef", "#d6246e", "#f4c15d", "#c99a2e"),
  pal("#e6f1ea", "#11694f", "#f3e5c4", "#c9a23f"),
  pal("#e9edf6", "#2b3f7e", "#f5efe3", "#c8a24a"),
  pal("#f8f1dc", "#d9a520", "#3c5a3a", "#8a4b1c"),
  pal("#e9dfd0", "#fbf5ea", "#c8a25a", "#b08432"),
  pal("#f5e6e3", "#7d1c2c", "#e9c48a", "#d0a440"),
  pal("#e1f0f0", "#137a7f", "#f2d5c4", "#c99b3b"),
  pal("#fcefec", "#efb5b0", "#8d5a6b", "#c9a15a"),
  pal("#edf6f0", "#9fd8bd", "#f6f1e6", "#c98b3a"),
  pal("#f3eefa", "#b59ad8", "#5a3f7a", "#d4b36a"),
  pal("#2c2622", "#141414", "#d4af37", "#e6c468"),
  pal("#e5eef3", "#0f5d73", "#6b2d5c", "#d4aa3f"),
  pal("#fdf0ea", "#ee6f57", "#2f4858", "#e2b04a"),
  pal("#eff2ea", "#9cae8a", "#f8f3e8", "#b07d4a"),
  pal("#f7e9ea", "#5e1a2e", "#f1c3c8", "#c9a24a"),
  pal("#fbf4df", "#e5b22b", "#243a73", "#b5462a"),
  pal("#edf3f8", "#a9c6e2", "#1f3553", "#c9a45a"),
  pal("#f6ebe2", "#b4532a", "#f3dfc1", "#2e4a3f"),
  pal("#fde9ef", "#b0175a", "#f28c28", "#e3b548"),
  pal("#f1f0e4", "#6b7236", "#ead9b5", "#b8862d"),
  pal("#e9e9ec", "#33343a", "#c9ccd3", "#a9adb6"),
  pal("#f2e9f0", "#6d2b5e", "#f1d18a", "#d1a341"),
  pal("#fbf8e3", "#f2d64b", "#2f6a5a", "#c2872e"),
  pal("#e8ecf2", "#1c2b4a", "#f5f5f0", "#c7a14a"),
  pal("#fdf1e8", "#f6b48f", "#4a6b5d", "#c8954a"),
  pal("#f8e7e4", "#b3122b", "#f1c24e", "#d4a43a"),
  pal("#f5ebea", "#c98b8b", "#3d3b4f", "#b8915a"),
  // Named colours and materials, for products whose titles call for them (indices 28 onwards).
  pal("#e2f3f1", "#1fa9a4", "#f7f1e4", "#efe3c8"), // 28 firozi (turquoise) with cream lace
  pal("#f3eee6", "#d8c7a6", "#f8f4ec", "#a88a5c"), // 29 oat linen
  pal("#f2eee9", "#e3cb9c", "#3d3b4f", "#c9a45a"), // 30 champagne satin
  pal("#eceae6", "#2f2f33", "#5b7396", "#9ea3ab"), // 31 washed black
  pal("#eaf0f6", "#5a7fb0", "#f5f3ee", "#d08b3c"), // 32 mid-blue denim, copper topstitching
  pal("#e9edf3", "#24375a", "#f5f3ee", "#c9843a"), // 33 dark-rinse denim
  pal("#f7ebe7", "#d39a86", "#fbf6f2", "#b0705c"), // 34 rose gold
  pal("#f6efe6", "#7a4a26", "#3b2a1e", "#d9a050"), // 35 tortoiseshell
  pal("#ecebe8", "#6f737a", "#b9bcc1", "#4f5359"), // 36 oxidised silver
  pal("#e8edf3", "#9aa3b0", "#dfe4ea", "#7b8593"), // 37 sterling silver
  pal("#e8edf5", "#22386e", "#f4f1ea", "#f4f1ea"), // 38 indigo and white
  pal("#f5ece0", "#b87a3e", "#7a4a26", "#d8a860"), // 39 natural leather
  pal("#f3ebe3", "#8b5a3c", "#6a4028", "#c9a45a"), // 40 cognac leather
  pal("#eeebe3", "#e2d6bb", "#7a4a2a", "#2f4858"), // 41 canvas with leather handles
  pal("#eef2f7", "#f7f5ef", "#1f3553", "#1f3553"), // 42 Breton: white with navy stripes
  pal("#f6ebe8", "#b3202a", "#1f3553", "#f4efe6"), // 43 bandana red and navy
  pal("#f3eef0", "#7d1c3c", "#11694f", "#2b3f7e"), // 44 jewel tones: ruby, emerald, sapphire
  pal("#fbf0f3", "#c2185b", "#1b7a5a", "#d4a43a"), // 45 meenakari pink and green enamel
  pal("#fdeef2", "#e2708f", "#fbf3e8", "#c9a24a"), // 46 gulabi (rose pink)
  pal("#ebe4d8", "#f8f3e8", "#d8ccb4", "#e3d5bb"), // 47 ivory on ivory (chikankari)
];
