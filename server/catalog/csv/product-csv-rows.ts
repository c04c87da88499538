import { barcodeProblem } from "#core/barcode.ts";
import type { CollectionFlag } from "#core/collections.ts";
import { handleProblem, normalizeHandle } from "#core/product-handle.ts";
import type { Size } from "#core/sizes.ts";
import { normalizeSku, skuProblem } from "#core/sku.ts";
import { MAX_IMAGES } from "../catalog.schemas.ts";
import { readBody } from "./product-csv-body.ts";
import {
  collectionsInTags,
  type Read,
  readCollections,
  readCount,
  readHsn,
  readImageUrl,
  readRupees,
  readSize,
  readStatus,
  readText,
  readTrueFalse,
} from "./product-csv-cells.ts";
import type { ProductCsvFile, ProductCsvRow } from "./product-csv-file.ts";
import { columnName, PRODUCT_CSV_COLUMNS, type ProductColumn } from "./product-csv-layout.ts";
import type { CsvProblem } from "./product-transfer.ts";

/*
 * The rows of one handle read into what they say of the product (record 41): its columns from its
 * first row, which later rows leave blank or repeat; a size from each size row; pictures from any
 * row. A blank cell says nothing: a product being updated keeps what it has.
 */

export type SizeDraft = {
  line: number;
  size: Size;
  sku?: string;
  barcode?: string;
  stock?: number;
  reorderPoint?: number;
};

export type ProductDraft = {
  handle: string;
  /** The product's first row. */
  line: number;
  title?: string;
  description?: { description: string; description1: string };
  type?: string;
  category?: string;
  fabric?: string;
  titleHi?: string;
  descriptionHi?: string;
  hsn?: string;
  collections?: CollectionFlag[];
  nonReturnable?: boolean;
  onSale?: boolean;
  price?: number;
  /** The row the price was first given on. */
  priceLine?: number;
  images?: string[];
  sizes: SizeDraft[];
  /** Whether any of its rows had a problem: such a product is refused whole. */
  refused: boolean;
  /** The columns with a problem already: what they lack is not reported again. */
  invalid: Set<ProductColumn>;
};

export type RowContext = {
  file: ProductCsvFile;
  now: number;
  problems: CsvProblem[];
};

const PRODUCT_KEYS = (Object.keys(PRODUCT_CSV_COLUMNS) as ProductColumn[]).filter(
  (key) => PRODUCT_CSV_COLUMNS[key].level === "product",
);
const SIZE_KEYS: readonly ProductColumn[] = ["size", "sku", "stock", "price", "barcode", "reorderPoint"];

/** A reader of one product's rows that records each problem against the product. */
class ProductRows {
  readonly draft: ProductDraft;
  readonly rows: readonly ProductCsvRow[];
  private readonly context: RowContext;

  constructor(context: RowContext, handle: string, rows: readonly ProductCsvRow[]) {
    this.context = context;
    this.rows = rows;
    this.draft = { handle, line: rows[0]?.line ?? 0, sizes: [], refused: false, invalid: new Set() };
  }

  problem(line: number, key: ProductColumn | null, message: string): void {
    this.draft.refused = true;
    if (key) this.draft.invalid.add(key);
    this.context.problems.push({ line, column: key ? columnName(this.context.file.names, key) : null, message });
  }

  /** A cell read by its reader: its value, undefined when blank or wrong (the problem recorded). */
  take<T>(row: ProductCsvRow, key: ProductColumn, read: (text: string) => Read<T>): T | undefined {
    const text = row.cells[key] ?? "";
    if (text === "") return undefined;
    const result = read(text);
    if ("problem" in result) {
      this.problem(row.line, key, result.problem);
      return undefined;
    }
    return result.value;
  }

  get now(): number {
    return this.context.now;
  }
}

/** Every row of a product file grouped by handle, in the order handles first appear; rows without a usable handle are problems. */
export function groupByHandle(context: RowContext): Map<string, ProductCsvRow[]> {
  const groups = new Map<string, ProductCsvRow[]>();
  for (const row of context.file.rows) {
    const handle = normalizeHandle(row.cells.handle ?? "");
    const problem = handleProblem(handle);
    if (problem) {
      context.problems.push({ line: row.line, column: columnName(context.file.names, "handle"), message: problem });
      continue;
    }
    groups.set(handle, [...(groups.get(handle) ?? []), row]);
  }
  return groups;
}

/** What one handle's rows say of the product. */
export function readProductRows(context: RowContext, handle: string, rows: readonly ProductCsvRow[]): ProductDraft {
  const reader = new ProductRows(context, handle, rows);
  const [first, ...later] = rows;
  if (!first) return reader.draft;
  readProductColumns(reader, first);
  for (const row of later) checkContinuation(reader, first, row);
  for (const row of rows) readSizeRow(reader, row);
  readImages(reader);
  return reader.draft;
}

/** Later rows leave the product's columns blank, or repeat them as they are. */
function checkContinuation(reader: ProductRows, first: ProductCsvRow, row: ProductCsvRow): void {
  for (const key of PRODUCT_KEYS) {
    const text = row.cells[key] ?? "";
    const product = first.cells[key] ?? "";
    if (text === "" || text === product) continue;
    reader.problem(
      row.line,
      key,
      product === ""
        ? `the product's columns belong on its first row (line ${first.line}); later rows leave them blank.`
        : `'${short(text)}' differs from '${short(product)}' on the product's first row (line ${first.line}): later rows leave the product's columns blank.`,
    );
  }
}

