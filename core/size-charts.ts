/*
 * Size charts and "find my size". A chart is kept in millimetres and shown in centimetres or
 * inches at the shopper's choice; it lists body measurements (what the wearer measures on
 * themselves) and garment measurements (the piece laid flat). Footwear is charted by UK/India size
 * and foot length. The recommendation reads the chart first, then moves by what buyers of the
 * product said about its fit.
 */

export type ChartKind = "clothing" | "footwear";
export type MeasureBasis = "body" | "garment";

export type ChartColumn = { key: string; label: string; basis: MeasureBasis };
export type ChartRow = { size: string; values: Record<string, number | null> };

export type SizeChart = { kind: ChartKind; columns: ChartColumn[]; rows: ChartRow[] };

/** A chart as a page shows it: where it comes from and whether it is an example. */
export type ShownChart = SizeChart & { source: string; isExample: boolean };

export type LengthUnit = "cm" | "in";

/** The columns a chart of each kind offers; the admin fills in their values. */
export const CHART_COLUMNS: Record<ChartKind, ChartColumn[]> = {
  clothing: [
    { key: "chest", label: "Bust / chest", basis: "body" },
    { key: "waist", label: "Waist", basis: "body" },
    { key: "hip", label: "Hip", basis: "body" },
    { key: "garmentChest", label: "Garment chest", basis: "garment" },
    { key: "garmentLength", label: "Garment length", basis: "garment" },
  ],
  footwear: [{ key: "foot", label: "Foot length", basis: "body" }],
};

/** Millimetres as the unit asks: centimetres to a tenth, inches to a tenth. */
export function formatLength(mm: number | null | undefined, unit: LengthUnit): string {
  if (mm === null || mm === undefined) return "—";
  const value = unit === "cm" ? mm / 10 : mm / 25.4;
  return `${value.toFixed(1).replace(/\.0$/, "")}`;
}

/** A typed length (in the unit) as millimetres, or null for an empty or unreadable entry. */
export function toMillimetres(typed: string, unit: LengthUnit): number | null {
  const text = typed.trim().replace(",", ".");
  if (text === "" || !/^\d{1,4}(\.\d{1,2})?$/.test(text)) return null;
  const value = Number(text);
  return Math.round(unit === "cm" ? value * 10 : value * 25.4);
}

/** How a size is called to the shopper: footwear as UK/India sizes. */
export function sizeLabel(size: string, kind: ChartKind): string {
  return kind === "footwear" ? size.replace(/^UK /, "UK/India ") : size;
}

export type Fit = "small" | "true" | "large";

export const FIT_WORDS: Record<Fit, string> = {
  small: "Runs small",
  true: "True to size",
  large: "Runs large",
};

/** What the buyers of one size said of its fit. */
export type SizeFit = { size: string; small: number; true: number; large: number };

export function fitTotal(fit: SizeFit): number {
  return fit.small + fit.true + fit.large;
}

/** The answer most buyers of a size gave (true to size on a tie), and its whole-number share. */
export function fitVerdict(fit: SizeFit): { fit: Fit; percent: number; total: number } {
  const total = fitTotal(fit);
  const ordered: Fit[] = ["true", "small", "large"];
  let best: Fit = "true";
  for (const answer of ordered) if (fit[answer] > fit[best]) best = answer;
  return { fit: best, percent: total === 0 ? 0 : Math.round((fit[best] * 100) / total), total };
}

/** "Size M runs small: 62 % of 40 buyers". */
export function fitLine(fit: SizeFit, kind: ChartKind = "clothing"): string {
  const verdict = fitVerdict(fit);
  const words = verdict.fit === "true" ? "is true to size" : verdict.fit === "small" ? "runs small" : "runs large";
  const buyers = verdict.total === 1 ? "1 buyer" : `${verdict.total} buyers`;
  return `Size ${sizeLabel(fit.size, kind)} ${words}: ${verdict.percent} % of ${buyers}`;
}

/** What a shopper tells "find my size", in millimetres and grams; any may be missing. */
export type Measurements = {
  heightMm: number | null;
  weightG: number | null;
  chestMm: number | null;
  waistMm: number | null;
  footMm: number | null;
};

export const NO_MEASUREMENTS: Measurements = {
  heightMm: null,
  weightG: null,
  chestMm: null,
  waistMm: null,
  footMm: null,
};

export type Recommendation = { size: string; reason: string } | { size: null; reason: string };

