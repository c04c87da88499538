import { type Expression, type SqlBool, sql } from "kysely";
import type { CollectionFlag } from "#core/collections.ts";
import type { ListingSort } from "#core/listings.ts";
import { engineOf } from "../db/database.ts";
import type { Executor, NewProductRow, ProductRow, ProductSizeRow, ProductUpdate } from "../db/schema.ts";

export type ListingFilter = {
  /** The collection's flag; undefined = every live product. */
  membership: CollectionFlag | undefined;
  /** The search's words (canonical, lower case), each with the LIKE pattern that finds it. */
  search?: { words: string[]; patterns: string[] };
  typePattern?: string;
  fabricKey?: string;
  maxPrice?: number;
  sort: ListingSort;
};

export type CardRow = Pick<ProductRow, "id" | "title" | "price" | "imageMain">;

/*
 * The predicates below are written with literal values so that they match the partial indexes of
 * migration 0001 exactly (a bound parameter would not).
 */
function membershipPredicate(membership: CollectionFlag | undefined): Expression<SqlBool> {
  if (!membership) return sql<SqlBool>`archived = 0`;
  return sql<SqlBool>`archived = 0 and ${sql.ref(membership)} = 1`;
}

function containsPattern(column: string, pattern: string): Expression<SqlBool> {
  return sql<SqlBool>`${sql.ref(column)} like ${pattern} escape '\\'`;
}

const ORDER: Record<ListingSort, { column: "price" | "createdAt" | "soldCount"; direction: "asc" | "desc" }> = {
  low: { column: "price", direction: "asc" },
  high: { column: "price", direction: "desc" },
  new: { column: "createdAt", direction: "desc" },
  popular: { column: "soldCount", direction: "desc" },
};

/** The conditions of a listing's filters, shared by its page and its count. */
async function listingConditions(executor: Executor, filter: ListingFilter): Promise<Expression<SqlBool>[]> {
  const conditions = [membershipPredicate(filter.membership)];
  if (filter.search) {
    for (const pattern of filter.search.patterns) conditions.push(containsPattern("searchText", pattern));
    // The longest word is the rarest, as a rule: it chooses the candidates.
    const longest = [...filter.search.words].sort((a, b) => b.length - a.length)[0];
    const few = longest ? await rareSearchCandidates(executor, longest) : null;
    if (few) conditions.push(few);
  }
  if (filter.typePattern) conditions.push(containsPattern("categoryKey", filter.typePattern));
  if (filter.fabricKey !== undefined) conditions.push(sql<SqlBool>`fabric_key = ${filter.fabricKey}`);
  if (filter.maxPrice !== undefined) conditions.push(sql<SqlBool>`price <= ${filter.maxPrice}`);
  return conditions;
}

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
  const order = ORDER[filter.sort];
  let page = executor.selectFrom("products").select(["id", order.column]);
  for (const condition of await listingConditions(executor, filter)) page = page.where(condition);
  const ids = page.orderBy(order.column, order.direction).orderBy("id", order.direction).limit(limit).offset(offset);
  return executor
    .selectFrom(ids.as("page"))
    .innerJoin("products", "products.id", "page.id")
    .select(["products.id", "products.title", "products.price", "products.imageMain"])
    .orderBy(`page.${order.column}`, order.direction)
    .orderBy("page.id", order.direction)
    .execute();
}

/** How many products a listing's filters match, for "Page 2 of 5 · 103 products". */
export async function countListing(executor: Executor, filter: ListingFilter): Promise<number> {
  let query = executor.selectFrom("products").select(({ fn }) => fn.countAll<number | string>().as("count"));
  for (const condition of await listingConditions(executor, filter)) query = query.where(condition);
  return Number((await query.executeTakeFirstOrThrow()).count);
}

/** Below this many matches, a search starts from the trigram index rather than the price order. */
const RARE_MATCHES = 1000;

/**
 * SQLite: the ids of the few products whose text contains a rare search term, from the FTS5 trigram
 * index; null when the term is common (walking the price order then finds a page sooner) or too
 * short for trigrams. PostgreSQL's planner makes this choice itself with pg_trgm's statistics.
 */
async function rareSearchCandidates(executor: Executor, text: string) {
  if (engineOf(executor) !== "sqlite" || [...text].length < 3) return null;
  const phrase = `"${text.replaceAll('"', '""')}"`;
  const counted = await sql<{ matches: number }>`select count(*) as matches from (
      select rowid from products_search where products_search match ${phrase} limit ${RARE_MATCHES}
    )`.execute(executor);
  if ((counted.rows[0]?.matches ?? RARE_MATCHES) >= RARE_MATCHES) return null;
  return sql<SqlBool>`id in (select rowid from products_search where products_search match ${phrase})`;
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

export async function insertProduct(executor: Executor, row: NewProductRow): Promise<number> {
  const inserted = await executor.insertInto("products").values(row).returning("id").executeTakeFirstOrThrow();
  return inserted.id;
}

export async function updateProductRow(executor: Executor, id: number, changes: ProductUpdate): Promise<number> {
  const result = await executor.updateTable("products").set(changes).where("id", "=", id).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Sets each size's stock and order (adding new sizes) and removes sizes no longer offered. */
export async function syncSizes(
  executor: Executor,
  productId: number,
  sizes: readonly { size: string; stock: number }[],
): Promise<void> {
  for (const [position, entry] of sizes.entries()) {
    await executor
      .insertInto("productSizes")
      .values({ productId, size: entry.size, stock: entry.stock, position })
      .onConflict((conflict) => conflict.columns(["productId", "size"]).doUpdateSet({ stock: entry.stock, position }))
      .execute();
  }
  await executor
    .deleteFrom("productSizes")
    .where("productId", "=", productId)
    .where(
      "size",
      "not in",
      sizes.map((entry) => entry.size),
    )
    .execute();
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
