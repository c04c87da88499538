import { COLLECTION_FLAGS, type CollectionFlag, findCollection } from "#core/collections.ts";
import { SEARCH_COUNT_LIMIT } from "#core/listings.ts";
import { rupeesToPaise } from "#core/money.ts";
import { materialLabel } from "#core/sizes.ts";
import type { Db, Executor, ProductRow, ProductSizeRow } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import {
  countAllProducts,
  countListing,
  countLiveProducts,
  findDistinctFabrics,
  findListingHsnCodes,
  findListingPage,
  findListingTypes,
  findLiveProductStamps,
  findNewest,
  findProductRow,
  findRatings,
  findSizeStock,
  findSizes,
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
import type { ListingFilter } from "./listing-filters.ts";
import {
  listingOffer,
  recordSearch,
  resolveSearch,
  type SearchOutcome,
  understandSearch,
} from "./search/search.service.ts";
import { searchesInstead } from "./search/suggestions.service.ts";

/** How many of a search's first pages are kept with the catalogue cache. */
const CACHED_SEARCH_PAGES = 3;

export function membershipOf(listing: string): CollectionFlag | undefined {
  if (listing === "all") return undefined;
  const collection = findCollection(listing);
  if (!collection) throw new AppError("not-found", "There is no such collection.");
  return collection.flag;
}

/**
 * One page of a listing, following the shop's filter rules: the garment type is the chosen one, the
 * fabric equals the chosen one (a product without fabric never matches a chosen fabric), the price
 * is at most the maximum, and every word of the search is among the product's words (see
 * search/understand.ts: one spelling, singular, Devanagari in Latin letters, typos corrected; when
 * no product has every word, the least important is left out and the page says so). The number of
 * matches is counted once and kept with the catalogue cache. A page past the last shows the last.
 */
export async function browseListing(
  db: Db,
  query: ListingQuery,
  options: { withSizes?: boolean } = {},
): Promise<ListingPage> {
  const started = performance.now();
  const filter: ListingFilter = {
    membership: membershipOf(query.listing),
    typeKey: query.type ? query.type.toLowerCase() : undefined,
    fabricKey: query.fabric ? query.fabric.toLowerCase() : undefined,
    maxPrice: query.max === undefined ? undefined : rupeesToPaise(query.max),
    sort: query.sort,
  };
  const { page: _page, q: _q, ...counted } = query;
  const countOf = (search: ListingFilter["search"]) =>
    catalogCache(db).remember(`count:${JSON.stringify({ ...counted, search })}`, () =>
      countListing(db, { ...filter, search }),
    );
  const { found, search } = await matchesOf(db, query, filter, countOf);
  // A search counts up to a limit (SEARCH_COUNT_LIMIT): past it, "2,000+" and that many pages.
  const more = found > SEARCH_COUNT_LIMIT;
  const total = more ? SEARCH_COUNT_LIMIT : found;
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const page = Math.min(query.page, pageCount);
  // A search's first pages are kept with the catalogue version like its count: ranking every match
  // of a common word costs tens of milliseconds at 100k products, and many shoppers type the same.
  const pageOf = () => findListingPage(db, filter, PAGE_SIZE, (page - 1) * PAGE_SIZE);
  const rows =
    filter.search && page <= CACHED_SEARCH_PAGES
      ? await catalogCache(db).remember(`page:${JSON.stringify({ ...counted, search: filter.search, page })}`, pageOf)
      : await pageOf();
  if (query.q && query.page === 1) recordSearch(db, query.q, found, performance.now() - started);
  // Only cards that add to the cart from the listing (Accessories) need each product's sizes.
  const cards = options.withSizes ? await withSizes(db, rows) : rows.map((row) => toCard(row, []));
  return {
    items: await withRatings(db, cards),
    page,
    hasPrevious: page > 1,
    hasNext: page < pageCount,
    total,
    ...(more ? { more } : {}),
    pageCount,
    ...(search ? { search } : {}),
  };
}

/**
 * How many products the listing has, and for a search what it was taken to mean (the search's terms
 * go into the filter): the search as typed, or with its least important words left out until
 * something is found.
 */
async function matchesOf(
  db: Db,
  query: ListingQuery,
  filter: ListingFilter,
  countOf: (search: ListingFilter["search"]) => Promise<number>,
): Promise<{ found: number; search?: SearchOutcome }> {
  const understood = query.q ? await understandSearch(db, query.q) : null;
  if (!query.q || !understood || understood.words.length === 0) return { found: await countOf(undefined) };
  const resolved = await resolveSearch(query.q, understood, (terms) => countOf({ terms }));
  filter.search = { terms: resolved.terms, matches: resolved.total };
  const offer = query.listing === "all" ? listingOffer(query.q, understood.types) : null;
  if (resolved.total > 0) return { found: resolved.total, search: { ...resolved.outcome, offer } };
  // Nothing found: searches that do find something, kept like the counts (a few index lookups each).
  const narrowed = query.listing !== "all" || filtersSet(query);
  const q = query.q;
  const instead = await catalogCache(db).remember(`instead:${JSON.stringify([q, narrowed])}`, () =>
    searchesInstead(db, q, narrowed),
  );
  return { found: 0, search: { ...resolved.outcome, offer, instead } };
}

/** Whether the shopper chose a garment type, a fabric or a highest price. */
export function filtersSet(query: Pick<ListingQuery, "type" | "fabric" | "max">): boolean {
  return query.type !== undefined || query.fabric !== undefined || query.max !== undefined;
}

/**
 * The Type and Fabric choices of a listing: the distinct garment types and fabrics of its products,
 * and what to call the fabric where metals, leather and the like are among them.
 */
export async function listingOptions(db: Db, listing: string): Promise<ListingOptions> {
  const membership = membershipOf(listing);
  return catalogCache(db).remember(`options:${listing}`, async () => {
    const [types, fabrics, hsnCodes] = await Promise.all([
      findListingTypes(db, membership),
      findDistinctFabrics(db, membership),
      findListingHsnCodes(db, membership),
    ]);
    return {
      types,
      fabrics: fabrics.map((row) => row.label ?? row.fabricKey),
      materialLabel: fabricOrMaterial(hsnCodes),
    };
  });
}

function fabricOrMaterial(hsnCodes: readonly string[]): ListingOptions["materialLabel"] {
  const labels = new Set(hsnCodes.map(materialLabel));
  if (labels.size === 2) return "Fabric or material";
  return labels.has("Material") ? "Material" : "Fabric";
}

export async function newestInCollection(db: Db, slug: string, limit: number): Promise<ProductCard[]> {
  const rows = await findNewest(db, membershipOf(slug), limit);
  return withRatings(
    db,
    rows.map((row) => toCard(row, [])),
  );
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
    hsn: row.hsn,
    description: row.description,
    description1: row.description1,
    flags: Object.fromEntries(COLLECTION_FLAGS.map((flag) => [flag, row[flag] === 1])) as Product["flags"],
    nonReturnable: row.nonReturnable === 1,
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

/** The cards with the stars and count of their published reviews. */
async function withRatings(db: Db, cards: ProductCard[]): Promise<ProductCard[]> {
  const ratings = await findRatings(
    db,
    cards.map((card) => card.id),
  );
  return cards.map((card) => {
    const rating = ratings.find((entry) => entry.productId === card.id);
    return rating
      ? { ...card, rating: { average: Math.round((rating.stars * 10) / rating.count) / 10, count: rating.count } }
      : card;
  });
}

/*
 * What other rooms read of the catalogue (record 42), in the caller's transaction: the cart and the
 * wishlist a product's size, the wishlist its sizes, the admin's dashboard how many are on sale.
 */

/** A product's title, whether it is archived, and the stock of one size (null: it has no such size); undefined: no such product. */
export function sizeStock(executor: Executor, productId: number, size: string) {
  return findSizeStock(executor, productId, size);
}

/** The sizes of these products with their stock, in the catalogue's order, by product. */
export async function sizesByProduct(executor: Executor, productIds: readonly number[]) {
  const sizes = new Map<number, ProductSize[]>(productIds.map((id) => [id, []]));
  for (const row of await findSizes(executor, productIds)) sizes.get(row.productId)?.push(toSize(row));
  return sizes;
}

/** How many products are on sale. */
export function liveProductCount(executor: Executor): Promise<number> {
  return countLiveProducts(executor);
}
