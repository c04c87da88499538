import type { Executor } from "../db/schema.ts";

/**
 * A saved item as the wishlist shows it: the size chosen, the product's title, price and picture,
 * and whether the product is still sold (an archived one stays listed, marked unavailable).
 */
const SAVED_ITEM_COLUMNS = [
  "wishlistItems.productId",
  "wishlistItems.size",
  "products.title",
  "products.price",
  "products.imageMain",
  "products.archived",
] as const;

export async function findWishlist(executor: Executor, owner: string) {
  return executor
    .selectFrom("wishlistItems")
    .innerJoin("products", "products.id", "wishlistItems.productId")
    .select(SAVED_ITEM_COLUMNS)
    .where("wishlistItems.owner", "=", owner)
    .orderBy("wishlistItems.addedAt", "desc")
    .execute();
}

/** Adds an item once; adding it again only updates the remembered size (when one is given). */
export async function saveWishlistItem(
  executor: Executor,
  item: { owner: string; productId: number; size: string | null; addedAt: number },
) {
  await executor
    .insertInto("wishlistItems")
    .values(item)
    .onConflict((conflict) =>
      conflict
        .columns(["owner", "productId"])
        .doUpdateSet((eb) => ({ size: eb.fn.coalesce(eb.val(item.size), eb.ref("wishlistItems.size")) })),
    )
    .execute();
}

export async function deleteWishlistItem(executor: Executor, owner: string, productId: number) {
  const result = await executor
    .deleteFrom("wishlistItems")
    .where("owner", "=", owner)
    .where("productId", "=", productId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function findWishlistItem(executor: Executor, owner: string, productId: number) {
  return executor
    .selectFrom("wishlistItems")
    .select(["productId", "size", "addedAt"])
    .where("owner", "=", owner)
    .where("productId", "=", productId)
    .executeTakeFirst();
}

export async function deleteWishlist(executor: Executor, owner: string) {
  await executor.deleteFrom("wishlistItems").where("owner", "=", owner).execute();
}

/** The products in the owner's wishlist, newest first, at most `limit` of them. */
export async function findWishlistProductIds(executor: Executor, owner: string, limit: number): Promise<number[]> {
  const rows = await executor
    .selectFrom("wishlistItems")
    .select("productId")
    .where("owner", "=", owner)
    .orderBy("addedAt", "desc")
    .orderBy("productId", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => row.productId);
}

export async function countWishlist(executor: Executor, owner: string): Promise<number> {
  const row = await executor
    .selectFrom("wishlistItems")
    .select(({ fn }) => fn.countAll<number | string>().as("count"))
    .where("owner", "=", owner)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}
