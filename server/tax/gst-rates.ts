import { indiaDay } from "#core/dates.ts";
/**
 * GST rates by HSN, as data: each row covers an HSN prefix over a span of days, optionally only up
 * to a taxable value per piece. Every band carries its own dates, because a notification may move
 * one band and leave the others (1 January 2022 moved footwear up to ₹1,000 from 5 % to 12 % and
 * left 18 % above). A change of rates closes the rows it replaces (`until`) and adds rows from that
 * day; past orders keep the tax they were charged because an order stores its tax when it is placed.
 * Sources and the reading of each row: docs/decisions/0011-gst-on-orders.md and
 * docs/decisions/0020-gst-arithmetic-to-the-paisa.md.
 */
export type GstRateRow = {
  /** The HSN prefix the row covers; the longest prefix that matches a product's HSN decides. */
  hsn: string;
  /** The first day the row applies (India time), as YYYY-MM-DD. */
  from: string;
  /** The first day the row no longer applies (the day its successor starts); null: still in force. */
  until: string | null;
  /** The row covers pieces whose taxable value is at most this many paise; null: any value. */
  upToPaise: number | null;
  rateBps: number;
  note: string;
  /**
   * The row covers only goods of these materials (words the product's material names, lower case);
   * absent: any material. Where both kinds of row cover an HSN, the one naming the material decides.
   */
  materials?: readonly string[];
};

const GST_2_0 = "2025-09-22";
const LAUNCH = "2017-07-01";
const FOOTWEAR_2022 = "2022-01-01";

/** Chapters sold by the piece whose rate depends on the value of the piece. */
const BANDED = [
  { hsn: "61", note: "Apparel, knitted or crocheted" },
  { hsn: "62", note: "Apparel, not knitted" },
  { hsn: "63", note: "Other made-up textile articles" },
];

/** A row in force from `from` and still in force (`until` null). */
const gstRow = (hsn: string, from: string, upToPaise: number | null, rateBps: number, note: string): GstRateRow => ({
  hsn,
  from,
  until: null,
  upToPaise,
  rateBps,
  note,
});

/** A row in force from `from` up to the day before `until`. */
const ended = (until: string, current: GstRateRow): GstRateRow => ({ ...current, until });

export const GST_RATES: readonly GstRateRow[] = [
  ...BANDED.flatMap(({ hsn, note }) => [
    ended(GST_2_0, gstRow(hsn, LAUNCH, 100_000, 500, `${note}, up to ₹1,000 a piece`)),
    ended(GST_2_0, gstRow(hsn, LAUNCH, null, 1200, `${note}, above ₹1,000 a piece`)),
    gstRow(hsn, GST_2_0, 250_000, 500, `${note}, up to ₹2,500 a piece`),
    gstRow(hsn, GST_2_0, null, 1800, `${note}, above ₹2,500 a piece`),
  ]),
  ended(FOOTWEAR_2022, gstRow("64", LAUNCH, 100_000, 500, "Footwear, up to ₹1,000 a pair")),
  ended(GST_2_0, gstRow("64", FOOTWEAR_2022, 100_000, 1200, "Footwear, up to ₹1,000 a pair")),
  ended(GST_2_0, gstRow("64", LAUNCH, null, 1800, "Footwear, above ₹1,000 a pair")),
  gstRow("64", GST_2_0, 250_000, 500, "Footwear, up to ₹2,500 a pair"),
  gstRow("64", GST_2_0, null, 1800, "Footwear, above ₹2,500 a pair"),
  gstRow("50", LAUNCH, null, 500, "Silk and woven silk fabric (a saree length)"),
  gstRow("52", LAUNCH, null, 500, "Cotton and woven cotton fabric"),
  gstRow("54", LAUNCH, null, 500, "Woven fabric of man-made filament"),
  gstRow("4203", LAUNCH, null, 1800, "Clothing accessories of leather (belts)"),
  gstRow("4202", LAUNCH, null, 1800, "Handbags, wallets and similar containers"),
  // Hand bags and shopping bags of cotton (4202 22 20) or of jute (4202 22 30): Schedule II (12 %),
  // then Schedule I (5 %) from GST 2.0, Notification 9/2025-Central Tax (Rate). Record 19.
  ...[
    ended(GST_2_0, gstRow("4202", LAUNCH, null, 1200, "Hand bags and shopping bags of cotton or jute")),
    gstRow("4202", GST_2_0, null, 500, "Hand bags and shopping bags of cotton or jute"),
  ].map((row) => ({ ...row, materials: ["cotton", "jute"] })),
  gstRow("7113", LAUNCH, null, 300, "Jewellery of precious metal"),
  gstRow("7116", LAUNCH, null, 300, "Articles of pearls or precious stones"),
  gstRow("7117", LAUNCH, null, 300, "Imitation jewellery"),
  gstRow("9004", LAUNCH, null, 1800, "Sunglasses and goggles"),
  gstRow("9102", LAUNCH, null, 1800, "Wrist watches"),
  ended(GST_2_0, gstRow("9615", LAUNCH, null, 1800, "Combs, hair clips and pins")),
  gstRow("9615", GST_2_0, null, 500, "Combs, hair clips and pins"),
];

