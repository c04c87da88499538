import { z } from "zod";
import type { Actor } from "#core/actor.ts";
import { COLLECTION_FLAGS, FLAG_LABELS } from "#core/collections.ts";
import { assertAdmin } from "../access.ts";
import type { Db } from "../db/schema.ts";
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
 * stock and status; bulk publish, hide, add to or take out of a collection, and a price change by
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
  page: z
    .string()
    .optional()
    .transform((value) => pageNumber(value)),
});
export type ProductListQuery = z.output<typeof productListQuerySchema>;

export async function productList(db: Db, actor: Actor, query: ProductListQuery) {
  assertAdmin(actor);
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

/** Applies a bulk action to the chosen products; answers what it did, in words for the toast. */
export async function bulkChangeProducts(db: Db, actor: Actor, input: BulkAction, now: number = Date.now()) {
  assertAdmin(actor);
  const bulk = parseInput(bulkActionSchema, input);
  const ids = [...new Set(bulk.ids)];
  const message = await db.transaction().execute(async (trx) => {
    switch (bulk.action) {
      case "publish":
        return `${await setProductsShown(trx, ids, true, now)} of ${ids.length} products put on sale.`;
      case "hide":
        return `${await setProductsShown(trx, ids, false, now)} of ${ids.length} products hidden.`;
      case "add-collection":
      case "remove-collection": {
        const member = bulk.action === "add-collection";
        const changed = await setProductsCollection(trx, ids, bulk.collection, member, now);
        return `${changed} of ${ids.length} products ${member ? "added to" : "taken out of"} ${FLAG_LABELS[bulk.collection]}.`;
      }
      case "price": {
        const products = await findPrices(trx, ids);
        if (products.length === 0) throw new AppError("not-found", "None of these products could be found.");
        for (const product of products)
          await setPrice(trx, product.id, priceByPercent(product.price, bulk.percent), now);
        return `${products.length} prices changed by ${bulk.percent > 0 ? "+" : ""}${bulk.percent}%.`;
      }
    }
  });
  await catalogVersion(db).changed();
  return { message };
}
