import {
  buti,
  type Ctx,
  el,
  f,
  fold,
  G,
  gem,
  mix,
  P,
  type Pt,
  pearl,
  piece,
  polar,
  pts,
  range,
  S,
  seeded,
  shade,
  smooth,
  stitch,
  strap,
  stroke,
  tint,
  trim,
  uid,
} from "./shapes.ts";

/** A twisted cord: dark core, the colour, and a highlight that spirals along it. */
const cord = (d: string, col: string, w: number): string =>
  stroke(d, shade(col, 0.4), w + 4) + stroke(d, col, w) + stroke(d, tint(col, 0.5), w * 0.4, ` stroke-dasharray="3 9"`);

function tassel(c: Ctx, x: number, y: number, col: string): string {
  const threads = range(-3, 3).map((k) => stroke(`M${x + k * 3} ${y + 14}l${k * 2} 44`, shade(col, 0.1), 3));
  return (
    threads.join("") +
    el("path", { d: `M${x - 9} ${y + 16}Q${x} ${y - 16} ${x + 9} ${y + 16}Z`, fill: G(c), stroke: shade(c.gold, 0.4) })
  );
}

/** The drawstring potli: a ruffled head, a gathered neck, a round embroidered body and tasselled cords. */
export function potli(c: Ctx): string {
  const [sec, acc] = [c.pal.secondary, c.pal.accent];
  let head = "M420 458C404 434 398 408 404 386";
  for (let i = 0; i < 6; i++) {
    const [x0, x1] = [404 + i * 25.3, 404 + (i + 1) * 25.3];
    head += `Q${f((x0 + x1) / 2)} ${i % 2 ? 356 : 362} ${f(x1)} 386`;
  }
  head += "C562 408 556 434 540 458Z";
  const body =
    "M424 452C340 488 296 580 300 680C304 780 390 832 480 832C570 832 656 780 660 680C664 580 620 488 536 452Z";
  const fc = shade(c.pal.primary, 0.4);
  const gathers = range(0, 6)
    .map((k) => {
      const x = 436 + k * 15;
      return fold(`M${x} 466Q${f(x + (x - 480) * 0.6)} 520 ${f(480 + (x - 480) * 3.4)} 600`, fc, 3, 0.35);
    })
    .join("");
  const beads = range(0, 12).map((k) => {
    const [x, y] = polar(480, 680, 170, 150, 20 + k * 11.7);
    return k % 2 ? gem(c, x, y + 6, 5, sec) : pearl(x, y + 6, 7);
  });
  const inner =
    gathers +
    trim(c, "M306 612Q480 668 654 612", 18) +
    trim(c, "M322 752Q480 800 638 752", 10) +
    el("circle", { cx: 480, cy: 690, r: 50, fill: shade(c.pal.primary, 0.15), opacity: 0.5 }) +
    buti(480, 690, 26, acc, tint(acc, 0.5)) +
    [380, 580].map((x) => buti(x, 686, 12, acc, sec)).join("") +
    fold("M340 560C320 640 330 730 380 790", "#ffffff", 18, 0.12);
  const headArt = range(0, 5)
    .map((k) => fold(`M${416 + k * 32} 452L${412 + k * 34} 392`, fc, 3, 0.35))
    .join("");
  return (
    cord("M448 456C400 330 430 258 480 256C530 258 560 330 512 456", sec, 10) +
    piece(c, head, P(c), { pat: true, inner: headArt }) +
    piece(c, body, P(c), { pat: true, inner }) +
    beads.join("") +
    el("ellipse", { cx: 480, cy: 456, rx: 62, ry: 15, fill: G(c), stroke: shade(c.gold, 0.4) }) +
    cord("M444 462C420 480 396 500 384 536M516 462C540 480 564 500 576 536", sec, 7) +
    tassel(c, 384, 532, acc) +
    tassel(c, 576, 532, acc)
  );
}

