import { z } from "zod";
import type { Actor } from "#core/actor.ts";
import { COLLECTION_FLAGS, type CollectionFlag, FLAG_LABELS } from "#core/collections.ts";
import { assertCan } from "../access.ts";
import { type AuditRecord, productSubject, recordAudit } from "../audit/audit.service.ts";
import type { Db, Executor } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { pageNumber, parseInput } from "../validation/fields.ts";
import { catalogVersion } from "./catalog-version.ts";
import {
  countProductList,
  findPrices,
  findProductList,
  type ProductListFilter,
  setPrice,
  setProductsCollection,
  setProductsShown,
} from "./product-list.repository.ts";

/*
 * The admin's product list (record 46): search by title, SKU or barcode; filters by collection,
 * stock, status and Hindi text (missing or out of date, record 47); bulk publish, hide, add to or take out of a collection, and a price change by
 * percent with its reason. Each bulk action is one transaction over the selection.
 */

export const PRODUCT_LIST_PAGE = 25;
/** The most products one bulk action takes: a page of the list, a few times over. */
export const MAX_SELECTION = 200;

export const productListQuerySchema = z.object({
  q: z
    .string()
    .optional()
    .transform((value) => value?.trim().slice(0, 100) || undefined),
  collection: z.enum(COLLECTION_FLAGS).optional().catch(undefined),
  stock: z.enum(["out", "low", "in"]).optional().catch(undefined),
  status: z.enum(["shown", "hidden"]).optional().catch(undefined),
  hindi: z.enum(["missing", "stale"]).optional().catch(undefined),
  page: z
    .string()
    .optional()
    .transform((value) => pageNumber(value)),
});
export type ProductListQuery = z.output<typeof productListQuerySchema>;

export async function productList(db: Db, actor: Actor, query: ProductListQuery) {
  assertCan(actor, "products.view");
  const filter: ProductListFilter = query;
  const offset = (query.page - 1) * PRODUCT_LIST_PAGE;
  const [rows, total] = await Promise.all([
    findProductList(db, filter, PRODUCT_LIST_PAGE, offset),
    countProductList(db, filter),
  ]);
  return {
    rows: rows.map((row) => ({
      ...row,
      createdAt: Number(row.createdAt),
      sizesLow: Number(row.sizesLow),
      sizesOut: Number(row.sizesOut),
      pieces: Number(row.pieces),
      shown: row.archived === 0,
    })),
    total,
    page: query.page,
    pageCount: Math.max(1, Math.ceil(total / PRODUCT_LIST_PAGE)),
  };
}

const selection = z
  .array(z.coerce.number().int().positive())
  .min(1, "Choose at least one product.")
  .max(MAX_SELECTION, `Choose at most ${MAX_SELECTION} products at once.`);

export const bulkActionSchema = z.discriminatedUnion("action", [
  z.object({ action: z.literal("publish"), ids: selection }),
  z.object({ action: z.literal("hide"), ids: selection }),
  z.object({
    action: z.literal("add-collection"),
    ids: selection,
    collection: z.enum(COLLECTION_FLAGS, "Choose a collection."),
  }),
  z.object({
    action: z.literal("remove-collection"),
    ids: selection,
    collection: z.enum(COLLECTION_FLAGS, "Choose a collection."),
  }),
  z.object({
    action: z.literal("price"),
    ids: selection,
    percent: z
      .number("Give the change in percent, such as -10 or 5.")
      .min(-90, "A price can go down by at most 90%.")
      .max(300, "A price can go up by at most 300%.")
      .refine((value) => value !== 0, "A change of 0% changes nothing."),
    reason: z.string().trim().min(3, "Say why the prices change (a sale, new costs…).").max(200),
  }),
]);
export type BulkAction = z.input<typeof bulkActionSchema>;

/** A price changed by a percentage, in whole rupees, never below ₹1. */
export function priceByPercent(price: number, percent: number): number {
  return Math.max(100, Math.round((price * (100 + percent)) / 100 / 100) * 100);
}

type Audit = (product: { id: number; title: string }, entry: Omit<AuditRecord, "subject">) => Promise<void>;
type Chosen = { ids: number[]; products: { id: number; title: string; price: number }[] };

/** Applies a bulk action to the chosen products; answers what it did, in words for the toast. */
export async function bulkChangeProducts(db: Db, actor: Actor, input: BulkAction, now: number = Date.now()) {
  assertCan(actor, "products.edit");
  const bulk = parseInput(bulkActionSchema, input);
  const ids = [...new Set(bulk.ids)];
  const message = await db.transaction().execute(async (trx) => {
    const products = await findPrices(trx, ids);
    if (products.length === 0) throw new AppError("not-found", "None of these products could be found.");
    const audit: Audit = (product, entry) =>
      recordAudit(trx, actor, { ...entry, subject: productSubject(product) }, now);
    const chosen = { ids, products };
    if (bulk.action === "price") return changePrices(trx, chosen, bulk, audit, now);
    if (bulk.action === "publish" || bulk.action === "hide")
      return showProducts(trx, chosen, bulk.action === "publish", audit, now);
    return changeCollection(
      trx,
      chosen,
      { collection: bulk.collection, member: bulk.action === "add-collection" },
      audit,
      now,
    );
  });
  await catalogVersion(db).changed();
  return { message };
}

async function showProducts(trx: Executor, chosen: Chosen, shown: boolean, audit: Audit, now: number) {
  const changed = await setProductsShown(trx, chosen.ids, shown, now);
  for (const product of chosen.products) await audit(product, { kind: "product.updated", after: { onSale: shown } });
  return `${changed} of ${chosen.ids.length} products ${shown ? "put on sale" : "hidden"}.`;
}

async function changeCollection(
  trx: Executor,
  chosen: Chosen,
  change: { collection: CollectionFlag; member: boolean },
  audit: Audit,
  now: number,
) {
  const label = FLAG_LABELS[change.collection];
  const changed = await setProductsCollection(trx, chosen.ids, change.collection, change.member, now);
  for (const product of chosen.products) {
    await audit(product, { kind: "product.updated", after: { [label]: change.member } });
  }
  return `${changed} of ${chosen.ids.length} products ${change.member ? "added to" : "taken out of"} ${label}.`;
}

/** Each chosen product's price changed by the percent, each change in the audit log with its reason. */
async function changePrices(
  trx: Executor,
  chosen: Chosen,
  bulk: { percent: number; reason: string },
  audit: Audit,
  now: number,
): Promise<string> {
  for (const product of chosen.products) {
    const price = priceByPercent(product.price, bulk.percent);
    await setPrice(trx, product.id, price, now);
    const after = { price, percent: bulk.percent };
    await audit(product, { kind: "product.price", before: { price: product.price }, after, reason: bulk.reason });
  }
  return `${chosen.products.length} prices changed by ${bulk.percent > 0 ? "+" : ""}${bulk.percent}%.`;
}