/** Whether a row covers goods of this material: rows that name none cover every material. */
function coversMaterial(row: GstRateRow, material: string): boolean {
  if (!row.materials) return true;
  const words = new Set(material.toLowerCase().split(/[^a-z]+/));
  return row.materials.some((name) => words.has(name));
}

/** The rows that cover an HSN (and material) and are in force on a moment's day (India time). */
function rowsInForce(hsn: string, onDate: number, material = ""): GstRateRow[] {
  const day = indiaDay(onDate);
  return GST_RATES.filter(
    (row) =>
      hsn.startsWith(row.hsn) &&
      row.from <= day &&
      (row.until === null || day < row.until) &&
      coversMaterial(row, material),
  );
}

/** Whether the table has a rate for an HSN today (a product's HSN must, or it cannot be sold). */
export function hasGstRate(hsn: string, onDate: number = Date.now()): boolean {
  return rowsInForce(hsn, onDate).length > 0;
}

/**
 * The rate bands in force for an HSN (and the goods' material) on a date, lowest ceiling first (the
 * open band last): the longest HSN prefix decides, and among its rows those naming the material.
 */
export function gstBandsFor(hsn: string, onDate: number, material = ""): GstRateRow[] {
  const inForce = rowsInForce(hsn, onDate, material);
  if (inForce.length === 0) throw new Error(`No GST rate is known for HSN ${hsn || "(none)"}.`);
  const longest = Math.max(...inForce.map((row) => row.hsn.length));
  const prefixed = inForce.filter((row) => row.hsn.length === longest);
  const byMaterial = prefixed.filter((row) => row.materials);
  const bands = byMaterial.length > 0 ? byMaterial : prefixed;
  return bands.sort((a, b) => (a.upToPaise ?? Number.POSITIVE_INFINITY) - (b.upToPaise ?? Number.POSITIVE_INFINITY));
}

/**
 * The rate for a piece sold at a GST-inclusive price. A band applies when the taxable value worked
 * back from the price at that band's own rate is within its ceiling; when none below the open band
 * is consistent, the open (higher) band applies. Between ₹2,625 and ₹2,950 neither rate is
 * consistent (2,625 / 1.05 = 2,500 = 2,950 / 1.18); the higher rate is the one under which tax is
 * never short-paid.
 */
export function gstRateForInclusivePiece(hsn: string, inclusivePaise: number, onDate: number, material = ""): number {
  const bands = gstBandsFor(hsn, onDate, material);
  for (const band of bands) {
    if (band.upToPaise === null) return band.rateBps;
    if (inclusivePaise * 10_000 <= band.upToPaise * (10_000 + band.rateBps)) return band.rateBps;
  }
  const last = bands.at(-1);
  if (!last) throw new Error(`No GST rate is known for HSN ${hsn}.`);
  return last.rateBps;
}

/**
 * The GST-inclusive prices at which neither neighbouring band is self-consistent, for the admin's
 * product form to warn about: from the lower band's ceiling plus its tax, to the ceiling plus the
 * higher band's tax.
 */
export function ambiguousPriceRanges(hsn: string, onDate: number): { fromPaise: number; toPaise: number }[] {
  const bands = gstBandsFor(hsn, onDate);
  const ranges: { fromPaise: number; toPaise: number }[] = [];
  bands.forEach((band, i) => {
    const next = bands[i + 1];
    if (band.upToPaise === null || !next) return;
    const fromPaise = Math.floor((band.upToPaise * (10_000 + band.rateBps)) / 10_000);
    const toPaise = Math.floor((band.upToPaise * (10_000 + next.rateBps)) / 10_000);
    if (toPaise > fromPaise) ranges.push({ fromPaise, toPaise });
  });
  return ranges;
}

/** Every HSN prefix with price bands, with the inclusive prices where its bands disagree, today. */
export function ambiguousPriceBands(onDate: number = Date.now()) {
  const prefixes = [...new Set(GST_RATES.filter((row) => row.upToPaise !== null).map((row) => row.hsn))];
  return prefixes.flatMap((hsn) => ambiguousPriceRanges(hsn, onDate).map((range) => ({ hsn, ...range })));
}