/** A small potli on a chain and split ring, with a key on the ring so it reads as a keychain at a glance. */
export function keychain(c: Ctx): string {
  const g = c.gold;
  // A split ring is two turns of flat wire.
  const ring = (r: number) =>
    el("circle", { cx: 480, cy: 246, r, fill: "none", stroke: shade(g, 0.4), "stroke-width": 9 }) +
    el("circle", { cx: 480, cy: 246, r, fill: "none", stroke: G(c), "stroke-width": 6 });
  const links = range(0, 4).map((k) => {
    const y = 318 + k * 20;
    const [rx, ry] = k % 2 ? [4, 12] : [9, 12];
    return el("ellipse", { cx: 480, cy: y, rx, ry, fill: "none", stroke: G(c), "stroke-width": 5 });
  });
  const key =
    "M0 -40A40 40 0 1 1 0 40A40 40 0 1 1 0 -40ZM0 -14A14 14 0 1 0 0 14A14 14 0 1 0 0 -14Z" +
    "M34 -11H196V11H184V38H168V11H152V30H138V11H34Z";
  return (
    el(
      "g",
      { transform: "translate(524 284) rotate(52)" },
      el("path", { d: key, fill: G(c), "fill-rule": "evenodd", stroke: shade(g, 0.45), "stroke-width": 2 }),
    ) +
    ring(58) +
    ring(51) +
    stroke("M426 238A56 56 0 0 1 470 190", tint(g, 0.6), 3) +
    links.join("") +
    el("rect", { x: 466, y: 384, width: 28, height: 36, rx: 12, fill: G(c), stroke: shade(g, 0.4) }) +
    el("g", { transform: "translate(182.4 258) scale(0.62)" }, potli(c))
  );
}

/** One velvet scrunchie: a puffed ring of fabric gathered on elastic, the light caught on every gather. */
function scrunchie(c: Ctx, cx: number, cy: number, r: number, col: string, turn: number): string {
  const rnd = seeded(`scrunchie${col}${turn}`);
  const ringAt = (rad: number, n: number, dip: number): string =>
    smooth(
      range(0, n * 2 - 1).map((k): Pt => {
        const t = ((k * 180) / n + turn) * (Math.PI / 180);
        const rr = rad * (k % 2 ? 1 - dip - rnd() * dip : 1 + rnd() * dip * 0.5);
        return [cx + Math.cos(t) * rr, cy + Math.sin(t) * rr * 0.9];
      }),
    );
  const d = ringAt(r, 26, 0.03) + ringAt(r * 0.3, 10, 0.1);
  const [grad, clip] = [uid(c, "vel"), uid(c, "c")];
  const stop = (o: number, col2: string) => el("stop", { offset: o, "stop-color": col2 });
  c.defs.push(
    el(
      "radialGradient",
      { id: grad, cx: 0.47, cy: 0.45, r: 0.52 },
      stop(0, shade(col, 0.5)) +
        stop(0.3, shade(col, 0.3)) +
        stop(0.48, col) +
        stop(0.62, tint(col, 0.22)) +
        stop(0.8, col) +
        stop(1, shade(col, 0.4)),
    ),
    `<clipPath id="${clip}"><path d="${d}" clip-rule="evenodd"/></clipPath>`,
  );
  const gathers = range(0, 13).map((k) => {
    const t = ((k * 360) / 14 + turn + (rnd() - 0.5) * 12) * (Math.PI / 180);
    const bend = (rnd() - 0.5) * 0.3;
    const at = (rad: number, dt: number) => `${f(cx + Math.cos(t + dt) * rad)} ${f(cy + Math.sin(t + dt) * rad * 0.9)}`;
    const crease = `M${at(r * 0.34, 0)}Q${at(r * 0.66, bend)} ${at(r * 0.97, 0)}`;
    const lit = `M${at(r * 0.46, 0.13)}Q${at(r * 0.66, 0.13 + bend)} ${at(r * 0.86, 0.13)}`;
    return fold(crease, shade(col, 0.55), 5, 0.3) + fold(lit, tint(col, 0.5), 10, 0.1);
  });
  return (
    el("path", { d, fill: "#000000", opacity: 0.12, "fill-rule": "evenodd", transform: "translate(6 10)" }) +
    el("path", { d, fill: `url(#${grad})`, "fill-rule": "evenodd" }) +
    el("g", { "clip-path": `url(#${clip})` }, gathers.join("")) +
    el("path", { d, fill: "none", stroke: shade(col, 0.5), "stroke-opacity": 0.5, "stroke-width": 2 })
  );
}

