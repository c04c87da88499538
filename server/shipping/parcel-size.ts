import type { ParcelSize } from "./carrier.ts";

/*
 * A parcel's weight and size, which the courier bills by (the greater of the weight and the
 * volume's weight, L × B × H / 5000 in kg) and which Shiprocket requires. A piece weighs and
 * measures what the administrator recorded for its product (product_parcels); a product without
 * one counts by its kind, read from its HSN code's chapter (the code every order line keeps for
 * its tax): a folded garment in a poly mailer, shoes in their box, a bag, a jewellery box. Pieces
 * are stacked: the widest footprint, their heights added, plus the packing's own weight.
 */

export type PieceSize = { grams: number; lengthCm: number; breadthCm: number; heightCm: number };

/** By the first two digits of the HSN code (the chapter); anything else packs as a garment. */
const BY_CHAPTER: Record<string, PieceSize> = {
  // Apparel, knitted (61) or not (62), and other made-up textiles (63: dupattas, stoles).
  "61": { grams: 350, lengthCm: 30, breadthCm: 25, heightCm: 4 },
  "62": { grams: 450, lengthCm: 32, breadthCm: 26, heightCm: 5 },
  "63": { grams: 250, lengthCm: 28, breadthCm: 22, heightCm: 3 },
  // Footwear, in its box.
  "64": { grams: 900, lengthCm: 33, breadthCm: 22, heightCm: 12 },
  // Handbags and leather goods (42), wrapped.
  "42": { grams: 700, lengthCm: 36, breadthCm: 28, heightCm: 12 },
  // Jewellery (71), in a small box.
  "71": { grams: 120, lengthCm: 12, breadthCm: 10, heightCm: 5 },
};

const GARMENT = BY_CHAPTER["62"] as PieceSize;
/** The mailer or carton, tape and the packing slip. */
const PACKING_GRAMS = 80;
/** A stack taller than this goes in a second layer: the footprint doubles instead. */
const MAX_HEIGHT_CM = 40;

export function pieceSizeOf(hsn: string): PieceSize {
  return BY_CHAPTER[hsn.slice(0, 2)] ?? GARMENT;
}

/**
 * The parcel that carries these lines: weight in grams, sides in whole centimetres. `measured` holds
 * the products whose packed size was recorded.
 */
export function parcelSizeOf(
  lines: readonly { hsn: string; quantity: number; productId?: number }[],
  measured: ReadonlyMap<number, PieceSize> = new Map(),
): ParcelSize {
  const pieces = lines.flatMap((line) => {
    const piece = (line.productId !== undefined && measured.get(line.productId)) || pieceSizeOf(line.hsn);
    return Array.from({ length: line.quantity }, () => piece);
  });
  if (pieces.length === 0) pieces.push(GARMENT);
  const grams = pieces.reduce((sum, piece) => sum + piece.grams, PACKING_GRAMS);
  const length = Math.max(...pieces.map((piece) => piece.lengthCm));
  let breadth = Math.max(...pieces.map((piece) => piece.breadthCm));
  let height = pieces.reduce((sum, piece) => sum + piece.heightCm, 0);
  if (height > MAX_HEIGHT_CM) {
    const layers = Math.ceil(height / MAX_HEIGHT_CM);
    breadth *= layers;
    height = Math.ceil(height / layers);
  }
  return { weightGrams: grams, lengthCm: length, breadthCm: breadth, heightCm: height };
}
