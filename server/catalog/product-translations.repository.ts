import type { Executor } from "../db/schema.ts";

/** A product's fields in another language (record 47). SQL only. */

export async function findTranslations(executor: Executor, locale: string, productIds: readonly number[]) {
  if (productIds.length === 0) return [];
  return executor
    .selectFrom("productTranslations")
    .select(["productId", "field", "value", "sourceText"])
    .where("locale", "=", locale)
    .where("productId", "in", productIds)
    .execute();
}

export async function upsertTranslation(
  executor: Executor,
  row: { productId: number; locale: string; field: string; value: string; sourceText: string; updatedAt: number },
): Promise<void> {
  await executor
    .insertInto("productTranslations")
    .values(row)
    .onConflict((conflict) =>
      conflict
        .columns(["productId", "locale", "field"])
        .doUpdateSet({ value: row.value, sourceText: row.sourceText, updatedAt: row.updatedAt }),
    )
    .execute();
}

export async function deleteTranslation(
  executor: Executor,
  key: { productId: number; locale: string; field: string },
): Promise<void> {
  await executor
    .deleteFrom("productTranslations")
    .where("productId", "=", key.productId)
    .where("locale", "=", key.locale)
    .where("field", "=", key.field)
    .execute();
}
