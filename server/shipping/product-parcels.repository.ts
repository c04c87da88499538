import type { Executor, ProductParcelsTable } from "../db/schema.ts";

/** The packed sizes recorded for these products. */
export async function findProductParcels(executor: Executor, productIds: readonly number[]) {
  if (productIds.length === 0) return [];
  return executor.selectFrom("productParcels").selectAll().where("productId", "in", productIds).execute();
}

/** Records a product's packed size, replacing the one it had. */
export async function saveProductParcelRow(executor: Executor, row: ProductParcelsTable): Promise<void> {
  await executor
    .insertInto("productParcels")
    .values(row)
    .onConflict((conflict) =>
      conflict.column("productId").doUpdateSet({
        weightGrams: row.weightGrams,
        lengthCm: row.lengthCm,
        breadthCm: row.breadthCm,
        heightCm: row.heightCm,
        updatedAt: row.updatedAt,
      }),
    )
    .execute();
}

/** Forgets a product's packed size: it packs by its kind again. */
export async function deleteProductParcel(executor: Executor, productId: number): Promise<void> {
  await executor.deleteFrom("productParcels").where("productId", "=", productId).execute();
}
