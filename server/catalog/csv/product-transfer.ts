import type { CollectionFlag } from "#core/collections.ts";
import type { Size } from "#core/sizes.ts";

/*
 * A product as product files carry it (record 41): the shop's fields, each size a variant with its
 * SKU, barcode, counted stock and reorder point. The export reads products in this shape and the
 * check compares a file with the shop's products in it; neither touches the database.
 */

export type TransferSize = {
  size: Size;
  /** Unique across the shop, upper-case (core/sku.ts). */
  sku: string;
  /** An EAN-13 or Code 128 text (core/barcode.ts), if the size has one. */
  barcode: string | null;
  stock: number;
  /** Below this many pieces the size is to be ordered again; null when none is set. */
  reorderPoint: number | null;
};

export type TransferProduct = {
  /** The shop's id; absent for a product a file would create. */
  id?: number;
  /** The product's name in files (core/product-handle.ts). */
  handle: string;
  title: string;
  description: string;
  description1: string;
  category: string;
  type: string;
  fabric: string | null;
  /** The Hindi title and description (record 47); null where the product has none. */
  titleHi: string | null;
  descriptionHi: string | null;
  hsn: string;
  /** The collections whose flag the product carries, in the shop's order. */
  collections: readonly CollectionFlag[];
  nonReturnable: boolean;
  /** Shown in the shop; a product a file marks draft or archived, or not published, is not. */
  onSale: boolean;
  /** Paise: one price for every size. */
  price: number;
  /** Absolute URLs, main picture first. */
  images: readonly string[];
  sizes: readonly TransferSize[];
};

/** Who owns an SKU or a barcode already. */
export type CodeOwner = { handle: string; title: string };

/**
 * What the check needs to know of the shop, read by the caller beforehand (the file lists the
 * handles and codes it names): the shop's products that the file's handles name, and the owner of
 * every SKU and barcode in the shop (the check proposes SKUs too, and a proposal must be free).
 */
export type ProductCsvLookup = {
  products: ReadonlyMap<string, TransferProduct>;
  skuOwners: ReadonlyMap<string, CodeOwner>;
  barcodeOwners: ReadonlyMap<string, CodeOwner>;
};

/** One problem of a file: its line (as an editor numbers them), the column as the file names it, and why. */
export type CsvProblem = { line: number; column: string | null; message: string };

/** "Line 4, Variant Price: '12,99.x' is not an amount…" */
export function problemText(problem: CsvProblem): string {
  return `Line ${problem.line}${problem.column ? `, ${problem.column}` : ""}: ${problem.message}`;
}
