import { type Expression, type SqlBool, sql } from "kysely";
import type { CollectionFlag } from "#core/collections.ts";
import type { ListingSort } from "#core/listings.ts";
import type { Executor, ProductRow } from "../db/schema.ts";
import type { SearchTerm } from "./search/product-search.repository.ts";

/*
 * The SQL of a listing's filters and sorts, and of its cards: shared by the catalogue's listings
 * (catalog.repository.ts) and the search's queries (search/product-search.repository.ts).
 */

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
export function membershipPredicate(membership: CollectionFlag | undefined): Expression<SqlBool> {
  if (!membership) return sql<SqlBool>`archived = 0`;
  return sql<SqlBool>`archived = 0 and ${sql.ref(membership)} = 1`;
}

/** One key of a listing's order: an expression and its direction. */
export type OrderKey = { expression: Expression<unknown>; direction: "asc" | "desc" };

const key = (column: string, direction: OrderKey["direction"]): OrderKey => ({
  expression: sql`${sql.ref(column)}`,
  direction,
});

/** How a listing without a search is ordered; ties go to the newer id. */
export function orderKeys(sort: ListingSort): OrderKey[] {
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
export function listingConditions(filter: ListingFilter): Expression<SqlBool>[] {
  const conditions = [membershipPredicate(filter.membership)];
  if (filter.typeKey !== undefined) conditions.push(sql<SqlBool>`lower(${sql.ref("type")}) = ${filter.typeKey}`);
  if (filter.fabricKey !== undefined) conditions.push(sql<SqlBool>`fabric_key = ${filter.fabricKey}`);
  if (filter.maxPrice !== undefined) conditions.push(sql<SqlBool>`price <= ${filter.maxPrice}`);
  return conditions;
}

/** The cards of these products, in the order of the ids. */
export async function cardsInOrder(executor: Executor, ids: number[]): Promise<CardRow[]> {
  if (ids.length === 0) return [];
  const rows = await executor
    .selectFrom("products")
    .select(["id", "title", "price", "imageMain"])
    .where("id", "in", ids)
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => byId.get(id)).filter((row): row is CardRow => row !== undefined);
}
