import { type Expression, type RawBuilder, type SqlBool, sql } from "kysely";
import { SEARCH_COUNT_LIMIT } from "#core/listings.ts";
import { engineOf } from "../../db/database.ts";
import type { Executor } from "../../db/schema.ts";
import { type CardRow, cardsInOrder, type ListingFilter, listingConditions, orderKeys } from "../listing-filters.ts";

/*
 * The search's SQL over the full-text index (migration 0019): a search's page and count, the band
 * by band walk past RANK_EVERY_MATCH_UP_TO matches, the header's suggestions, and the catalogue's
 * words that the search understands typed words by.
 */

/** A word looked up whole, or as the start of words (a word the shop does not know). */
export type TermWord = { word: string; prefix: boolean };
/** One word of a search, and the words it also finds (a synonym, a colour's shades, what was typed). */
export type SearchTerm = TermWord & { or?: readonly TermWord[] };

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

export async function findSearchPage(
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

/**
 * A search's matches, counted exactly up to SEARCH_COUNT_LIMIT; past it, the answer is one more than
 * the limit ("2,000+ products"). Counting every one of a common word's matches walked all of them
 * (a 14,000-product bitmap and nearly every page of PostgreSQL's index table at 100k products); a
 * shopper needs to know that there are many, not how many. PostgreSQL first asks its planner, whose
 * statistics of the index's most common words know a common word's share: an estimate well past the
 * limit is taken as "more" without counting.
 */
export async function countSearch(
  executor: Executor,
  filter: ListingFilter,
  terms: readonly SearchTerm[],
): Promise<number> {
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
