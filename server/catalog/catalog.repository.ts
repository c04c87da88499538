import { sql } from "kysely";
import type { CollectionFlag } from "#core/collections.ts";
import type { Executor, NewProductRow, ProductRow, ProductSizeRow, ProductUpdate } from "../db/schema.ts";
import {
  type CardRow,
  type ListingFilter,
  listingConditions,
  membershipPredicate,
  orderKeys,
} from "./listing-filters.ts";
import { countSearch, findSearchPage } from "./search/product-search.repository.ts";

/**
 * One page of a listing. The page's ids are found first from the indexes alone (the rows skipped for
 * an offset are never read), then only those rows are fetched.
 */
export async function findListingPage(
  executor: Executor,
  filter: ListingFilter,
  limit: number,
  offset: number,
): Promise<CardRow[]> {
  if (filter.search) return findSearchPage(executor, filter, filter.search.terms, limit, offset);
  const keys = orderKeys(filter.sort);
  let page = executor
    .selectFrom("products")
    .select(["id", ...keys.map((orderKey, index) => sql`${orderKey.expression}`.as(`o${index}`))]);
  for (const condition of listingConditions(filter)) page = page.where(condition);
  for (const [index, orderKey] of keys.entries()) page = page.orderBy(sql.ref(`o${index}`), orderKey.direction);
  const ids = page.orderBy("id", "desc").limit(limit).offset(offset);
  let rows = executor
    .selectFrom(ids.as("page"))
    .innerJoin("products", "products.id", "page.id")
    .select(["products.id", "products.title", "products.price", "products.imageMain"]);
  for (const [index, orderKey] of keys.entries()) rows = rows.orderBy(sql.ref(`page.o${index}`), orderKey.direction);
  return rows.orderBy("page.id", "desc").execute();
}

/** How many products a listing's filters match, for "Page 2 of 5 · 103 products". */
export async function countListing(executor: Executor, filter: ListingFilter): Promise<number> {
  if (filter.search) return countSearch(executor, filter, filter.search.terms);
  let query = executor.selectFrom("products").select(({ fn }) => fn.countAll<number | string>().as("count"));
  for (const condition of listingConditions(filter)) query = query.where(condition);
  return Number((await query.executeTakeFirstOrThrow()).count);
}

export async function findDistinctCategories(executor: Executor, membership: CollectionFlag | undefined) {
  return executor
    .selectFrom("products")
    .select(({ fn }) => ["categoryKey", fn.min("category").as("label")])
    .where(membershipPredicate(membership))
    .groupBy("categoryKey")
    .orderBy("categoryKey")
    .execute();
}

/** The garment types of a listing (Kurta, Saree, Top…), one spelling of each. */
export async function findListingTypes(executor: Executor, membership: CollectionFlag | undefined) {
  const rows = await executor
    .selectFrom("products")
    .select(({ fn }) => [sql<string>`lower(${sql.ref("type")})`.as("typeKey"), fn.min("type").as("label")])
    .where(membershipPredicate(membership))
    .groupBy(sql`lower(${sql.ref("type")})`)
    .orderBy(sql`lower(${sql.ref("type")})`)
    .execute();
  return rows.map((row) => row.label ?? row.typeKey);
}

/** The HSN codes a listing's products carry, which tell clothes from metals and leather. */
export async function findListingHsnCodes(executor: Executor, membership: CollectionFlag | undefined) {
  const rows = await executor
    .selectFrom("products")
    .select("hsn")
    .distinct()
    .where(membershipPredicate(membership))
    .where("fabricKey", "<>", "")
    .limit(200)
    .execute();
  return rows.map((row) => row.hsn);
}

export async function findDistinctFabrics(executor: Executor, membership: CollectionFlag | undefined) {
  return executor
    .selectFrom("products")
    .select(({ fn }) => ["fabricKey", fn.min("fabric").as("label")])
    .where(membershipPredicate(membership))
    .where("fabricKey", "<>", "")
    .groupBy("fabricKey")
    .orderBy("fabricKey")
    .execute();
}

export async function findDistinctTypes(executor: Executor) {
  const rows = await executor
    .selectFrom("products")
    .select("type")
    .distinct()
    .where(membershipPredicate(undefined))
    .orderBy("type")
    .limit(200)
    .execute();
  return rows.map((row) => row.type);
}

