import type { Readable } from "node:stream";
import type { Actor } from "#core/actor.ts";
import { COLLECTION_FLAGS, type CollectionFlag, flagRecord } from "#core/collections.ts";
import { isExternalImage, UPLOADS_PREFIX } from "#core/image-shapes.ts";
import type { Size } from "#core/sizes.ts";
import { assertCan } from "../../access.ts";
import { productSubject, recordAudit } from "../../audit/audit.service.ts";
import type { Db } from "../../db/schema.ts";
import { AppError } from "../../errors.ts";
import { type StockCause, stockByOf } from "../../stock/stock.service.ts";
import { parseInput } from "../../validation/fields.ts";
import { updateProductRow } from "../catalog.repository.ts";
import { productInputSchema } from "../catalog.schemas.ts";
import { insertProductWithHandle, productColumns } from "../catalog-admin.service.ts";
import { catalogVersion } from "../catalog-version.ts";
import { writeSizes } from "../product-sizes.ts";
import { saveTranslations, translatedTexts } from "../product-translations.ts";
import { checkProductCsv, type ProductCsvPlan } from "./product-csv-check.ts";
import { productCsvStream } from "./product-csv-export.ts";
import { type ProductCsvFile, readProductCsv } from "./product-csv-file.ts";
import type { PlannedProduct } from "./product-csv-plan.ts";
import {
  findAllCodes,
  findPictureFetches,
  findProductImport,
  findProductPage,
  findProductsByHandle,
  findSizesOfProducts,
  insertPictureFetches,
  insertProductImport,
  type ProductFileRow,
} from "./product-files.repository.ts";
import type { CodeOwner, ProductCsvLookup, TransferProduct } from "./product-transfer.ts";

/*
 * Products out and in as files in Shopify's layout (records 41 and 46). The export streams the
 * catalogue a page at a time. The check reads a file and the part of the shop it names and writes
 * nothing. The import checks the file again against the shop as it is then, and writes each
 * product in a transaction of its own, so a product with a problem, or one another admin changed
 * meanwhile into a clash, is skipped and reported while the others are written. Pictures the file
 * names by https:// address are fetched afterwards (picture-fetches.ts).
 */

/** The widest stored width of a product picture: the one a file names. */
const FILE_PICTURE_WIDTH = 960;
const PAGE = 500;

/** A stored picture as a file names it: the shop's public address of its widest copy. */
function pictureUrl(ref: string, publicUrl: string): string {
  return isExternalImage(ref) ? ref : `${publicUrl}${UPLOADS_PREFIX}/${ref}-${FILE_PICTURE_WIDTH}.webp`;
}

/** A file's picture address as the shop stores it: its own pictures by their ref, others as given. */
function pictureRef(url: string, publicUrl: string): string {
  const own = `${publicUrl}${UPLOADS_PREFIX}/`;
  if (url.startsWith(own)) {
    const ref = /^(products\/[A-Za-z0-9_-]{1,64})-\d+\.webp$/.exec(url.slice(own.length))?.[1];
    if (ref) return ref;
  }
  return url;
}

type Hindi = Awaited<ReturnType<typeof translatedTexts>>;

function transferOf(
  row: ProductFileRow,
  sizes: Awaited<ReturnType<typeof findSizesOfProducts>>,
  hindi: Hindi,
  publicUrl: string,
) {
  return {
    id: row.id,
    handle: row.handle,
    title: row.title,
    description: row.description,
    description1: row.description1,
    category: row.category,
    type: row.type,
    fabric: row.fabric,
    titleHi: hindi.get(row.id)?.title ?? null,
    descriptionHi: hindi.get(row.id)?.description ?? null,
    hsn: row.hsn,
    collections: COLLECTION_FLAGS.filter((flag) => row[flag] === 1),
    nonReturnable: row.nonReturnable === 1,
    onSale: row.archived === 0,
    price: row.price,
    images: [row.imageMain, row.image1, row.image2, row.image3, row.image4]
      .filter((image): image is string => Boolean(image))
      .map((image) => pictureUrl(image, publicUrl)),
    sizes: sizes
      .filter((size) => size.productId === row.id)
      .map((size) => ({
        size: size.size as Size,
        sku: size.sku,
        barcode: size.barcode,
        stock: size.stock,
        reorderPoint: size.reorderPoint,
      })),
  } satisfies TransferProduct;
}

/** Every product (or those of `ids`) as a file would carry it, a page at a time. */
async function* transferProducts(db: Db, publicUrl: string, ids?: readonly number[]): AsyncGenerator<TransferProduct> {
  let after = 0;
  for (;;) {
    const rows = await findProductPage(db, after, PAGE, ids);
    if (rows.length === 0) return;
    const page = rows.map((row) => row.id);
    const [sizes, hindi] = await Promise.all([findSizesOfProducts(db, page), translatedTexts(db, "hi-IN", page)]);
    for (const row of rows) yield transferOf(row, sizes, hindi, publicUrl);
    after = rows[rows.length - 1]?.id ?? after;
    if (rows.length < PAGE) return;
  }
}

