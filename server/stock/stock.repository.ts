import { changedOneRow } from "../db/guarded-update.ts";
import type { Executor } from "../db/schema.ts";

/*
 * The stock of each size and the products' sold counts: the columns that move when pieces are sold,
 * come back or are held for an exchange. The catalogue's editor writes the sizes themselves
 * (server/catalog); only this room moves their stock.
 */

/**
 * Takes units of a size only if that many are in stock, in one statement: of many buyers racing for
 * the last units, exactly as many succeed as there are units. Returns the stock left, or null when
 * there were too few.
 */
export async function decrementStock(
  executor: Executor,
  productId: number,
  size: string,
  quantity: number,
): Promise<number | null> {
  const row = await executor
    .updateTable("productSizes")
    .set((eb) => ({ stock: eb("stock", "-", quantity) }))
    .where("productId", "=", productId)
    .where("size", "=", size)
    .where("stock", ">=", quantity)
    .returning("stock")
    .executeTakeFirst();
  return row ? Number(row.stock) : null;
}

/** Puts units of a size back; returns the stock now on the shelf. */
export async function incrementStock(executor: Executor, productId: number, size: string, quantity: number) {
  const row = await executor
    .updateTable("productSizes")
    .set((eb) => ({ stock: eb("stock", "+", quantity) }))
    .where("productId", "=", productId)
    .where("size", "=", size)
    .returning("stock")
    .executeTakeFirst();
  return Number(row?.stock ?? 0);
}

export async function addSoldCount(executor: Executor, productId: number, quantity: number) {
  await executor
    .updateTable("products")
    .set((eb) => ({ soldCount: eb("soldCount", "+", quantity) }))
    .where("id", "=", productId)
    .execute();
}

/** A size's stock, or undefined when the product has no such size. */
export async function findSizeStock(executor: Executor, productId: number, size: string) {
  return executor
    .selectFrom("productSizes")
    .select("stock")
    .where("productId", "=", productId)
    .where("size", "=", size)
    .executeTakeFirst();
}

/** A product's sizes with their stock, in the catalogue's order. */
export async function findSizesOf(executor: Executor, productId: number) {
  return executor
    .selectFrom("productSizes")
    .select(["size", "stock"])
    .where("productId", "=", productId)
    .orderBy("position")
    .execute();
}

/**
 * An order whose parcel left the warehouse and ended unsold: its pieces wait for the parcel to be
 * checked in (the columns `orders.awaiting_check_in` and `checked_in_at`, which only this room writes).
 */
export async function markAwaitingCheckIn(executor: Executor, orderId: number): Promise<void> {
  await executor.updateTable("orders").set({ awaitingCheckIn: 1 }).where("id", "=", orderId).execute();
}

/** The parcel is checked in, once: false when it was not waiting (never sent, or checked in already). */
export async function markCheckedIn(executor: Executor, orderId: number, now: number): Promise<boolean> {
  return changedOneRow(
    executor
      .updateTable("orders")
      .set({ awaitingCheckIn: 0, checkedInAt: now })
      .where("id", "=", orderId)
      .where("awaitingCheckIn", "=", 1),
  );
}
