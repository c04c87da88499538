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
  hairclip,
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
  ring,
  S,
  scarf,
  seeded,
  shade,
  sling,
  smooth,
  snap,
  stole,
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
  | "stole";
export type Palette = { background: string; primary: string; secondary: string; accent: string };
export type ArtView = "front" | "detail" | "styled";
export type Pattern = "plain" | "dots" | "stripes" | "paisley" | "floral" | "checks";

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
const legs = (c: Ctx): string => both((s) => skin(c, tube(LEG, LEG_W, s)));
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
  const pants = both((s) => cloth2(c, tube(LEG, [102, 80, 60, 56, 42], s)));
  return (
    legs(c) +
    pants +
    shoes(c, c.gold) +
    head(c) +
    arms(c) +
    sleeves(c, 4, 14) +
    cloth(c, body, inner) +
    slits(c, "387 690 363 848 399 854")
  );
}

function suit(c: Ctx): string {
  const sec = c.pal.secondary;
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
  const pantHem = (s: number) => trim(c, across(mirror(LEG, s), 4, 80, 16), 16);
  const pants = both((s) => cloth2(c, tube(LEG, [104, 88, 74, 70, 66], s), pantHem(s)));
  const dupBack = cloth2(
    c,
    "M556 266C590 260 612 280 620 310C632 520 648 760 662 990L602 1000C590 780 578 520 560 300Z",
    trim(c, "M621 316C633 520 648 760 660 994", 14),
  );
  const frontArt =
    trim(c, "M445 300C430 520 422 780 426 1020", 14) +
    trim(c, "M344 1010L428 1020", 14) +
    fold("M408 330C396 520 388 760 386 1000", shade(sec, 0.4), 4);
  const dupFront = cloth2(
    c,
    "M452 260C424 254 394 262 380 290C366 520 352 780 344 1012L428 1022C424 780 432 520 448 300Z",
    frontArt,
  );
  const tassels = [349, 424, 605, 659].map((x, i) =>
    el("path", { d: `M${x} ${i < 2 ? 1014 : 996}l-6 30h12Z`, fill: c.gold }),
  );
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
    el("g", { opacity: 0.93 }, dupFront) +
    tassels.join("")
  );
}

