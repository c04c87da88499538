import { type Expression, type SqlBool, sql } from "kysely";
import type { CollectionFlag } from "#core/collections.ts";
import { LOW_STOCK_THRESHOLD } from "#core/stock.ts";
import type { Executor } from "../db/schema.ts";
import { containsLikePattern } from "../db/text-match.ts";

/*
 * The admin's product list (record 46): every product, shown or hidden, found by title, SKU or
 * barcode and filtered by collection, stock and status; and the bulk changes made to a selection.
 */

export type ProductListFilter = {
  q?: string | undefined;
  collection?: CollectionFlag | undefined;
  stock?: "out" | "low" | "in" | undefined;
  status?: "shown" | "hidden" | undefined;
  /** Products with no Hindi title, or with a Hindi field written before its English last changed. */
  hindi?: "missing" | "stale" | undefined;
};

// A size is low at or below its reorder point, or the shop's threshold when it has none.
const LOW_SIZE = sql<SqlBool>`exists (select 1 from product_sizes low where low.product_id = products.id
  and low.stock > 0 and low.stock <= coalesce(low.reorder_point, ${LOW_STOCK_THRESHOLD}))`;

const HINDI_TITLE_MISSING = sql<SqlBool>`not exists (select 1 from product_translations hi
  where hi.product_id = products.id and hi.locale = 'hi-IN' and hi.field = 'title')`;
// A translation is stale when the English it was made from is not the English now (record 47).
const HINDI_STALE = sql<SqlBool>`exists (select 1 from product_translations hi
  where hi.product_id = products.id and hi.locale = 'hi-IN' and hi.source_text <> case hi.field
    when 'title' then products.title when 'description' then products.description
    when 'fabric' then coalesce(products.fabric, '') else hi.source_text end)`;

function conditions(filter: ProductListFilter): Expression<SqlBool>[] {
  const where: Expression<SqlBool>[] = [];
  if (filter.q) {
    const code = filter.q.trim();
    where.push(sql<SqlBool>`(lower(title) like ${containsLikePattern(code)} escape '\\'
      or exists (select 1 from product_sizes code where code.product_id = products.id
        and (code.sku = ${code.toUpperCase()} or code.barcode = ${code})))`);
  }
  if (filter.collection) where.push(sql<SqlBool>`${sql.ref(filter.collection)} = 1`);
  if (filter.stock === "out") where.push(sql<SqlBool>`in_stock = 0`);
  if (filter.stock === "in") where.push(sql<SqlBool>`in_stock = 1`);
  if (filter.stock === "low") where.push(LOW_SIZE);
  if (filter.status === "shown") where.push(sql<SqlBool>`archived = 0`);
  if (filter.status === "hidden") where.push(sql<SqlBool>`archived = 1`);
  if (filter.hindi === "missing") where.push(HINDI_TITLE_MISSING);
  if (filter.hindi === "stale") where.push(HINDI_STALE);
  return where;
}

/** A page of the list, newest first, with how many of each product's sizes are low and out. */
export async function findProductList(executor: Executor, filter: ProductListFilter, limit: number, offset: number) {
  let query = executor.selectFrom("products").select([
    "id",
    "title",
    "price",
    "imageMain",
    "category",
    "archived",
    "handle",
    "createdAt",
    sql<number>`(select count(*) from product_sizes s where s.product_id = products.id and s.stock = 0)`.as("sizesOut"),
    sql<number>`(select count(*) from product_sizes s where s.product_id = products.id
        and s.stock > 0 and s.stock <= coalesce(s.reorder_point, ${LOW_STOCK_THRESHOLD}))`.as("sizesLow"),
    sql<number>`(select coalesce(sum(s.stock), 0) from product_sizes s where s.product_id = products.id)`.as("pieces"),
  ]);
  for (const condition of conditions(filter)) query = query.where(condition);
  return query.orderBy("createdAt", "desc").orderBy("id", "desc").limit(limit).offset(offset).execute();
}

export async function countProductList(executor: Executor, filter: ProductListFilter): Promise<number> {
  let query = executor.selectFrom("products").select(({ fn }) => fn.countAll<number | string>().as("count"));
  for (const condition of conditions(filter)) query = query.where(condition);
  return Number((await query.executeTakeFirstOrThrow()).count);
}

/** Shows or hides products; answers how many changed. */
export async function setProductsShown(executor: Executor, ids: readonly number[], shown: boolean, now: number) {
  const result = await executor
    .updateTable("products")
    .set({ archived: shown ? 0 : 1, updatedAt: now })
    .where("id", "in", ids)
    .where("archived", "=", shown ? 1 : 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function setProductsCollection(
  executor: Executor,
  ids: readonly number[],
  collection: CollectionFlag,
  member: boolean,
  now: number,
) {
  const result = await executor
    .updateTable("products")
    .set({ [collection]: member ? 1 : 0, updatedAt: now })
    .where("id", "in", ids)
    .where(collection, "=", member ? 0 : 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The products' prices, for a change by percent. */
export async function findPrices(executor: Executor, ids: readonly number[]) {
  return executor.selectFrom("products").select(["id", "title", "price"]).where("id", "in", ids).execute();
}

export async function setPrice(executor: Executor, id: number, price: number, now: number) {
  await executor.updateTable("products").set({ price, updatedAt: now }).where("id", "=", id).execute();
}
