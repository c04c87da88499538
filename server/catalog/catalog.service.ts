import { COLLECTION_FLAGS, findCollection, type Membership } from "../../app/lib/collections.ts";
import { rupeesToPaise } from "../../app/lib/money.ts";
import type { Db, ProductRow, ProductSizeRow } from "../db/schema.ts";
import { containsLikePattern } from "../db/text-match.ts";
import { AppError } from "../errors.ts";
import {
  countAllProducts,
  findDistinctCategories,
  findDistinctFabrics,
  findListingPage,
  findLiveProductStamps,
  findNewest,
  findProductRow,
  findSizes,
  type ListingFilter,
} from "./catalog.repository.ts";
import {
  type ListingOptions,
  type ListingPage,
  type ListingQuery,
  PAGE_SIZE,
  type Product,
  type ProductCard,
  type ProductSize,
  type Size,
} from "./catalog.schemas.ts";
import { catalogCache } from "./catalog-cache.ts";

export function membershipOf(listing: string): Membership | undefined {
  if (listing === "all") return undefined;
  const collection = findCollection(listing);
  if (!collection) throw new AppError("not-found", "There is no such collection.");
  return collection.membership;
}

/**
 * One page of a listing, following the shop's filter rules: the search key is contained in the
 * title (or category or fabric), the category contains the chosen type, the fabric equals the chosen
 * one (a product without fabric never matches a chosen fabric), and the price is at most the maximum.
 */
export async function browseListing(
  db: Db,
  query: ListingQuery,
  options: { withSizes?: boolean } = {},
): Promise<ListingPage> {
  const filter: ListingFilter = {
    membership: membershipOf(query.listing),
    search: query.q ? { text: query.q.toLowerCase(), pattern: containsLikePattern(query.q) } : undefined,
    typePattern: query.type ? containsLikePattern(query.type) : undefined,
    fabricKey: query.fabric ? query.fabric.toLowerCase() : undefined,
    maxPrice: query.max === undefined ? undefined : rupeesToPaise(query.max),
    sort: query.sort,
  };
  // One row past the page tells whether a next page exists without counting every match.
  const rows = await findListingPage(db, filter, PAGE_SIZE + 1, (query.page - 1) * PAGE_SIZE);
  const pageRows = rows.slice(0, PAGE_SIZE);
  return {
    // Only cards that add to the cart from the listing (Accessories) need each product's sizes.
    items: options.withSizes ? await withSizes(db, pageRows) : pageRows.map((row) => toCard(row, [])),
    page: query.page,
    hasPrevious: query.page > 1,
    hasNext: rows.length > PAGE_SIZE,
  };
}

/** The Type and Fabric choices of a listing: the distinct categories and fabrics of its products. */
export async function listingOptions(db: Db, listing: string): Promise<ListingOptions> {
  const membership = membershipOf(listing);
  return catalogCache(db).remember(`options:${listing}`, async () => {
    const [categories, fabrics] = await Promise.all([
      findDistinctCategories(db, membership),
      findDistinctFabrics(db, membership),
    ]);
    return {
      types: categories.map((row) => row.label ?? row.categoryKey),
      fabrics: fabrics.map((row) => row.label ?? row.fabricKey),
    };
  });
}

export async function newestInCollection(db: Db, slug: string, limit: number): Promise<ProductCard[]> {
  const rows = await findNewest(db, membershipOf(slug), limit);
  return rows.map((row) => toCard(row, []));
}

/** True before any product was ever added (archived ones count as added). */
export async function catalogueIsEmpty(db: Db): Promise<boolean> {
  return (await countAllProducts(db)) === 0;
}

/** Products on sale, newest first, with their last change: what the sitemap lists. */
export async function sitemapProducts(db: Db, limit: number) {
  return findLiveProductStamps(db, limit);
}

/** A product a shopper may see: archived or unknown ids are not found. */
export async function getProduct(db: Db, id: number): Promise<Product> {
  const product = await findProduct(db, id);
  if (!product || product.archived) throw new AppError("not-found", "This product could not be found.");
  return product;
}

export async function findProduct(db: Db, id: number): Promise<Product | undefined> {
  if (!Number.isSafeInteger(id) || id < 1) return undefined;
  const row = await findProductRow(db, id);
  if (!row) return undefined;
  return toProduct(row, await findSizes(db, [id]));
}

export function toProduct(row: ProductRow, sizes: readonly ProductSizeRow[]): Product {
  return {
    id: row.id,
    title: row.title,
    price: row.price,
    images: [row.imageMain, row.image1, row.image2, row.image3, row.image4].filter((image): image is string =>
      Boolean(image),
    ),
    category: row.category,
    type: row.type,
    fabric: row.fabric,
    description: row.description,
    description1: row.description1,
    flags: Object.fromEntries(COLLECTION_FLAGS.map((flag) => [flag, row[flag] === 1])) as Product["flags"],
    sizes: sizes.map(toSize),
    soldCount: row.soldCount,
    archived: row.archived === 1,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export function toSize(row: ProductSizeRow): ProductSize {
  return { size: row.size as Size, stock: row.stock };
}

async function withSizes(
  db: Db,
  rows: readonly { id: number; title: string; price: number; imageMain: string }[],
): Promise<ProductCard[]> {
  const sizes = await findSizes(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) =>
    toCard(
      row,
      sizes.filter((size) => size.productId === row.id),
    ),
  );
}

function toCard(
  row: { id: number; title: string; price: number; imageMain: string },
  sizes: ProductSizeRow[],
): ProductCard {
  return { id: row.id, title: row.title, price: row.price, image: row.imageMain, sizes: sizes.map(toSize) };
}