export async function findNewest(executor: Executor, membership: CollectionFlag | undefined, limit: number) {
  return executor
    .selectFrom("products")
    .select(["id", "title", "price", "imageMain"])
    .where(membershipPredicate(membership))
    .orderBy("createdAt", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

export async function findProductRow(executor: Executor, id: number): Promise<ProductRow | undefined> {
  return executor.selectFrom("products").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function findSizes(executor: Executor, productIds: readonly number[]): Promise<ProductSizeRow[]> {
  if (productIds.length === 0) return [];
  return executor
    .selectFrom("productSizes")
    .selectAll()
    .where("productId", "in", productIds)
    .orderBy("productId")
    .orderBy("position")
    .execute();
}

/** A product's title, whether it is archived, and the stock of one size (null: no such size). */
export async function findSizeStock(executor: Executor, productId: number, size: string) {
  return executor
    .selectFrom("products")
    .leftJoin("productSizes", (join) =>
      join.onRef("productSizes.productId", "=", "products.id").on("productSizes.size", "=", size),
    )
    .select(["products.id", "products.title", "products.archived", "productSizes.stock"])
    .where("products.id", "=", productId)
    .executeTakeFirst();
}

export async function countLiveProducts(executor: Executor): Promise<number> {
  const row = await executor
    .selectFrom("products")
    .select(({ fn }) => fn.countAll<number | string>().as("count"))
    .where(membershipPredicate(undefined))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function countAllProducts(executor: Executor): Promise<number> {
  const row = await executor
    .selectFrom("products")
    .select(({ fn }) => fn.countAll<number | string>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function findProductIdsByHandle(executor: Executor, handles: readonly string[]) {
  if (handles.length === 0) return [];
  return executor.selectFrom("products").select(["id", "handle"]).where("handle", "in", handles).execute();
}

export async function insertProduct(executor: Executor, row: NewProductRow): Promise<number> {
  const inserted = await executor.insertInto("products").values(row).returning("id").executeTakeFirstOrThrow();
  return inserted.id;
}

export async function updateProductRow(executor: Executor, id: number, changes: ProductUpdate): Promise<number> {
  const result = await executor.updateTable("products").set(changes).where("id", "=", id).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Adds a size with no stock yet: its stock comes by movements (server/stock). */
export async function insertSize(
  executor: Executor,
  size: {
    productId: number;
    size: string;
    position: number;
    sku: string;
    barcode?: string | null;
    reorderPoint?: number | null;
  },
): Promise<void> {
  await executor
    .insertInto("productSizes")
    .values({ ...size, barcode: size.barcode ?? null, reorderPoint: size.reorderPoint ?? null, stock: 0 })
    .execute();
}

/** A size's place in the product's list, SKU, barcode and reorder point. */
export async function updateSize(
  executor: Executor,
  productId: number,
  size: string,
  changes: { position?: number; sku?: string; barcode?: string | null; reorderPoint?: number | null },
): Promise<number> {
  const result = await executor
    .updateTable("productSizes")
    .set(changes)
    .where("productId", "=", productId)
    .where("size", "=", size)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Removes sizes a product no longer offers (their stock was counted to zero first). */
export async function deleteSizes(executor: Executor, productId: number, sizes: readonly string[]): Promise<void> {
  if (sizes.length === 0) return;
  await executor.deleteFrom("productSizes").where("productId", "=", productId).where("size", "in", sizes).execute();
}

/** Who holds each of these SKUs or barcodes: the product's handle and title. */
export async function findCodeOwners(executor: Executor, column: "sku" | "barcode", codes: readonly string[]) {
  if (codes.length === 0) return [];
  return executor
    .selectFrom("productSizes")
    .innerJoin("products", "products.id", "productSizes.productId")
    .select([
      "productSizes.sku",
      "productSizes.barcode",
      "productSizes.productId",
      "productSizes.size",
      "products.handle",
      "products.title",
    ])
    .where(`productSizes.${column}`, "in", codes)
    .execute();
}

/** Whether an SKU is some size's already. */
export async function skuExists(executor: Executor, sku: string): Promise<boolean> {
  const row = await executor.selectFrom("productSizes").select("productId").where("sku", "=", sku).executeTakeFirst();
  return row !== undefined;
}

/** Live product ids and their last change, newest first, for the sitemap. */
export async function findLiveProductStamps(executor: Executor, limit: number) {
  return executor
    .selectFrom("products")
    .select(["id", "updatedAt"])
    .where(membershipPredicate(undefined))
    .orderBy("createdAt", "desc")
    .limit(limit)
    .execute();
}

/** The published reviews' count and star total of each product, for the listing cards. */
export async function findRatings(executor: Executor, productIds: readonly number[]) {
  if (productIds.length === 0) return [];
  const rows = await executor
    .selectFrom("reviews")
    .select(["productId", sql<number>`count(*)`.as("count"), sql<number>`sum(rating)`.as("stars")])
    .where("productId", "in", productIds)
    .where("status", "=", "approved")
    .groupBy("productId")
    .execute();
  return rows.map((row) => ({ productId: Number(row.productId), count: Number(row.count), stars: Number(row.stars) }));
}