/** Four velvet scrunchies in the palette's jewel tones. */
export function scrunchies(c: Ctx): string {
  const { primary: p, secondary: s, accent: a } = c.pal;
  return (
    scrunchie(c, 600, 482, 112, s, 5) +
    scrunchie(c, 378, 500, 118, p, 0) +
    scrunchie(c, 612, 708, 116, mix(p, a, 0.5), 9) +
    scrunchie(c, 392, 722, 108, a, 3)
  );
}

/** Crescent-moon meenakari earring, hanging from a flower stud. */
function chand(c: Ctx): string {
  const g = c.gold;
  const [p, sec] = [c.pal.primary, c.pal.secondary];
  const moon = "M-81.2 71.7A120 120 0 1 0 81.2 71.7A100 100 0 1 1 -81.2 71.7Z";
  const enamel = "M-90.5 97.5A110 110 0 1 0 90.5 97.5A100 100 0 1 1 -90.5 97.5Z";
  const flowers = [40, 65, 90, 115, 140].map((a) => {
    const [x, y] = polar(0, 160, 104, 104, a);
    return buti(x, y, 6, sec, tint(sec, 0.6));
  });
  const fringe = range(0, 12).map((k) => {
    const [x, y] = polar(0, 160, 128, 128, 18 + k * 12);
    return pearl(x, y + 4, k % 3 === 1 ? 9 : 7);
  });
  const petals = range(0, 7).map((k) => {
    const [x, y] = polar(0, 0, 20, 20, k * 45);
    return el("circle", { cx: x, cy: y, r: 11, fill: g, stroke: shade(g, 0.3) });
  });
  return (
    stroke("M0 -22C0 -74 44 -84 46 -50", g, 6) +
    stroke("M-78 70L-10 26M78 70L10 26", shade(g, 0.3), 4, ` stroke-dasharray="6 4"`) +
    fringe.join("") +
    piece(c, moon, G(c), { edge: shade(g, 0.45) }) +
    el("path", { d: enamel, fill: p, stroke: shade(p, 0.3), "stroke-width": 2 }) +
    flowers.join("") +
    fold("M-96 150A104 104 0 0 0 -30 250", "#ffffff", 6, 0.35) +
    stroke("M0 30V128", g, 3) +
    gem(c, 0, 140, 11, sec) +
    pearl(0, 168, 8) +
    petals.join("") +
    gem(c, 0, 0, 12)
  );
}

export const chandbali = (c: Ctx): string =>
  el("g", { transform: "translate(350 300) rotate(4) scale(1.15)" }, chand(c)) +
  el("g", { transform: "translate(612 320) rotate(-4) scale(1.15)" }, chand(c));

/** A cotton square whose edges bow a little, as cloth does. */
function square(cx: number, cy: number, half: number, seed: string): string {
  const rnd = seeded(seed);
  const corners = pts(
    `${cx - half} ${cy - half} ${cx + half} ${cy - half} ${cx + half} ${cy + half} ${cx - half} ${cy + half}`,
  );
  let d = `M${f(cx - half)} ${f(cy - half)}`;
  corners.forEach((p, i) => {
    const q = corners[(i + 1) % 4] ?? p;
    const len = Math.hypot(q[0] - p[0], q[1] - p[1]);
    const [nx, ny] = [(q[1] - p[1]) / len, -(q[0] - p[0]) / len];
    const w = (rnd() - 0.5) * 20;
    const at = (t: number, s: number) =>
      `${f(p[0] + (q[0] - p[0]) * t + nx * s)} ${f(p[1] + (q[1] - p[1]) * t + ny * s)}`;
    d += `C${at(0.33, w)} ${at(0.66, -w)} ${f(q[0])} ${f(q[1])}`;
  });
  return `${d}Z`;
}