function anarkali(c: Ctx): string {
  const top = bodice(322, "C396 372 412 396 416 408C440 410 460 410 480 410");
  const skirt = sym("480 400", `L418 400C340 600 250 860 196 1074${waves(196, 1074, 480, 1100, 5, 16)}`);
  const light = tint(c.pal.primary, 0.5);
  let panels = "";
  for (let i = 0; i < 22; i++) {
    const [a, b] = [i / 22, (i + 1) / 22];
    const q = pts(`${418 + 124 * a} 400 ${418 + 124 * b} 400 ${170 + 620 * b} 1110 ${170 + 620 * a} 1110`);
    const line = `M${f(418 + 124 * a)} 400L${f(170 + 620 * a)} 1110`;
    panels += i % 2 ? el("path", { d: poly(q), fill: "#000", opacity: 0.07 }) : fold(line, light, 2, 0.4);
  }
  const hem =
    trim(c, "M150 1030Q480 1124 810 1030", 42) +
    trim(c, "M170 966Q480 1050 790 966", 8) +
    trim(c, "M210 900Q480 970 750 900", 5);
  const topArt =
    trim(c, neckTrim(324, 290), 12) + butis(c, "430 330 530 330 480 372") + trim(c, "M400 404L560 404", 16);
  return head(c) + cloth(c, skirt, panels + hem) + arms(c) + sleeves(c, 5, 8) + cloth(c, top, topArt);
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
function dress(c: Ctx): string {
  const fc = shade(c.pal.primary, 0.4);
  const top = sym("480 372", `C470 350 460 300 456 258${SH}${AH}${WF}C450 456 466 458 480 458`);
  const skirt = sym("480 450", `L428 450C404 600 356 760 322 884${waves(322, 884, 480, 898, 3, 12)}`);
  const folds = [360, 410, 550, 600]
    .map((x) => {
      const dx = x - 480;
      return fold(`M${f(480 + dx * 0.2)} 470Q${f(x + dx * 0.1)} 700 ${f(480 + dx * 1.25)} 884`, fc, 3, 0.35);
    })
    .join("");
  const belt =
    el("path", { d: "M424 444Q480 452 536 444L537 464Q480 472 423 464Z", fill: c.pal.secondary }) +
    el("rect", { ...BUCKLE, fill: "none", stroke: c.gold, "stroke-width": 5 });
  const flutter = pts("398 266 370 280 350 318 332 366 352 372 372 364 394 374 406 330");
  const frill = (s: number) => fold(s < 0 ? "M372 300L356 360" : "M588 300L604 360", fc);
  return (
    legs(c) +
    shoes(c, shade(c.pal.secondary, 0.1)) +
    head(c) +
    skin(c, "M452 256L508 256L480 386Z") +
    cloth(c, skirt, folds) +
    arms(c) +
    both((s) => cloth(c, smooth(mirror(flutter, s)), frill(s))) +
    cloth(c, top, fold("M480 372L480 452", fc, 2)) +
    belt
  );
}

function top(c: Ctx): string {
  const pc = c.pal.primary;
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
  const denim = mix("#4f6a8f", c.pal.background, 0.2);
  const seam = shade(denim, 0.35);
  const hips = sym("480 468", "L428 468C400 510 392 550 392 590C420 620 460 626 480 626");
  const jeans =
    both((s) => piece(c, tube(LEG, [100, 78, 60, 58, 54], s), denim, { edge: seam })) +
    piece(c, hips, denim, { edge: seam, inner: fold("M480 470L480 560", seam, 2, 0.6) });
  return (
    legs(c) +
    shoes(c, c.neutral) +
    jeans +
    head(c) +
    skin(c, "M446 256H514V320H446Z") +
    cloth(c, body, art) +
    arms(c) +
    both(puff)
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
  const sk = sym("480 450", `L426 450C396 520 372 760 352 906${waves(352, 906, 480, 914, 7, -6)}`);
  let pleats = "";
  for (let i = 0; i < 16; i++) {
    const [a, b] = [i / 16, (i + 1) / 16];
    const q = pts(`${420 + 120 * a} 460 ${420 + 120 * b} 460 ${340 + 280 * b} 930 ${340 + 280 * a} 930`);
    pleats += el("path", { d: poly(q), fill: i % 2 ? "#000000" : "#ffffff", opacity: i % 2 ? 0.1 : 0.06 });
  }
  const band = trim(c, "M420 462L540 462", 22, shade(c.pal.primary, 0.12));
  return legs(c) + shoes(c, shade(c.pal.secondary, 0.2)) + head(c) + tee(c) + cloth(c, sk, pleats + band);
}

type Box = readonly [number, number, number, number];
type Spec = { draw: Draw; box: Box; focus: readonly [number, number, number] };
const worn = (draw: Draw, focus: Spec["focus"], w = 190): Spec => ({
  draw,
  box: [480 - w, 88, 480 + w, 1116],
  focus,
});
const flat = (draw: Draw, box: string, focus: Spec["focus"]): Spec => {
  const [x0 = 0, y0 = 0, x1 = 960, y1 = 1200] = box.split(" ").map(Number);
  return { draw, box: [x0, y0, x1, y1], focus };
};

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
  tote: flat(tote, "262 220 698 912", [480, 540, 2]),
  clutch: flat(clutch, "250 300 710 790", [480, 660, 2.2]),
  sling: flat(sling, "300 160 660 850", [480, 720, 2.2]),
  jhumka: flat(jhumka, "218 226 744 724", [350, 520, 2]),
  necklace: flat(necklace, "236 108 724 800", [480, 680, 2.2]),
  bangles: flat(bangles, "270 396 690 730", [480, 640, 2]),
  ring: flat(ring, "330 426 630 870", [480, 530, 2.2]),
  maangtikka: flat(maangtikka, "312 114 648 912", [480, 700, 2]),
  scarf: flat(scarf, "169 289 791 830", [480, 600, 2]),
  sunglasses: flat(sunglasses, "170 530 790 670", [360, 600, 2.2]),
  belt: flat(belt, "216 470 744 780", [480, 710, 2.4]),
  hairclip: flat(hairclip, "286 354 700 880", [480, 600, 1.8]),
  watch: flat(watch, "404 222 666 990", [480, 600, 2.2]),
  jutti: flat(jutti, "228 680 762 872", [560, 800, 2]),
  stole: flat(stole, "206 270 754 1076", [470, 900, 2.2]),
};

export const ART_KINDS = Object.keys(SPECS) as readonly ArtKind[];
/** Worn pieces stand on the mannequin; everything else is shown as a flat-lay. */
export const isWorn = (kind: ArtKind): boolean => SPECS[kind].box[3] === 1116;

/** Drawing units to output pixels: output = drawing × s + (x, y). */
type Fit = { s: number; x: number; y: number };
const SAME: Fit = { s: 1, x: 0, y: 0 };
/** Scales in sixteenths and whole-pixel offsets keep pattern fills on librsvg's fast path (see `snap`). */
function fitBox(kind: ArtKind, cx: number, cy: number, w: number, h: number): Fit {
  const [x0, y0, x1, y1] = SPECS[kind].box;
  const s = snap(Math.min(w / (x1 - x0), h / (y1 - y0)));
  return { s, x: Math.round(cx - ((x0 + x1) / 2) * s), y: Math.round(cy - ((y0 + y1) / 2) * s) };
}
/** Flat-lays are drawn at whatever size was natural; on the product card they all fill the same frame. */
const frame = (kind: ArtKind): Fit => (isWorn(kind) ? SAME : fitBox(kind, 480, 600, 700, 720));

/** The item with its own grounding: a floor shadow for worn pieces, a drop shadow for flat-lays. */
function itemArt(kind: ArtKind, c: Ctx, t: Fit, canvas: readonly [number, number] = [960, 1200]): string {
  const { draw, box } = SPECS[kind];
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
): { defs: string[]; svg: string } {
  const c = makeCtx(id, palette, pattern);
  const [x0, y0, x1, y1] = SPECS[kind].box;
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
  const comp = placeItem(COMPANION[kind], mate, "plain", `${c.id}m`, at);
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
      itemArt(kind, c, fitBox(kind, 480, 610, 560, 580));
  }
  return out + comp.svg;
}

export function productArt(kind: ArtKind, palette: Palette, view: ArtView, pattern?: Pattern): string {
  const c = makeCtx("a", palette, pattern ?? "plain");
  if (view === "styled") return svgDoc(960, 1200, c.defs, styled(kind, c, c.pattern));
  let body = studio(c, 960, 1200, palette.background, isWorn(kind) ? 0.86 : 1);
  if (view === "front") body += itemArt(kind, c, frame(kind));
  else {
    const [x, y, z] = SPECS[kind].focus;
    const s = snap(z * frame(kind).s);
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
];
