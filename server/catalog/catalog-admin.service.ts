import { type Actor, isStaffUser } from "#core/actor.ts";
import { COLLECTION_FLAGS, effectiveFlags } from "#core/collections.ts";
import { productHandle } from "#core/product-handle.ts";
import { assertCan } from "../access.ts";
import { productSubject, recordAudit } from "../audit/audit.service.ts";
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
  findSizes,
  insertProduct,
  updateProductRow,
} from "./catalog.repository.ts";
import { type ProductInput, productInputSchema } from "./catalog.schemas.ts";
import { findProduct } from "./catalog.service.ts";
import { catalogVersion } from "./catalog-version.ts";
import { suggestHsn } from "./hsn.ts";
import { writeSizes } from "./product-sizes.ts";
import { type ProductSubmission, productFromSubmission } from "./product-submission.ts";
import { saveTranslations, translationsOf } from "./product-translations.ts";
import { productIndexColumns, productSearchText } from "./search/words.ts";

/** Adds a product with its sizes in one transaction, with its audit entry. */
export async function createProduct(
  db: Db,
  actor: Actor,
  input: ProductInput,
  now: number = Date.now(),
): Promise<number> {
  assertCan(actor, "products.edit");
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
    await recordAudit(
      trx,
      actor,
      {
        kind: "product.created",
        subject: productSubject({ id: productId, title: product.title }),
        after: { price: product.price, stock: stockOf(product.sizes) },
      },
      now,
    );
    await saveHindi(trx, productId, product, now);
    return productId;
  });
  await catalogVersion(db).changed();
  return id;
}

/**
 * Changes every field of a product, its sizes and their stock included. A member of staff who
 * changes the price or the stock says why (record 45): the audit entry keeps the values before and
 * after, and the reason.
 */
export async function updateProduct(
  db: Db,
  actor: Actor,
  id: number,
  input: ProductInput,
  now: number = Date.now(),
  reason = "",
): Promise<void> {
  assertCan(actor, "products.edit");
  const product = parseProduct(input);
  await db.transaction().execute(async (trx) => {
    const existing = await findProductRow(trx, id);
    if (!existing || existing.archived) throw new AppError("not-found", "This product could not be found.");
    const before = stockOf(await findSizes(trx, [id]));
    const after = stockOf(product.sizes);
    const priced = existing.price !== product.price;
    const stocked = JSON.stringify(before) !== JSON.stringify(after);
    if ((priced || stocked) && isStaffUser(actor) && !reason.trim()) {
      const message = "Please say why the price or the stock changed.";
      throw new AppError("validation-failed", message, { reason: message });
    }
    await updateProductRow(trx, id, { ...productColumns(product), updatedAt: now });
    const subject = { type: "product" as const, id, label: product.title };
    const why = reason.trim() || null;
    await writeSizes(
      trx,
      id,
      product.sizes,
      { reason: "count", by: stockByOf(actor), note: why, now },
      { removeOthers: true },
    );
    if (priced) {
      await recordAudit(
        trx,
        actor,
        {
          kind: "product.price",
          subject,
          before: { price: existing.price },
          after: { price: product.price },
          reason: why,
        },
        now,
      );
    }
    if (stocked) {
      await recordAudit(
        trx,
        actor,
        { kind: "product.stock", subject, before: { stock: before }, after: { stock: after }, reason: why },
        now,
      );
    }
    if (!priced && !stocked) await recordAudit(trx, actor, { kind: "product.updated", subject }, now);
    await saveHindi(trx, id, product, now);
  });
  await catalogVersion(db).changed();
}

/** Pieces per size, by size. */
function stockOf(sizes: readonly { size: string; stock: number }[]): Record<string, number> {
  return Object.fromEntries(
    [...sizes].sort((a, b) => a.size.localeCompare(b.size)).map((entry) => [entry.size, entry.stock]),
  );
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
  assertCan(actor, "products.edit");
  const input = await productFromSubmission(storage, submission);
  if (id === undefined) return createProduct(db, actor, input);
  await updateProduct(db, actor, id, input, Date.now(), submission.reason ?? "");
  return id;
}

/** Deleting a product archives it: it leaves the shop, and past orders keep their snapshot of it. */
export async function archiveProduct(
  db: Db,
  actor: Actor,
  productId: number | string,
  now: number = Date.now(),
): Promise<void> {
  assertCan(actor, "products.edit");
  const id = parseInput(decimalInteger("This product could not be found.", 1, Number.MAX_SAFE_INTEGER), productId);
  await db.transaction().execute(async (trx) => {
    const existing = await findProductRow(trx, id);
    const changed = await updateProductRow(trx, id, { archived: 1, updatedAt: now });
    if (changed === 0 || !existing) throw new AppError("not-found", "This product could not be found.");
    await recordAudit(
      trx,
      actor,
      { kind: "product.archived", subject: { type: "product", id, label: existing.title } },
      now,
    );
  });
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
export function productColumns(
  product: Omit<ParsedProduct, "titleHi" | "descriptionHi" | "fabricHi">,
): Omit<NewProductRow, "createdAt" | "updatedAt" | "handle"> {
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
  assertCan(actor, "products.view");
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
  assertCan(actor, "products.view");
  const product = await findProduct(db, id);
  if (!product || product.archived) throw new AppError("not-found", "This product could not be found.");
  return { ...product, hindi: await translationsOf(db, id, "hi-IN", product) };
}

/** The editor's Hindi fields, saved with the product. */
function saveHindi(trx: Executor, productId: number, product: ParsedProduct, now: number) {
  return saveTranslations(
    trx,
    productId,
    "hi-IN",
    { title: product.titleHi, description: product.descriptionHi, fabric: product.fabricHi },
    { title: product.title, description: product.description, fabric: product.fabric ?? null },
    now,
  );
}
