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
  /** The garment type, lower case: Kurta, Saree, Top… */
  typeKey?: string;
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

/** One key of a listing's order: an expression, selected as `alias`, and its direction. */
type OrderKey = { alias: "o1" | "o2"; expression: Expression<unknown>; direction: "asc" | "desc" };

/**
 * How a listing is ordered; ties go to the newer id. Relevance puts the products whose title holds
 * every search word before those matched by category, type or fabric only, the best sellers first.
 */
function orderKeys(filter: ListingFilter): OrderKey[] {
  const key = (alias: OrderKey["alias"], column: string, direction: OrderKey["direction"]): OrderKey => ({
    alias,
    expression: sql`${sql.ref(column)}`,
    direction,
  });
  switch (filter.sort) {
    case "low":
      return [key("o1", "price", "asc")];
    case "high":
      return [key("o1", "price", "desc")];
    case "new":
      return [key("o1", "createdAt", "desc")];
    case "popular":
      return [key("o1", "soldCount", "desc")];
    case "relevance":
      return [{ alias: "o1", expression: titleMisses(filter), direction: "asc" }, key("o2", "soldCount", "desc")];
  }
}

/** 0 when the title holds every search word, else 1. */
function titleMisses(filter: ListingFilter): Expression<unknown> {
  const patterns = filter.search?.patterns ?? [];
  if (patterns.length === 0) return sql`0`;
  const all = sql.join(
    patterns.map((pattern) => sql`lower(${sql.ref("title")}) like ${pattern} escape '\\'`),
    sql` and `,
  );
  return sql`case when ${all} then 0 else 1 end`;
}

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
  if (filter.typeKey !== undefined) conditions.push(sql<SqlBool>`lower(${sql.ref("type")}) = ${filter.typeKey}`);
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
  const keys = orderKeys(filter);
  let page = executor.selectFrom("products").select(["id", ...keys.map((key) => sql`${key.expression}`.as(key.alias))]);
  for (const condition of await listingConditions(executor, filter)) page = page.where(condition);
  for (const key of keys) page = page.orderBy(sql.ref(key.alias), key.direction);
  const ids = page.orderBy("id", "desc").limit(limit).offset(offset);
  let rows = executor
    .selectFrom(ids.as("page"))
    .innerJoin("products", "products.id", "page.id")
    .select(["products.id", "products.title", "products.price", "products.imageMain"]);
  for (const key of keys) rows = rows.orderBy(sql.ref(`page.${key.alias}`), key.direction);
  return rows.orderBy("page.id", "desc").execute();
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