function short(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

function readProductColumns(reader: ProductRows, row: ProductCsvRow): void {
  const draft = reader.draft;
  draft.title = reader.take(row, "title", (text) => readText(text, 200, "the title"));
  const body = reader.take(row, "body", (text) => readDescription(text));
  if (body) draft.description = body;
  draft.type = reader.take(row, "type", (text) => readText(text, 100, "the type"));
  draft.category = reader.take(row, "category", (text) => readText(text, 100, "the category"));
  draft.fabric = reader.take(row, "fabric", (text) => readText(text, 100, "the fabric"));
  draft.titleHi = reader.take(row, "titleHi", (text) => readText(text, 200, "the Hindi title"));
  draft.descriptionHi = reader.take(row, "descriptionHi", (text) =>
    readText(text, 5000, "the Hindi description", false),
  );
  draft.hsn = reader.take(row, "hsn", (text) => readHsn(text, reader.now));
  draft.collections =
    row.cells.collections === undefined && row.cells.tags
      ? collectionsInTags(row.cells.tags)
      : reader.take(row, "collections", readCollections);
  const returnable = reader.take(row, "returnable", readTrueFalse);
  if (returnable !== undefined) draft.nonReturnable = !returnable;
  const published = reader.take(row, "published", readTrueFalse);
  const status = reader.take(row, "status", readStatus);
  if (published !== undefined || status !== undefined)
    draft.onSale = published !== false && (status ?? "active") === "active";
  reader.take(row, "optionName", (text) =>
    /^(size|title)$/i.test(text)
      ? { value: text }
      : { problem: `'${short(text)}': the shop's products vary by size alone, so Option1 Name is Size.` },
  );
}

function readDescription(html: string): Read<{ description: string; description1: string }> {
  const body = readBody(html);
  if (body.description === "") return { problem: "the description is empty once its HTML is taken off." };
  if (body.description.length > 5000 || body.description1.length > 5000) {
    return {
      problem:
        "the description is longer than the shop keeps: 5,000 characters a paragraph once the HTML is taken off.",
    };
  }
  return { value: body };
}

/** A row that names a size, an SKU, stock, a price or a barcode is a size of the product. */
function readSizeRow(reader: ProductRows, row: ProductCsvRow): void {
  for (const key of ["option2Value", "option3Value"] as const) {
    if (row.cells[key]) {
      reader.problem(
        row.line,
        key,
        `'${short(row.cells[key])}': the shop's products vary by size alone; make a product for each colour or style.`,
      );
    }
  }
  if (!SIZE_KEYS.some((key) => row.cells[key])) return;
  readPrice(reader, row);
  const size = row.cells.size ? reader.take(row, "size", readSize) : undefined;
  if (!row.cells.size)
    reader.problem(row.line, "size", "the size is empty: name it (S, M, L, XL, UK 3 to UK 8 or One Size).");
  const sku = reader.take(row, "sku", (text) => {
    const normal = normalizeSku(text);
    const problem = skuProblem(normal);
    return problem ? { problem } : { value: normal };
  });
  const barcode = reader.take(row, "barcode", (text) => {
    const problem = barcodeProblem(text);
    return problem ? { problem } : { value: text };
  });
  const stock = reader.take(row, "stock", (text) => readCount(text));
  const reorderPoint = reader.take(row, "reorderPoint", (text) => readCount(text));
  if (size === undefined) return;
  const twin = reader.draft.sizes.find((entry) => entry.size === size);
  if (twin) reader.problem(row.line, "size", `size ${size} is already on line ${twin.line} of this product.`);
  reader.draft.sizes.push({ line: row.line, size, sku, barcode, stock, reorderPoint });
}

/** Every size of a product sells at one price: the first given is the product's. */
function readPrice(reader: ProductRows, row: ProductCsvRow): void {
  const price = reader.take(row, "price", readRupees);
  if (price === undefined) return;
  const draft = reader.draft;
  if (draft.price === undefined) {
    draft.price = price;
    draft.priceLine = row.line;
  } else if (draft.price !== price) {
    reader.problem(
      row.line,
      "price",
      `'${row.cells.price}' differs from the price on line ${draft.priceLine}: the shop sells every size of a product at one price.`,
    );
  }
}

/** Pictures from any row, in the order of their Image Position, else of their rows. */
function readImages(reader: ProductRows): void {
  const found: { url: string; position: number; line: number }[] = [];
  for (const row of reader.rows) {
    const position = reader.take(row, "imagePosition", (text) => readCount(text, 250));
    const url = reader.take(row, "imageSrc", readImageUrl);
    if (url && !found.some((image) => image.url === url)) {
      found.push({ url, position: position ?? Number.MAX_SAFE_INTEGER, line: row.line });
    }
  }
  if (found.length === 0) return;
  found.sort((a, b) => a.position - b.position || a.line - b.line);
  const extra = found[MAX_IMAGES];
  if (extra)
    reader.problem(
      extra.line,
      "imageSrc",
      `a product has at most ${MAX_IMAGES} pictures; this is its ${MAX_IMAGES + 1}th.`,
    );
  reader.draft.images = found.slice(0, MAX_IMAGES).map((image) => image.url);
}
