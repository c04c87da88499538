import { type Expression, type SqlBool, sql } from "kysely";
import type { Membership } from "../../app/lib/collections.ts";
import type { ListingSort } from "../../app/lib/listing.ts";
import { engineOf } from "../db/database.ts";
import type { Executor, NewProductRow, ProductRow, ProductSizeRow, ProductUpdate } from "../db/schema.ts";

export type ListingFilter = {
  /** undefined = every live product. */
  membership: Membership | undefined;
  /** The search text, lowercased, and the LIKE pattern that finds it. */
  search?: { text: string; pattern: string };
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
function membershipPredicate(membership: Membership | undefined): Expression<SqlBool> {
  if (!membership) return sql<SqlBool>`archived = 0`;
  if (membership.kind === "flag") return sql<SqlBool>`archived = 0 and ${sql.ref(membership.flag)} = 1`;
  return sql<SqlBool>`archived = 0 and category_key = ${sql.lit(membership.categoryKey)}`;
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
  let page = executor.selectFrom("products").select(["id", order.column]).where(membershipPredicate(filter.membership));
  if (filter.search) {
    page = page.where(containsPattern("searchText", filter.search.pattern));
    const few = await rareSearchCandidates(executor, filter.search.text);
    if (few) page = page.where(few);
  }
  if (filter.typePattern) page = page.where(containsPattern("categoryKey", filter.typePattern));
  if (filter.fabricKey !== undefined) page = page.where("fabricKey", "=", filter.fabricKey);
  if (filter.maxPrice !== undefined) page = page.where("price", "<=", filter.maxPrice);
  const ids = page.orderBy(order.column, order.direction).orderBy("id", order.direction).limit(limit).offset(offset);
  return executor
    .selectFrom(ids.as("page"))
    .innerJoin("products", "products.id", "page.id")
    .select(["products.id", "products.title", "products.price", "products.imageMain"])
    .orderBy(`page.${order.column}`, order.direction)
    .orderBy("page.id", order.direction)
    .execute();
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

export async function findDistinctCategories(executor: Executor, membership: Membership | undefined) {
  return executor
    .selectFrom("products")
    .select(({ fn }) => ["categoryKey", fn.min("category").as("label")])
    .where(membershipPredicate(membership))
    .groupBy("categoryKey")
    .orderBy("categoryKey")
    .execute();
}

export async function findDistinctFabrics(executor: Executor, membership: Membership | undefined) {
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

export async function findNewest(executor: Executor, membership: Membership | undefined, limit: number) {
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