/** A paisley bandana: printed field, double border, corner drops and a centre medallion. */
function bandanaSquare(c: Ctx, cx: number, cy: number, fill: string, line: string, seed: string): string {
  const h = 186;
  const box = (i: number) => `M${cx - h + i} ${cy - h + i}H${cx + h - i}V${cy + h - i}H${cx - h + i}Z`;
  const drops = [-1, 1].flatMap((sx) =>
    [-1, 1].map((sy) => {
      const [x, y] = [cx + sx * (h - 62), cy + sy * (h - 62)];
      return (
        el("circle", { cx: x, cy: y, r: 22, fill: "none", stroke: line, "stroke-width": 5 }) +
        el("circle", { cx: x, cy: y, r: 7, fill: line })
      );
    }),
  );
  const medallion = range(0, 11).map((k) => {
    const [x, y] = polar(cx, cy, 52, 52, k * 30);
    return el("circle", { cx: x, cy: y, r: 9, fill: line });
  });
  const inner =
    stroke(box(20), line, 5) +
    stroke(box(34), line, 2.5, ` stroke-dasharray="10 8"`) +
    stroke(box(46), line, 5) +
    drops.join("") +
    el("circle", { cx, cy, r: 70, fill: "none", stroke: line, "stroke-width": 4 }) +
    medallion.join("") +
    el("circle", { cx, cy, r: 26, fill: line }) +
    fold(`M${cx - h} ${cy + 40}L${cx + h} ${cy - 30}`, "#000000", 40, 0.06) +
    fold(`M${cx - h} ${cy - 80}L${cx + h} ${cy - 140}`, "#ffffff", 30, 0.1);
  return piece(c, square(cx, cy, h, seed), fill, {
    pat: true,
    inner,
    edge: shade(fill.startsWith("#") ? fill : c.pal.primary, 0.4),
  });
}

/** Two bandanas, the second in the palette's second colour, tucked under the first. */
export function bandana(c: Ctx): string {
  const line = tint(c.pal.accent, 0.2);
  return (
    el("g", { transform: "rotate(14 566 520)" }, bandanaSquare(c, 566, 520, S(c), line, "b2")) +
    el("g", { transform: "rotate(-9 410 650)" }, bandanaSquare(c, 410, 650, P(c), line, "b1"))
  );
}

const SOLE = pts(
  "0 204 40 194 60 152 64 60 60 -20 70 -100 66 -160 42 -202 8 -216 -28 -208 -58 -180 -70 -126 -60 -56 -50 20 -54 120 -44 182 -22 200",
);

