import type { Executor } from "../db/schema.ts";

/** The owner's cart lines with each product's current title, price and the stock of the line's size. */
/** What a line to be bought reads of its product and of the size's stock. */
const PRODUCT_AS_SOLD = [
  "products.title",
  "products.description",
  "products.category",
  "products.imageMain",
  "products.price",
  "products.hsn",
  "products.fabric",
  "products.archived",
  "productSizes.stock",
] as const;

export async function findCartLines(executor: Executor, owner: string) {
  return executor
    .selectFrom("cartLines")
    .innerJoin("products", "products.id", "cartLines.productId")
    .leftJoin("productSizes", (join) =>
      join
        .onRef("productSizes.productId", "=", "cartLines.productId")
        .onRef("productSizes.size", "=", "cartLines.size"),
    )
    .select(["cartLines.productId", "cartLines.size", "cartLines.quantity", ...PRODUCT_AS_SOLD])
    .where("cartLines.owner", "=", owner)
    .orderBy("cartLines.addedAt")
    .orderBy("cartLines.productId")
    .orderBy("cartLines.size")
    .execute();
}

/**
 * One piece of a product in a size, in the shape of a cart line: what an Order Now buys without
 * going through the cart.
 */
export async function findPieceLine(executor: Executor, productId: number, size: string) {
  return executor
    .selectFrom("products")
    .leftJoin("productSizes", (join) =>
      join.onRef("productSizes.productId", "=", "products.id").on("productSizes.size", "=", size),
    )
    .select(["products.id as productId", ...PRODUCT_AS_SOLD])
    .where("products.id", "=", productId)
    .executeTakeFirst();
}

export async function findCartQuantity(executor: Executor, owner: string, productId: number, size: string) {
  const row = await executor
    .selectFrom("cartLines")
    .select("quantity")
    .where("owner", "=", owner)
    .where("productId", "=", productId)
    .where("size", "=", size)
    .executeTakeFirst();
  return row?.quantity ?? 0;
}

/** Sets a line's quantity, creating the line if it is new. */
export async function saveCartLine(
  executor: Executor,
  line: { owner: string; productId: number; size: string; quantity: number; addedAt: number },
) {
  await executor
    .insertInto("cartLines")
    .values(line)
    .onConflict((conflict) => conflict.columns(["owner", "productId", "size"]).doUpdateSet({ quantity: line.quantity }))
    .execute();
}

export async function deleteCartLine(executor: Executor, owner: string, productId: number, size: string) {
  const result = await executor
    .deleteFrom("cartLines")
    .where("owner", "=", owner)
    .where("productId", "=", productId)
    .where("size", "=", size)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Empties a cart; returns how many lines it held. */
export async function deleteCart(executor: Executor, owner: string): Promise<number> {
  const result = await executor.deleteFrom("cartLines").where("owner", "=", owner).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function countCartItems(executor: Executor, owner: string): Promise<number> {
  const row = await executor
    .selectFrom("cartLines")
    .select(({ fn }) => fn.sum<number | string | null>("quantity").as("items"))
    .where("owner", "=", owner)
    .executeTakeFirst();
  return Number(row?.items ?? 0);
}
