import type { Executor } from "../db/schema.ts";

export async function findChartRows(executor: Executor, productId: number, collections: readonly string[]) {
  let query = executor.selectFrom("sizeCharts").selectAll().where("productId", "=", productId);
  if (collections.length > 0)
    query = query.union(executor.selectFrom("sizeCharts").selectAll().where("collection", "in", collections));
  return query.execute();
}

export async function findAllCharts(executor: Executor) {
  return executor.selectFrom("sizeCharts").selectAll().orderBy("id").execute();
}

export async function upsertChart(
  executor: Executor,
  owner: { collection: string } | { productId: number },
  chart: string,
  at: number,
): Promise<void> {
  const where = "collection" in owner ? ("collection" as const) : ("productId" as const);
  const value = "collection" in owner ? owner.collection : owner.productId;
  const updated = await executor
    .updateTable("sizeCharts")
    .set({ chart, isExample: 0, updatedAt: at })
    .where(where, "=", value as never)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) > 0) return;
  await executor
    .insertInto("sizeCharts")
    .values({
      collection: "collection" in owner ? owner.collection : null,
      productId: "productId" in owner ? owner.productId : null,
      chart,
      isExample: 0,
      updatedAt: at,
    })
    .execute();
}

export async function insertExampleChart(executor: Executor, collection: string, chart: string, at: number) {
  await executor
    .insertInto("sizeCharts")
    .values({ collection, productId: null, chart, isExample: 1, updatedAt: at })
    .onConflict((conflict) => conflict.column("collection").doNothing())
    .execute();
}

export async function findMeasurements(executor: Executor, userId: string) {
  return executor
    .selectFrom("customerMeasurements")
    .select(["heightMm", "weightG", "chestMm", "waistMm", "footMm"])
    .where("userId", "=", userId)
    .executeTakeFirst();
}

export async function saveMeasurementsRow(
  executor: Executor,
  userId: string,
  values: {
    heightMm: number | null;
    weightG: number | null;
    chestMm: number | null;
    waistMm: number | null;
    footMm: number | null;
  },
  at: number,
): Promise<void> {
  await executor
    .insertInto("customerMeasurements")
    .values({ userId, ...values, updatedAt: at })
    .onConflict((conflict) => conflict.column("userId").doUpdateSet({ ...values, updatedAt: at }))
    .execute();
}
