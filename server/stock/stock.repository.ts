import { changedOneRow } from "../db/guarded-update.ts";
import type { Executor, StockMovementsTable } from "../db/schema.ts";

/*
 * The stock of each size, its movements, and the products' sold counts: the columns that move when
 * pieces are sold, come back, are received or counted. The catalogue's editor writes the sizes
 * themselves (server/catalog); only this room moves their stock, and every move is a movement row
 * written in the same transaction (record 46).
 */

/**
 * Moves a size's stock by `change` only if it stays at zero or above, in one statement: of many
 * buyers racing for the last units, exactly as many succeed as there are units. Returns the stock
 * now and the size's reorder point, or null when there were too few (or no such size).
 */
export async function moveStock(executor: Executor, productId: number, size: string, change: number) {
  const row = await executor
    .updateTable("productSizes")
    .set((eb) => ({ stock: eb("stock", "+", change) }))
    .where("productId", "=", productId)
    .where("size", "=", size)
    .where("stock", ">=", -change)
    .returning(["stock", "reorderPoint"])
    .executeTakeFirst();
  return row
    ? { stock: Number(row.stock), reorderPoint: row.reorderPoint === null ? null : Number(row.reorderPoint) }
    : null;
}

export type MovementRow = Omit<StockMovementsTable, "id">;

export async function insertMovement(executor: Executor, movement: MovementRow): Promise<void> {
  await executor.insertInto("stockMovements").values(movement).execute();
}

export async function insertLowStockAlert(
  executor: Executor,
  alert: { productId: number; size: string; stock: number; reorderPoint: number; crossedAt: number },
): Promise<void> {
  await executor
    .insertInto("lowStockAlerts")
    .values({ ...alert, mailedAt: null })
    .execute();
}

export async function addSoldCount(executor: Executor, productId: number, quantity: number) {
  await executor
    .updateTable("products")
    .set((eb) => ({ soldCount: eb("soldCount", "+", quantity) }))
    .where("id", "=", productId)
    .execute();
}

/** A size's stock and reorder point, or undefined when the product has no such size. */
export async function findSizeStock(executor: Executor, productId: number, size: string) {
  return executor
    .selectFrom("productSizes")
    .select(["stock", "reorderPoint"])
    .where("productId", "=", productId)
    .where("size", "=", size)
    .executeTakeFirst();
}

/** A product's sizes with their stock and codes, in the catalogue's order. */
export async function findSizesOf(executor: Executor, productId: number) {
  return executor
    .selectFrom("productSizes")
    .select(["size", "stock", "sku", "barcode", "reorderPoint"])
    .where("productId", "=", productId)
    .orderBy("position")
    .execute();
}

/** The sum of each size's movements, for the check that stock is what they add up to. */
export async function sumMovements(executor: Executor, productId: number) {
  const rows = await executor
    .selectFrom("stockMovements")
    .select(({ fn }) => ["size", fn.sum<number | string>("quantity").as("total")])
    .where("productId", "=", productId)
    .groupBy("size")
    .execute();
  return new Map(rows.map((row) => [row.size, Number(row.total)]));
}

/** Alerts no digest has named yet, oldest first, with their product's title. */
export async function findUnmailedAlerts(executor: Executor, limit: number) {
  return executor
    .selectFrom("lowStockAlerts")
    .innerJoin("products", "products.id", "lowStockAlerts.productId")
    .leftJoin("productSizes", (join) =>
      join
        .onRef("productSizes.productId", "=", "lowStockAlerts.productId")
        .onRef("productSizes.size", "=", "lowStockAlerts.size"),
    )
    .select([
      "lowStockAlerts.id",
      "lowStockAlerts.productId",
      "lowStockAlerts.size",
      "lowStockAlerts.stock",
      "lowStockAlerts.reorderPoint",
      "lowStockAlerts.crossedAt",
      "products.title",
      "productSizes.sku",
      "productSizes.stock as stockNow",
    ])
    .where("lowStockAlerts.mailedAt", "is", null)
    .orderBy("lowStockAlerts.id")
    .limit(limit)
    .execute();
}

/** Marks alerts as named by a digest; answers the ids this call marked (another node may have). */
export async function markAlertsMailed(executor: Executor, ids: readonly number[], now: number): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await executor
    .updateTable("lowStockAlerts")
    .set({ mailedAt: now })
    .where("id", "in", ids)
    .where("mailedAt", "is", null)
    .returning("id")
    .execute();
  return rows.map((row) => row.id);
}

/** When the last digest went out, or null before the first. */
export async function findLastDigestAt(executor: Executor): Promise<number | null> {
  const row = await executor
    .selectFrom("lowStockAlerts")
    .select(({ fn }) => fn.max("mailedAt").as("last"))
    .executeTakeFirst();
  return row?.last === null || row?.last === undefined ? null : Number(row.last);
}

/** The last `limit` movements of each size of a product, newest first. */
export async function findRecentMovements(executor: Executor, productId: number, perSize: number) {
  return executor
    .selectFrom("stockMovements")
    .select(["id", "size", "reason", "quantity", "stockAfter", "note", "byName", "orderId", "returnId", "createdAt"])
    .where("productId", "=", productId)
    .orderBy("id", "desc")
    .limit(perSize * 12)
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