/** `/admin/products.csv`: the catalogue (or the chosen products), streamed in Shopify's layout. */
export function exportProducts(
  db: Db,
  actor: Actor,
  options: { publicUrl: string; ids?: readonly number[] },
): Readable {
  assertCan(actor, "products.view");
  return productCsvStream(transferProducts(db, options.publicUrl, options.ids));
}

/** What the check needs of the shop: the file's products, and every SKU's and barcode's owner. */
async function lookupFor(db: Db, file: ProductCsvFile, publicUrl: string): Promise<ProductCsvLookup> {
  const rows = await findProductsByHandle(db, file.handles);
  const ids = rows.map((row) => row.id);
  const [sizes, hindi] = await Promise.all([findSizesOfProducts(db, ids), translatedTexts(db, "hi-IN", ids)]);
  const skuOwners = new Map<string, CodeOwner>();
  const barcodeOwners = new Map<string, CodeOwner>();
  for (const code of await findAllCodes(db)) {
    const owner = { handle: code.handle, title: code.title };
    skuOwners.set(code.sku, owner);
    if (code.barcode) barcodeOwners.set(code.barcode, owner);
  }
  return {
    products: new Map(rows.map((row) => [row.handle, transferOf(row, sizes, hindi, publicUrl)])),
    skuOwners,
    barcodeOwners,
  };
}

type FileSource = Parameters<typeof readProductCsv>[0];

/** The dry run: every problem by line and column, and what an import would create and change. */
export async function checkProductFile(
  db: Db,
  actor: Actor,
  source: FileSource,
  options: { publicUrl: string },
): Promise<ProductCsvPlan> {
  assertCan(actor, "products.edit");
  return (await checkAgainstShop(db, source, options.publicUrl)).plan;
}

async function checkAgainstShop(db: Db, source: FileSource, publicUrl: string) {
  const file = await readProductCsv(source);
  const lookup = await lookupFor(db, file, publicUrl);
  return { plan: checkProductCsv(file, lookup), lookup };
}

export type ImportReport = {
  id: number;
  created: { handle: string; title: string }[];
  updated: { handle: string; title: string; changes: string[] }[];
  unchanged: number;
  skipped: { handle: string; line: number; reason: string }[];
  problems: ProductCsvPlan["problems"];
  notices: string[];
  pictures: number;
};

/**
 * Imports a file: checked again against the shop as it is now, then one transaction per product.
 * Answers the report, which is kept with the import.
 */
export async function importProductFile(
  db: Db,
  actor: Actor,
  source: FileSource,
  options: { publicUrl: string; fileName: string; now?: number },
): Promise<ImportReport> {
  assertCan(actor, "products.edit");
  const now = options.now ?? Date.now();
  const { plan, lookup } = await checkAgainstShop(db, source, options.publicUrl);
  const by = stockByOf(actor);
  const cause = { reason: "count" as const, by, note: `Import of ${options.fileName.slice(0, 120)}`, now };
  const report: Omit<ImportReport, "id"> = {
    created: [],
    updated: [],
    unchanged: plan.unchanged.length,
    skipped: plan.refused.map((refused) => ({ ...refused, reason: problemsOf(plan, refused.line) })),
    problems: plan.problems,
    notices: plan.notices,
    pictures: 0,
  };
  const pictures = await writePlan(db, plan, lookup, { publicUrl: options.publicUrl, cause, actor }, report);
  report.skipped.sort((a, b) => a.line - b.line);
  report.pictures = pictures.length;
  const id = await db.transaction().execute(async (trx) => {
    const importId = await insertProductImport(trx, {
      fileName: options.fileName.slice(0, 200),
      userId: by.userId,
      byName: by.name,
      created: report.created.length,
      updated: report.updated.length,
      unchanged: report.unchanged,
      skipped: report.skipped.length,
      report: JSON.stringify(report),
      createdAt: now,
    });
    await insertPictureFetches(
      trx,
      pictures.map((picture) => ({ ...picture, importId, updatedAt: now })),
    );
    return importId;
  });
  if (report.created.length + report.updated.length > 0) await catalogVersion(db).changed();
  return { id, ...report };
}

/**
 * Writes the plan's products, each in a transaction of its own, into the report; answers the
 * pictures to fetch (those named by an address that is not the shop's own, new to the product).
 */
async function writePlan(
  db: Db,
  plan: ProductCsvPlan,
  lookup: ProductCsvLookup,
  context: { publicUrl: string; cause: StockCause & { now: number }; actor: Actor },
  report: Omit<ImportReport, "id">,
): Promise<{ productId: number; url: string }[]> {
  const pictures: { productId: number; url: string }[] = [];
  const write = async (product: PlannedProduct, existing: TransferProduct | undefined, changes: string[] = []) => {
    try {
      const id = await writePlannedProduct(db, product, existing, { ...context, changes });
      for (const url of product.images) {
        if (pictureRef(url, context.publicUrl) === url && !existing?.images.includes(url))
          pictures.push({ productId: id, url });
      }
      return true;
    } catch (error) {
      report.skipped.push({ handle: product.handle, line: product.line, reason: writeFailure(error) });
      return false;
    }
  };
  for (const product of plan.creates) {
    if (await write(product, undefined)) report.created.push({ handle: product.handle, title: product.title });
  }
  for (const { product, changes } of plan.updates) {
    if (await write(product, lookup.products.get(product.handle), changes))
      report.updated.push({ handle: product.handle, title: product.title, changes });
  }
  return pictures;
}

