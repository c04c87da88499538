import type { Executor } from "../db/schema.ts";

export async function findHomeImages(executor: Executor): Promise<Map<string, string>> {
  const rows = await executor.selectFrom("homeImages").select(["slot", "image"]).execute();
  return new Map(rows.map((row) => [row.slot, row.image]));
}

export async function saveHomeImage(executor: Executor, slot: string, image: string): Promise<void> {
  await executor
    .insertInto("homeImages")
    .values({ slot, image })
    .onConflict((conflict) => conflict.column("slot").doUpdateSet({ image }))
    .execute();
}
