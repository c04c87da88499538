import type { Actor } from "#core/actor.ts";
import { addToCart } from "../cart/cart.service.ts";
import { ownerOf } from "../cart/owner.ts";
import type { ProductSize } from "../catalog/catalog.schemas.ts";
import { sizeStock, sizesByProduct } from "../catalog/catalog.service.ts";
import type { Db, Executor } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { parseInput } from "../validation/fields.ts";
import {
  countWishlist,
  deleteWishlist,
  deleteWishlistItem,
  findWishlist,
  findWishlistItem,
  findWishlistProductIds,
  saveWishlistItem,
} from "./wishlist.repository.ts";
import { type WishlistItemInput, wishlistItemSchema } from "./wishlist.schemas.ts";

export type WishlistItem = {
  productId: number;
  title: string;
  price: number;
  image: string;
  /** The size chosen when it was added, if any. */
  size: string | null;
  sizes: ProductSize[];
  available: boolean;
};

function requireOwner(actor: Actor): string {
  const owner = ownerOf(actor);
  if (!owner) throw new AppError("validation-failed", "Your wishlist could not be found. Please try again.");
  return owner;
}

export async function viewWishlist(db: Db, actor: Actor): Promise<WishlistItem[]> {
  const owner = ownerOf(actor);
  if (!owner) return [];
  const rows = await findWishlist(db, owner);
  const sizes = await sizesByProduct(
    db,
    rows.map((row) => row.productId),
  );
  return rows.map((row) => ({
    productId: row.productId,
    title: row.title,
    price: row.price,
    image: row.imageMain,
    size: row.size,
    sizes: sizes.get(row.productId) ?? [],
    available: row.archived === 0,
  }));
}

/** How many product pages show as Wishlisted at most: the newest saved, which a shopper returns to. */
const MARKED_PRODUCTS = 200;

/**
 * The wishlist as the frame shows it: how many products it holds (the bar's count) and which, so
 * that a product page (rendered once for everyone) can show its own as Wishlisted.
 */
export async function wishlistMarks(db: Db, actor: Actor): Promise<{ count: number; productIds: number[] }> {
  const owner = ownerOf(actor);
  if (!owner) return { count: 0, productIds: [] };
  const [count, productIds] = await Promise.all([
    countWishlist(db, owner),
    findWishlistProductIds(db, owner, MARKED_PRODUCTS),
  ]);
  return { count, productIds };
}

/** Adds a product once (no duplicates), remembering the size chosen, if one was. */
export async function addToWishlist(db: Db, actor: Actor, input: WishlistItemInput, now = Date.now()) {
  const { productId, size } = parseInput(wishlistItemSchema, input);
  const owner = requireOwner(actor);
  const product = await sizeStock(db, productId, size ?? "");
  if (!product || product.archived) throw new AppError("not-found", "This product is no longer available.");
  if (size && product.stock === null) throw new AppError("validation-failed", "Please select a size");
  await saveWishlistItem(db, { owner, productId, size: size ?? null, addedAt: now });
}

export async function removeFromWishlist(db: Db, actor: Actor, input: WishlistItemInput) {
  const { productId } = parseInput(wishlistItemSchema, input);
  if ((await deleteWishlistItem(db, requireOwner(actor), productId)) === 0) {
    throw new AppError("not-found", "That item is not in your wishlist.");
  }
}

/**
 * Adds a wishlist item to the cart in the size given now, or the size remembered, or the only size
 * the product has; with several sizes and none chosen, it asks for one.
 */
export async function wishlistToCart(db: Db, actor: Actor, input: WishlistItemInput) {
  const { productId, size } = parseInput(wishlistItemSchema, input);
  const owner = requireOwner(actor);
  const item = await findWishlistItem(db, owner, productId);
  if (!item) throw new AppError("not-found", "That item is not in your wishlist.");
  const sizes = (await sizesByProduct(db, [productId])).get(productId) ?? [];
  const chosen = size ?? item.size ?? (sizes.length === 1 ? sizes[0]?.size : undefined);
  if (!chosen) throw new AppError("validation-failed", "Please select a size", { size: "Please select a size" });
  await addToCart(db, actor, { productId, size: chosen, quantity: 1 });
}

/** At login or signup, the visitor's wishlist joins the account's, without duplicates. */
export async function mergeWishlists(executor: Executor, fromOwner: string, toOwner: string) {
  const items = await findWishlist(executor, fromOwner);
  for (const item of items) {
    const existing = await findWishlistItem(executor, toOwner, item.productId);
    if (!existing)
      await saveWishlistItem(executor, {
        owner: toOwner,
        productId: item.productId,
        size: item.size,
        addedAt: Date.now(),
      });
    else if (!existing.size && item.size)
      await saveWishlistItem(executor, {
        owner: toOwner,
        productId: item.productId,
        size: item.size,
        addedAt: existing.addedAt,
      });
  }
  await deleteWishlist(executor, fromOwner);
}

/** Empties a wishlist in the caller's transaction: the account that kept it goes. */
export async function emptyWishlist(executor: Executor, owner: string): Promise<void> {
  await deleteWishlist(executor, owner);
}
