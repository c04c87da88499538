import type { Readable } from "node:stream";
import { COLLECTIONS } from "#core/collections.ts";
import { rupeeDecimal } from "#core/money.ts";
import { type CsvCell, type CsvRow, csvStream } from "../../csv/csv-writer.ts";
import { bodyHtml } from "./product-csv-body.ts";
import { EXPORTED_COLUMNS, PRODUCT_CSV_HEADER, type ProductColumn } from "./product-csv-layout.ts";
import type { TransferProduct, TransferSize } from "./product-transfer.ts";

/*
 * The shop's products as a file in Shopify's layout (record 41): one row per size; the product's
 * columns on its first row only; its pictures one a row from the first, with rows of their own
 * for pictures past its last size (as Shopify writes them); the shop's own columns at the end.
 * Written through the one CSV writer, so formulas are made text and the file streams.
 */

const VENDOR = "Kesar";

type Cells = Partial<Record<ProductColumn, CsvCell>>;

function productCells(product: TransferProduct): Cells {
  return {
    title: product.title,
    body: bodyHtml(product.description, product.description1),
    vendor: VENDOR,
    type: product.type,
    published: product.onSale ? "TRUE" : "FALSE",
    optionName: "Size",
    status: product.onSale ? "active" : "archived",
    category: product.category,
    fabric: product.fabric,
    hsn: product.hsn,
    collections: COLLECTIONS.filter((collection) => product.collections.includes(collection.flag))
      .map((collection) => collection.label)
      .join(", "),
    returnable: product.nonReturnable ? "FALSE" : "TRUE",
    titleHi: product.titleHi,
    descriptionHi: product.descriptionHi,
  };
}

function sizeCells(product: TransferProduct, size: TransferSize): Cells {
  return {
    size: size.size,
    sku: size.sku,
    stock: size.stock,
    price: rupeeDecimal(product.price),
    barcode: size.barcode,
    reorderPoint: size.reorderPoint,
  };
}

/** The rows of one product, without the header line. */
export function productCsvRows(product: TransferProduct): CsvRow[] {
  const count = Math.max(product.sizes.length, product.images.length, 1);
  return Array.from({ length: count }, (_, index) => {
    const size = product.sizes[index];
    const image = product.images[index];
    const cells: Cells = {
      handle: product.handle,
      ...(index === 0 ? productCells(product) : {}),
      ...(size ? sizeCells(product, size) : {}),
      ...(image ? { imageSrc: image, imagePosition: index + 1 } : {}),
    };
    return EXPORTED_COLUMNS.map((key) => cells[key] ?? null);
  });
}

/** The header line, then every product's rows, as the products arrive. */
export async function* productCsvLines(
  products: Iterable<TransferProduct> | AsyncIterable<TransferProduct>,
): AsyncGenerator<CsvRow> {
  yield PRODUCT_CSV_HEADER;
  for await (const product of products) yield* productCsvRows(product);
}

/** The product file, streamed: products may come page by page from the database. */
export function productCsvStream(products: Iterable<TransferProduct> | AsyncIterable<TransferProduct>): Readable {
  return csvStream(productCsvLines(products));
}
