import type { Actor } from "#core/actor.ts";
import { COLLECTION_FLAGS, effectiveFlags } from "#core/collections.ts";
import { productHandle } from "#core/product-handle.ts";
import { assertAdmin } from "../access.ts";
import type { Db, Executor, NewProductRow } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { randomId } from "../ids.ts";
import { stockByOf } from "../stock/stock.service.ts";
import type { Storage } from "../storage/storage.ts";
import { decimalInteger, parseInput } from "../validation/fields.ts";
import {
  findDistinctCategories,
  findDistinctFabrics,
  findDistinctTypes,
  findProductRow,
  insertProduct,
  updateProductRow,
} from "./catalog.repository.ts";
import { type ProductInput, productInputSchema } from "./catalog.schemas.ts";
import { findProduct } from "./catalog.service.ts";
import { catalogVersion } from "./catalog-version.ts";
import { suggestHsn } from "./hsn.ts";
import { writeSizes } from "./product-sizes.ts";
import { type ProductSubmission, productFromSubmission } from "./product-submission.ts";
import { productIndexColumns, productSearchText } from "./search/words.ts";

/** Adds a product with its sizes in one transaction. */
export async function createProduct(
  db: Db,
  actor: Actor,
  input: ProductInput,
  now: number = Date.now(),
): Promise<number> {
  assertAdmin(actor);
  const product = parseProduct(input);
  const id = await db.transaction().execute(async (trx) => {
    const productId = await insertProductWithHandle(trx, {
      ...productColumns(product),
      createdAt: now,
      updatedAt: now,
    });
    await writeSizes(
      trx,
      productId,
      product.sizes,
      { reason: "count", by: stockByOf(actor), now },
      { removeOthers: true },
    );
    return productId;
  });
  await catalogVersion(db).changed();
  return id;
}

/** Changes every field of a product, its sizes and their stock included. */
export async function updateProduct(
  db: Db,
  actor: Actor,
  id: number,
  input: ProductInput,
  now: number = Date.now(),
): Promise<void> {
  assertAdmin(actor);
  const product = parseProduct(input);
  await db.transaction().execute(async (trx) => {
    const existing = await findProductRow(trx, id);
    if (!existing || existing.archived) throw new AppError("not-found", "This product could not be found.");
    await updateProductRow(trx, id, { ...productColumns(product), updatedAt: now });
    await writeSizes(trx, id, product.sizes, { reason: "count", by: stockByOf(actor), now }, { removeOthers: true });
  });
  await catalogVersion(db).changed();
}

/**
 * The Add and Edit Product form: checked, its new pictures stored, then the product added (no id)
 * or every field of the product saved. Returns the product's id.
 */
export async function saveProductFromForm(
  db: Db,
  storage: Storage,
  actor: Actor,
  submission: ProductSubmission,
  id?: number,
): Promise<number> {
  assertAdmin(actor);
  const input = await productFromSubmission(storage, submission);
  if (id === undefined) return createProduct(db, actor, input);
  await updateProduct(db, actor, id, input);
  return id;
}

/** Deleting a product archives it: it leaves the shop, and past orders keep their snapshot of it. */
export async function archiveProduct(
  db: Db,
  actor: Actor,
  productId: number | string,
  now: number = Date.now(),
): Promise<void> {
  assertAdmin(actor);
  const id = parseInput(decimalInteger("This product could not be found.", 1, Number.MAX_SAFE_INTEGER), productId);
  const changed = await updateProductRow(db, id, { archived: 1, updatedAt: now });
  if (changed === 0) throw new AppError("not-found", "This product could not be found.");
  await catalogVersion(db).changed();
}

/**
 * Adds a product row with its handle: the one given (a file's), else the shop's rule, the title's
 * words and the id, which is known only once the row is in (record 41).
 */
export async function insertProductWithHandle(
  trx: Executor,
  row: Omit<NewProductRow, "handle">,
  handle?: string,
): Promise<number> {
  const id = await insertProduct(trx, { ...row, handle: handle ?? `new-${randomId(16)}` });
  if (handle === undefined) await updateProductRow(trx, id, { handle: productHandle(row.title, id) });
  return id;
}

function parseProduct(input: ProductInput) {
  return parseInput(productInputSchema, input);
}

export type ParsedProduct = ReturnType<typeof parseProduct>;

/** The stored columns of a product, with the lowercase keys that listings filter and search on. */
export function productColumns(product: ParsedProduct): Omit<NewProductRow, "createdAt" | "updatedAt" | "handle"> {
  const [imageMain = "", image1 = null, image2 = null, image3 = null, image4 = null] = product.images;
  // Pinterest Finds and Western also hold every product whose category text is theirs.
  const effective = effectiveFlags(product.flags, product.category);
  const flags = Object.fromEntries(COLLECTION_FLAGS.map((flag) => [flag, effective[flag] ? 1 : 0]));
  return {
    title: product.title,
    price: product.price,
    imageMain,
    image1,
    image2,
    image3,
    image4,
    category: product.category,
    categoryKey: product.category.toLowerCase(),
    type: product.type,
    fabric: product.fabric,
    fabricKey: product.fabric?.toLowerCase() ?? "",
    hsn: product.hsn ?? suggestHsn(product),
    description: product.description,
    description1: product.description1,
    nonReturnable: product.nonReturnable ? 1 : 0,
    searchText: productSearchText(product),
    ...productIndexColumns(product),
    ...(flags as Record<(typeof COLLECTION_FLAGS)[number], number>),
  };
}

/** Suggestions for the product form's free-text fields, from the values products already use. */
export async function productFormSuggestions(db: Db, actor: Actor) {
  assertAdmin(actor);
  const [categories, types, fabrics] = await Promise.all([
    findDistinctCategories(db, undefined),
    findDistinctTypes(db),
    findDistinctFabrics(db, undefined),
  ]);
  return {
    categories: categories.map((row) => row.label ?? row.categoryKey),
    types,
    fabrics: fabrics.map((row) => row.label ?? row.fabricKey),
  };
}

/** A product for the edit form: any product that has not been deleted. */
export async function productForEditing(db: Db, actor: Actor, id: number) {
  assertAdmin(actor);
  const product = await findProduct(db, id);
  if (!product || product.archived) throw new AppError("not-found", "This product could not be found.");
  return product;
}
