/**
 * GST rates by HSN, as data: each row covers an HSN prefix from a date, optionally only up to a
 * taxable value per piece. The next change of rates is a new row with its date; past orders keep the
 * tax they were charged because an order stores its tax when it is placed. Sources and the reading
 * of each row: docs/decisions/0011-gst-on-orders.md.
 */
export type GstRateRow = {
  /** The HSN prefix the row covers; the longest prefix that matches a product's HSN decides. */
  hsn: string;
  /** The first day the row applies (India time), as YYYY-MM-DD. */
  from: string;
  /** The row covers pieces whose taxable value is at most this many paise; null: any value. */
  upToPaise: number | null;
  rateBps: number;
  note: string;
};

const GST_2_0 = "2025-09-22";
const LAUNCH = "2017-07-01";

/** Chapters sold by the piece whose rate depends on the value of the piece. */
const BANDED = [
  { hsn: "61", note: "Apparel, knitted or crocheted" },
  { hsn: "62", note: "Apparel, not knitted" },
  { hsn: "63", note: "Other made-up textile articles" },
];

export const GST_RATES: readonly GstRateRow[] = [
  ...BANDED.flatMap(({ hsn, note }) => [
    { hsn, from: LAUNCH, upToPaise: 100_000, rateBps: 500, note: `${note}, up to ₹1,000 a piece` },
    { hsn, from: LAUNCH, upToPaise: null, rateBps: 1200, note: `${note}, above ₹1,000 a piece` },
    { hsn, from: GST_2_0, upToPaise: 250_000, rateBps: 500, note: `${note}, up to ₹2,500 a piece` },
    { hsn, from: GST_2_0, upToPaise: null, rateBps: 1800, note: `${note}, above ₹2,500 a piece` },
  ]),
  { hsn: "64", from: LAUNCH, upToPaise: 100_000, rateBps: 500, note: "Footwear, up to ₹1,000 a pair" },
  { hsn: "64", from: LAUNCH, upToPaise: null, rateBps: 1800, note: "Footwear, above ₹1,000 a pair" },
  { hsn: "64", from: "2022-01-01", upToPaise: 100_000, rateBps: 1200, note: "Footwear, up to ₹1,000 a pair" },
  { hsn: "64", from: GST_2_0, upToPaise: 250_000, rateBps: 500, note: "Footwear, up to ₹2,500 a pair" },
  { hsn: "64", from: GST_2_0, upToPaise: null, rateBps: 1800, note: "Footwear, above ₹2,500 a pair" },
  { hsn: "50", from: LAUNCH, upToPaise: null, rateBps: 500, note: "Silk and woven silk fabric (a saree length)" },
  { hsn: "52", from: LAUNCH, upToPaise: null, rateBps: 500, note: "Cotton and woven cotton fabric" },
  { hsn: "54", from: LAUNCH, upToPaise: null, rateBps: 500, note: "Woven fabric of man-made filament" },
  { hsn: "4203", from: LAUNCH, upToPaise: null, rateBps: 1800, note: "Clothing accessories of leather (belts)" },
  { hsn: "4202", from: LAUNCH, upToPaise: null, rateBps: 1800, note: "Handbags, wallets and similar containers" },
  { hsn: "7113", from: LAUNCH, upToPaise: null, rateBps: 300, note: "Jewellery of precious metal" },
  { hsn: "7116", from: LAUNCH, upToPaise: null, rateBps: 300, note: "Articles of pearls or precious stones" },
  { hsn: "7117", from: LAUNCH, upToPaise: null, rateBps: 300, note: "Imitation jewellery" },
  { hsn: "9004", from: LAUNCH, upToPaise: null, rateBps: 1800, note: "Sunglasses and goggles" },
  { hsn: "9102", from: LAUNCH, upToPaise: null, rateBps: 1800, note: "Wrist watches" },
  { hsn: "9615", from: LAUNCH, upToPaise: null, rateBps: 1800, note: "Combs, hair clips and pins" },
  { hsn: "9615", from: GST_2_0, upToPaise: null, rateBps: 500, note: "Combs, hair clips and pins" },
];

/** Whether the table has a rate for an HSN today (a product's HSN must, or it cannot be sold). */
export function hasGstRate(hsn: string, onDate: number = Date.now()): boolean {
  const day = indiaDay.format(new Date(onDate));
  return GST_RATES.some((row) => hsn.startsWith(row.hsn) && row.from <= day);
}

/** Delivery charges follow the goods they carry: the SAC printed on the shipping row. */
export const SHIPPING_SAC = "996812";

const indiaDay = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" });

/** The rate bands in force for an HSN on a date, lowest ceiling first (the open band last). */
export function gstBandsFor(hsn: string, onDate: number): GstRateRow[] {
  const day = indiaDay.format(new Date(onDate));
  const matching = GST_RATES.filter((row) => hsn.startsWith(row.hsn) && row.from <= day);
  if (matching.length === 0) throw new Error(`No GST rate is known for HSN ${hsn || "(none)"}.`);
  const longest = Math.max(...matching.map((row) => row.hsn.length));
  const prefix = matching.filter((row) => row.hsn.length === longest);
  // For each ceiling, the latest row in force: a later notification replaces an earlier band.
  const latestFrom = prefix.reduce((latest, row) => (row.from > latest ? row.from : latest), "");
  const current = prefix.filter((row) => row.from === latestFrom);
  return current.sort((a, b) => (a.upToPaise ?? Number.POSITIVE_INFINITY) - (b.upToPaise ?? Number.POSITIVE_INFINITY));
}

/**
 * The rate for a piece sold at a GST-inclusive price. A band applies when the taxable value worked
 * back from the price at that band's own rate is within its ceiling; when none below the open band
 * is consistent, the open (higher) band applies. Between ₹2,625 and ₹2,950 neither rate is
 * consistent (2,625 / 1.05 = 2,500 = 2,950 / 1.18); the higher rate is the one under which tax is
 * never short-paid.
 */
export function gstRateForInclusivePiece(hsn: string, inclusivePaise: number, onDate: number): number {
  const bands = gstBandsFor(hsn, onDate);
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