/** One Kolhapuri, seen from above: a leather sole, a braided T-strap and the big-toe loop. */
function kolhapuriSole(c: Ctx): string {
  const p = c.pal.primary;
  const scaled = (k: number) => smooth(SOLE.map(([x, y]): Pt => [x * k, y * k - 4 * (1 - k)]));
  const dark = shade(p, 0.28);
  const band = "M-72 -78C-24 -106 30 -104 76 -80L72 -22C30 -44 -20 -44 -62 -20Z";
  const chevrons = range(-3, 3)
    .map((k) => stroke(`M${k * 18 - 6} -70l8 10l8 -10M${k * 18 - 6} -46l8 10l8 -10`, tint(c.pal.accent, 0.2), 3))
    .join("");
  const holes = range(-3, 3).map((k) =>
    el("circle", { cx: k * 19, cy: -84 + Math.abs(k) * 1.5, r: 3, fill: shade(p, 0.5) }),
  );
  return (
    el("path", { d: smooth(SOLE), fill: shade(p, 0.35), transform: "translate(0 8)" }) +
    piece(c, smooth(SOLE), dark, { edge: shade(p, 0.6) }) +
    piece(c, scaled(0.9), P(c), {
      edge: shade(p, 0.4),
      inner: fold("M-20 -150C-30 -60 -24 60 -10 170", "#ffffff", 18, 0.12),
    }) +
    stitch(scaled(0.82), tint(p, 0.45)) +
    stroke("M24 -150L10 -86", shade(p, 0.45), 22) +
    stroke("M24 -150L10 -86", shade(p, 0.15), 16) +
    stroke("M24 -150L10 -86", tint(c.pal.accent, 0.2), 3, ` stroke-dasharray="5 6"`) +
    el("ellipse", { cx: 28, cy: -164, rx: 16, ry: 12, fill: "none", stroke: shade(p, 0.2), "stroke-width": 8 }) +
    piece(c, band, shade(p, 0.12), { edge: shade(p, 0.5), inner: chevrons + holes.join("") }) +
    el("circle", { cx: 6, cy: -64, r: 15, fill: c.pal.accent, stroke: shade(c.pal.accent, 0.4) }) +
    el("circle", { cx: 6, cy: -64, r: 6, fill: shade(c.pal.accent, 0.3) })
  );
}

export const kolhapuri = (c: Ctx): string =>
  el("g", { transform: "translate(390 616) rotate(-7)" }, kolhapuriSole(c)) +
  el("g", { transform: "translate(580 606) rotate(7) scale(-1 1)" }, kolhapuriSole(c));

/** An East-West baguette with a short shoulder strap, a croc-embossed body and a magnetic flap. */
export function baguette(c: Ctx): string {
  const p = c.pal.primary;
  const body = "M306 520H654Q694 520 694 560V684Q694 724 654 724H306Q266 724 266 684V560Q266 520 306 520Z";
  const flap = "M306 520H654Q694 520 694 560V618Q690 640 660 646H300Q270 640 266 618V560Q266 520 306 520Z";
  // Croc scales: large tiles down the middle of the bag, smaller towards its ends, none quite in line.
  const rnd = seeded(`croc${p}`);
  let scales = "";
  for (let x = 262; x < 700; ) {
    const w = 22 + (1 - Math.abs(x - 480) / 230) * 26 + rnd() * 8;
    for (let y = 512 + rnd() * 16 - 16; y < 730; ) {
      const h = 20 + rnd() * 14;
      scales += el("rect", {
        x: x + 2,
        y: y + 2,
        width: w - 4,
        height: h - 4,
        rx: 9,
        fill: rnd() > 0.5 ? tint(p, 0.1) : shade(p, 0.06),
        stroke: shade(p, 0.35),
        "stroke-width": 2,
        opacity: 0.6,
      });
      y += h;
    }
    x += w;
  }
  const sheen = fold("M290 548Q480 528 670 548", "#ffffff", 8, 0.3);
  return (
    strap("M318 540C318 360 642 360 642 540", shade(p, 0.1), 22) +
    piece(c, body, P(c), { inner: scales + el("path", { d: body, fill: "#000000", opacity: 0.12 }) }) +
    piece(c, flap, P(c), { inner: scales + sheen }) +
    stroke("M300 646H660", shade(p, 0.45), 3) +
    el("rect", { x: 450, y: 618, width: 60, height: 36, rx: 8, fill: G(c), stroke: shade(c.gold, 0.45) }) +
    el("rect", { x: 462, y: 628, width: 36, height: 16, rx: 4, fill: shade(c.gold, 0.3) }) +
    [318, 642].map((x) => el("rect", { x: x - 14, y: 520, width: 28, height: 26, rx: 5, fill: G(c) })).join("")
  );
}