/** Fit answers a size needs before they move the suggestion. */
export const FIT_ANSWERS_TO_COUNT = 5;
/** The share of "runs small" (or "runs large") answers that moves the suggestion one size. */
export const FIT_SHARE_TO_MOVE = 50;

/**
 * The size to suggest: the smallest of the product's sizes whose body measurements take the
 * shopper's (chest and waist, or foot length), else, from height and weight alone, a rough band;
 * then one size up when most of its buyers found it runs small, one down when most found it runs
 * large. The reason says which.
 */
export function recommendSize(
  chart: SizeChart,
  sizes: readonly string[],
  fits: readonly SizeFit[],
  measured: Measurements,
): Recommendation {
  const rows = chart.rows.filter((row) => sizes.includes(row.size));
  if (rows.length === 0) return { size: null, reason: "This piece's sizes are not on its size chart." };
  const fromChart = chart.kind === "footwear" ? footwearSize(rows, measured) : clothingSize(rows, measured);
  if (!fromChart) {
    return {
      size: null,
      reason:
        chart.kind === "footwear"
          ? "Enter your foot length to get a suggestion."
          : "Enter your chest or waist (or your height and weight) to get a suggestion.",
    };
  }
  return adjustedByFit(chart.kind, rows, fromChart, fits);
}

type ChartPick = { size: string; why: string };

/** One size up when most of the chart size's buyers found it runs small, one down when large. */
function adjustedByFit(
  kind: ChartKind,
  rows: readonly ChartRow[],
  fromChart: ChartPick,
  fits: readonly SizeFit[],
): Recommendation {
  const chartSays = `${fromChart.why} the chart gives ${sizeLabel(fromChart.size, kind)}`;
  const fit = fits.find((entry) => entry.size === fromChart.size);
  if (!fit || fitTotal(fit) < FIT_ANSWERS_TO_COUNT) return { size: fromChart.size, reason: `${chartSays}.` };
  const verdict = fitVerdict(fit);
  if (verdict.fit === "true") {
    return {
      size: fromChart.size,
      reason: `${chartSays}, and ${verdict.percent} % of ${verdict.total} buyers found it true to size.`,
    };
  }
  const index = rows.findIndex((row) => row.size === fromChart.size);
  const moved = rows[index + (verdict.fit === "small" ? 1 : -1)];
  if (!moved || verdict.percent < FIT_SHARE_TO_MOVE) return { size: fromChart.size, reason: `${chartSays}.` };
  const said = verdict.fit === "small" ? "runs small" : "runs large";
  return {
    size: moved.size,
    reason: `${chartSays}, but most buyers (${verdict.percent} % of ${verdict.total}) found ${sizeLabel(fromChart.size, kind)} ${said}; we suggest ${sizeLabel(moved.size, kind)}.`,
  };
}

function footwearSize(rows: readonly ChartRow[], measured: Measurements): ChartPick | null {
  const foot = measured.footMm;
  if (!foot) return null;
  const row = rows.find((entry) => (entry.values.foot ?? 0) >= foot) ?? rows[rows.length - 1];
  return row ? { size: row.size, why: "From your foot length," } : null;
}

function clothingSize(rows: readonly ChartRow[], measured: Measurements): ChartPick | null {
  const wanted: [string, number][] = [];
  if (measured.chestMm) wanted.push(["chest", measured.chestMm]);
  if (measured.waistMm) wanted.push(["waist", measured.waistMm]);
  const usable = wanted.filter(([key]) => rows.some((row) => typeof row.values[key] === "number"));
  if (usable.length > 0) {
    const fits = (entry: ChartRow) =>
      usable.every(([key, mm]) => (entry.values[key] ?? Number.POSITIVE_INFINITY) >= mm);
    const row = rows.find(fits) ?? rows[rows.length - 1];
    return row ? { size: row.size, why: `From your ${usable.map(([key]) => key).join(" and ")},` } : null;
  }
  if (!measured.heightMm || !measured.weightG) return null;
  // A rough band from the body-mass index: S under 18.5, M to 23, L to 27.5, then XL.
  const metres = measured.heightMm / 1000;
  const bmi = measured.weightG / 1000 / (metres * metres);
  const band = bmi < 18.5 ? 0 : bmi < 23 ? 1 : bmi < 27.5 ? 2 : 3;
  const row = rows[Math.min(band, rows.length - 1)];
  return row
    ? { size: row.size, why: "From your height and weight (a rough guide: add your chest for a better one)," }
    : null;
}