/** One planned product in a transaction of its own: its row, its sizes and the stock counted. */
async function writePlannedProduct(
  db: Db,
  product: PlannedProduct,
  existing: TransferProduct | undefined,
  context: { publicUrl: string; cause: StockCause & { now: number }; actor: Actor; changes: readonly string[] },
): Promise<number> {
  const { now } = context.cause;
  return db.transaction().execute(async (trx) => {
    const columns = columnsOf(product, context.publicUrl);
    let productId = existing?.id;
    if (productId) await updateProductRow(trx, productId, { ...columns, updatedAt: now });
    else productId = await insertProductWithHandle(trx, { ...columns, createdAt: now, updatedAt: now }, product.handle);
    const before = new Map(existing?.sizes.map((size) => [size.size, size]));
    const sizes = product.sizes.map((size) => ({
      size: size.size,
      sku: size.sku,
      barcode: size.barcode,
      reorderPoint: size.reorderPoint,
      // Stock the file leaves as the shop had it is not counted again: a sale since the check stays.
      ...(before.get(size.size)?.stock === size.stock ? {} : { stock: size.stock }),
    }));
    await writeSizes(trx, productId, sizes, context.cause, { removeOthers: false });
    // A Hindi cell left blank keeps the product's Hindi as it is (as every blank cell does).
    await saveTranslations(
      trx,
      productId,
      "hi-IN",
      { title: product.titleHi ?? undefined, description: product.descriptionHi ?? undefined },
      { title: columns.title, description: columns.description, fabric: columns.fabric ?? null },
      now,
    );
    await recordAudit(
      trx,
      context.actor,
      {
        kind: "product.imported",
        subject: productSubject({ id: productId, title: product.title }),
        after: { changes: existing ? [...context.changes] : ["created"] },
        reason: context.cause.note ?? null,
      },
      now,
    );
    return productId;
  });
}

function problemsOf(plan: ProductCsvPlan, line: number): string {
  const own = plan.problems.filter((problem) => problem.line === line);
  return own.length > 0 ? `${own.length} problem${own.length === 1 ? "" : "s"} in its rows` : "problems in its rows";
}

/** Why writing a product failed: another size took one of its codes since the check, or a refusal of its own. */
function writeFailure(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (/unique|duplicate key/i.test(message)) {
    return "an SKU, barcode or handle of it was taken by another product since the check: check the file again.";
  }
  if (error instanceof Error && "userMessage" in error) return String(error.userMessage);
  throw error;
}

/** A planned product's columns, checked by the product form's own schema. */
function columnsOf(product: PlannedProduct, publicUrl: string) {
  const parsed = parseInput(productInputSchema, {
    title: product.title,
    price: product.price,
    images: product.images.map((url) => pictureRef(url, publicUrl)),
    category: product.category,
    type: product.type,
    fabric: product.fabric,
    hsn: product.hsn,
    description: product.description,
    description1: product.description1,
    flags: flagRecord(product.collections as CollectionFlag[]),
    nonReturnable: product.nonReturnable,
    sizes: product.sizes.map((size) => ({ size: size.size, stock: size.stock })),
  });
  return { ...productColumns(parsed), archived: product.onSale ? 0 : 1 };
}

/** An import's report as it was written, with how its pictures are getting on. */
export async function productImportReport(db: Db, actor: Actor, importId: number) {
  assertCan(actor, "products.view");
  const row = Number.isSafeInteger(importId) && importId > 0 ? await findProductImport(db, importId) : undefined;
  if (!row) throw new AppError("not-found", "This import could not be found.");
  const report = JSON.parse(row.report) as Omit<ImportReport, "id">;
  return {
    id: row.id,
    fileName: row.fileName,
    byName: row.byName,
    createdAt: Number(row.createdAt),
    ...report,
    pictureFetches: await findPictureFetches(db, row.id),
  };
}

/** What a check shows: its problems and notices, and what would be created, changed and skipped. */
export function checkSummary(plan: ProductCsvPlan) {
  return {
    rows: plan.rows,
    problems: plan.problems.slice(0, 500),
    moreProblems: Math.max(0, plan.problems.length - 500),
    notices: plan.notices,
    creates: plan.creates.map((product) => ({
      handle: product.handle,
      title: product.title,
      sizes: product.sizes.map((size) => `${size.size} (${size.sku}, ${size.stock})`).join(", "),
    })),
    updates: plan.updates.map(({ product, changes }) => ({ handle: product.handle, title: product.title, changes })),
    unchanged: plan.unchanged.length,
    refused: plan.refused,
  };
}
