import { type Expression, type RawBuilder, type SqlBool, sql } from "kysely";
import type { CollectionFlag } from "#core/collections.ts";
import { type ListingSort, SEARCH_COUNT_LIMIT } from "#core/listings.ts";
import { engineOf } from "../db/database.ts";
import type { Executor, NewProductRow, ProductRow, ProductSizeRow, ProductUpdate } from "../db/schema.ts";

/** A word looked up whole, or as the start of words (a word the shop does not know). */
export type TermWord = { word: string; prefix: boolean };
/** One word of a search, and the words it also finds (a synonym, a colour's shades, what was typed). */
export type SearchTerm = TermWord & { or?: readonly TermWord[] };

export type ListingFilter = {
  /** The collection's flag; undefined = every live product. */
  membership: CollectionFlag | undefined;
  /**
   * The search's words, every one of which a product must have (see catalog/search/understand.ts),
   * and how many products have them when that is known.
   */
  search?: { terms: SearchTerm[]; matches?: number };
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

/** One key of a listing's order: an expression and its direction. */
type OrderKey = { expression: Expression<unknown>; direction: "asc" | "desc" };

const key = (column: string, direction: OrderKey["direction"]): OrderKey => ({
  expression: sql`${sql.ref(column)}`,
  direction,
});

/** How a listing without a search is ordered; ties go to the newer id. */
function orderKeys(sort: ListingSort): OrderKey[] {
  switch (sort) {
    case "low":
      return [key("price", "asc")];
    case "high":
      return [key("price", "desc")];
    case "new":
      return [key("createdAt", "desc")];
    case "popular":
    case "relevance":
      return [key("soldCount", "desc")];
  }
}

/** The conditions of a listing's filters, shared by its page and its count (the search aside). */
function listingConditions(filter: ListingFilter): Expression<SqlBool>[] {
  const conditions = [membershipPredicate(filter.membership)];
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

/** The search in the full-text index's own query language: every term, a term's alternative with OR. */
export function matchExpression(engine: "sqlite" | "postgres", terms: readonly SearchTerm[], weights = ""): string {
  const one = (term: TermWord) =>
    engine === "sqlite"
      ? `"${term.word}"${term.prefix ? "*" : ""}`
      : `${term.word}${term.prefix || weights ? `:${term.prefix ? "*" : ""}${weights}` : ""}`;
  const parts = terms.map((term) => {
    if (!term.or || term.or.length === 0) return one(term);
    return `(${[term, ...term.or].map(one).join(engine === "sqlite" ? " OR " : " | ")})`;
  });
  return parts.join(engine === "sqlite" ? " AND " : " & ");
}

/*
 * Relevance is the engine's rank (SQLite: bm25 with the columns weighted title 10, type and category
 * 4, fabric 2, description 1; PostgreSQL: ts_rank with A 1.0, B 0.4, C 0.2, D 0.1), rounded so that
 * products about as relevant are then ordered by their standing: in stock before sold out, then by
 * sales (in powers of two), then newer first. The index keeps the standing beside each product
 * (migration 0019: in SQLite's rowid, in PostgreSQL's product_search table), so ranking reads
 * nothing else.
 */
const BM25 = sql`bm25(products_fts, 10.0, 4.0, 2.0, 1.0)`;
const TS_RANK_WEIGHTS = "{0.1,0.2,0.4,1.0}";
/** SQLite's index rowid is standing × 2³² + product id. */
const FTS_ID = sql`(products_fts.rowid & 4294967295)`;

/**
 * The index as a query's source. `alone`: nothing but the index is read (a search of the whole shop
 * by relevance); otherwise the products are joined for the listing's filters and sorts.
 */
function searchSource(executor: Executor, terms: readonly SearchTerm[], alone: boolean) {
  const engine = engineOf(executor);
  const match = matchExpression(engine, terms);
  if (engine === "sqlite") {
    return {
      from: alone ? sql`products_fts` : sql`products_fts join products on products.id = ${FTS_ID}`,
      id: FTS_ID,
      where: sql<SqlBool>`products_fts match ${match}`,
      rank: sql`round(${BM25}, 1), products_fts.rowid desc`,
    };
  }
  return {
    from: alone ? sql`product_search` : sql`product_search join products on products.id = product_search.id`,
    id: sql`product_search.id`,
    where: sql<SqlBool>`product_search.vector @@ to_tsquery('simple', ${match})`,
    rank: sql`round(ts_rank(${TS_RANK_WEIGHTS}::float4[], product_search.vector, to_tsquery('simple', ${match}))::numeric, 2) desc,
      product_search.standing desc`,
  };
}

/** The listing's filters beyond "on sale"; none means the index alone can answer. */
function extraConditions(filter: ListingFilter): Expression<SqlBool>[] {
  return filter.membership === undefined ? listingConditions(filter).slice(1) : listingConditions(filter);
}

async function findSearchPage(
  executor: Executor,
  filter: ListingFilter,
  terms: readonly SearchTerm[],
  limit: number,
  offset: number,
): Promise<CardRow[]> {
  const extra = extraConditions(filter);
  const relevance = filter.sort === "relevance";
  if (relevance && extra.length === 0 && byBands(executor, terms, filter.search?.matches ?? 0)) {
    return cardsInOrder(executor, await findByBands(executor, terms, limit, offset));
  }
  const source = searchSource(executor, terms, relevance && extra.length === 0);
  const where = sql.join(
    [source.where, ...(relevance && extra.length === 0 ? [] : listingConditions(filter))],
    sql` and `,
  );
  const order = relevance
    ? source.rank
    : sql.join(
        orderKeys(filter.sort).map((orderKey) => sql`${orderKey.expression} ${sql.raw(orderKey.direction)}`),
        sql`, `,
      );
  const found = await sql<{ id: number }>`
    select ${source.id} as id from ${source.from} where ${where}
    order by ${order}, ${source.id} desc limit ${limit} offset ${offset}`.execute(executor);
  return cardsInOrder(
    executor,
    found.rows.map((row) => Number(row.id)),
  );
}

/**
 * Up to this many matches a search of the whole shop is ranked by the engine's score. Past it,
 * scoring every match costs tens of milliseconds, and the page is taken band by band instead: the
 * products with every word in the title, then in the title, type or category, then anywhere; each
 * band in standing order (in stock, sales, newest), which the index walks and stops at the page.
 */
export const RANK_EVERY_MATCH_UP_TO = SEARCH_COUNT_LIMIT;

/**
 * Whether a search's page is taken band by band. On PostgreSQL only for one word: the planner
 * estimates several words' bands as if the words were independent, and may walk every product for
 * a band that holds none.
 */
function byBands(executor: Executor, terms: readonly SearchTerm[], matches: number): boolean {
  if (matches <= RANK_EVERY_MATCH_UP_TO) return false;
  return engineOf(executor) === "sqlite" || terms.length === 1;
}

/** The three bands of relevance as index queries, best first (see RANK_EVERY_MATCH_UP_TO). */
function bandQueries(executor: Executor, terms: readonly SearchTerm[]) {
  if (engineOf(executor) === "sqlite") {
    const all = matchExpression("sqlite", terms);
    const title = `{title} : (${all})`;
    const named = `{title kind} : (${all})`;
    return [title, `(${named}) NOT (${title})`, `(${all}) NOT (${named})`].map(
      (match) => sql`select ${FTS_ID} as id from products_fts where products_fts match ${match}`,
    );
  }
  const all = matchExpression("postgres", terms);
  const title = matchExpression("postgres", terms, "A");
  const named = matchExpression("postgres", terms, "AB");
  return [title, `(${named}) & !(${title})`, `(${all}) & !(${named})`].map(
    (query) => sql`select id from product_search where vector @@ to_tsquery('simple', ${query})`,
  );
}

async function findByBands(executor: Executor, terms: readonly SearchTerm[], limit: number, offset: number) {
  const sqlite = engineOf(executor) === "sqlite";
  const order = sqlite ? sql`order by products_fts.rowid desc` : sql`order by standing desc, id desc`;
  const ids: number[] = [];
  let skip = offset;
  for (const band of bandQueries(executor, terms)) {
    const want = limit - ids.length;
    if (want <= 0) break;
    const page = await sql<{ id: number }>`${band} ${order} limit ${want} offset ${skip}`.execute(executor);
    ids.push(...page.rows.map((row) => Number(row.id)));
    if (page.rows.length > 0 || skip === 0) {
      skip = 0;
      continue;
    }
    // Nothing of this band on the page: skip past its products into the next.
    const counted = await sql<{ count: number | string }>`select count(*) as count from (${band}) as band`.execute(
      executor,
    );
    skip = Math.max(0, skip - Number(counted.rows[0]?.count ?? 0));
  }
  return ids;
}

async function cardsInOrder(executor: Executor, ids: number[]): Promise<CardRow[]> {
  if (ids.length === 0) return [];
  const rows = await executor
    .selectFrom("products")
    .select(["id", "title", "price", "imageMain"])
    .where("id", "in", ids)
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => byId.get(id)).filter((row): row is CardRow => row !== undefined);
}

/**
 * A search's matches, counted exactly up to SEARCH_COUNT_LIMIT; past it, the answer is one more than
 * the limit ("2,000+ products"). Counting every one of a common word's matches walked all of them
 * (a 14,000-product bitmap and nearly every page of PostgreSQL's index table at 100k products); a
 * shopper needs to know that there are many, not how many. PostgreSQL first asks its planner, whose
 * statistics of the index's most common words know a common word's share: an estimate well past the
 * limit is taken as "more" without counting.
 */
async function countSearch(executor: Executor, filter: ListingFilter, terms: readonly SearchTerm[]): Promise<number> {
  const extra = extraConditions(filter);
  const source = searchSource(executor, terms, extra.length === 0);
  const where = sql.join([source.where, ...(extra.length === 0 ? [] : listingConditions(filter))], sql` and `);
  const matches = sql`select 1 from ${source.from} where ${where}`;
  const more = SEARCH_COUNT_LIMIT + 1;
  if (engineOf(executor) === "postgres") {
    const estimate = await estimatedRows(executor, matches);
    // The table's size matters only to an estimate that already says more than the limit.
    if (estimate > 2 * SEARCH_COUNT_LIMIT && estimateMeansMany(estimate, await indexedProducts(executor))) return more;
  }
  const counted = await sql<{ count: number | string }>`
    select count(*) as count from (${matches} limit ${more}) as found`.execute(executor);
  return Number(counted.rows[0]?.count ?? 0);
}

/**
 * PostgreSQL's planner guesses up to 0.5 % of the rows for a word outside its statistics' most
 * common words (DEFAULT_TS_MATCH_SEL in its tsselfuncs.c), so at a million products every rare word
 * is "about 5,000": trusted, that made a word found once say "2,000+" and walk the whole standing
 * index for its page (1.5 s). An estimate means many only past twice that guess and past twice the
 * limit; below, the matches are counted (up to the limit, which stays cheap).
 */
export function estimateMeansMany(estimate: number, products: number): boolean {
  const guessForAnUnknownWord = 0.005 * Math.max(products, 0);
  return estimate > 2 * SEARCH_COUNT_LIMIT && estimate > 2 * guessForAnUnknownWord;
}

/** The planner's idea of how many products the search table holds (0 before its first analysis). */
async function indexedProducts(executor: Executor): Promise<number> {
  const found = await sql<{ rows: number | string }>`
    select greatest(reltuples, 0)::bigint as rows from pg_class where oid = 'product_search'::regclass`.execute(
    executor,
  );
  return Number(found.rows[0]?.rows ?? 0);
}

/** PostgreSQL's planner's estimate of the rows a query returns. */
async function estimatedRows(executor: Executor, query: RawBuilder<unknown>): Promise<number> {
  const plan = await sql<{ "QUERY PLAN": [{ Plan: { "Plan Rows": number } }] }>`explain (format json) ${query}`.execute(
    executor,
  );
  return plan.rows[0]?.["QUERY PLAN"][0]?.Plan["Plan Rows"] ?? 0;
}

/** Whether a search finds any product on sale: a suggestion is offered only if it does. */
export async function searchFindsAny(executor: Executor, terms: readonly SearchTerm[]): Promise<boolean> {
  if (terms.length === 0) return false;
  const source = searchSource(executor, terms, true);
  const found = await sql`select 1 as found from ${source.from} where ${source.where} limit 1`.execute(executor);
  return found.rows.length > 0;
}

/** Products whose words start as the shopper's do, best first: the header's suggestions. */
export async function findSuggestedProducts(executor: Executor, terms: readonly SearchTerm[], limit: number) {
  const source = searchSource(executor, terms, true);
  const found = await sql<{ id: number }>`
    select ${source.id} as id from ${source.from} where ${source.where}
    order by ${source.rank}, ${source.id} desc limit ${limit}`.execute(executor);
  const cards = await cardsInOrder(
    executor,
    found.rows.map((row) => Number(row.id)),
  );
  return cards.map((card) => ({ id: card.id, title: card.title }));
}

/**
 * The words of live products' titles, types, categories and fabrics, with how many products use
 * each; apart, the words of types and categories, and the garment types as products name them
 * (alphabetically, and most used first).
 */
export async function findCatalogueWords(executor: Executor) {
  const counts = new Map<string, number>();
  const kindWords = new Set<string>();
  const add = (text: string, times: number, kind = false) => {
    for (const word of text.split(" ")) {
      if (!word) continue;
      counts.set(word, (counts.get(word) ?? 0) + times);
      if (kind) kindWords.add(word);
    }
  };
  const types = new Map<string, number>();
  const kinds = await sql<{ type: string; kind: string; fabric: string; count: number | string }>`
    select min(type) as type, search_kind as kind, search_fabric as fabric, count(*) as count from products
    where archived = 0 group by search_kind, search_fabric`.execute(executor);
  for (const row of kinds.rows) {
    add(row.kind, Number(row.count), true);
    add(row.fabric, Number(row.count));
    types.set(row.type, (types.get(row.type) ?? 0) + Number(row.count));
  }
  const titles = await sql<{ words: string }>`select search_title as words from products where archived = 0`.execute(
    executor,
  );
  for (const row of titles.rows) add(row.words, 1);
  return {
    counts,
    kindWords,
    types: [...types.keys()].sort(),
    // Most products first: what an empty search offers when no word is near.
    popularTypes: [...types].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([type]) => type),
  };
}

/** What tells whether the catalogue's words may have changed: a product added, edited or archived. */
export async function findCatalogueWordsStamp(executor: Executor): Promise<string> {
  const row = await sql<{ count: number | string; latest: number | string | null }>`
    select count(*) as count, max(updated_at) as latest from products`.execute(executor);
  return `${row.rows[0]?.count ?? 0}:${row.rows[0]?.latest ?? 0}`;
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
