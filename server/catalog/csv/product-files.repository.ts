import { COLLECTION_FLAGS } from "#core/collections.ts";
import type { Executor, ProductImportsTable } from "../../db/schema.ts";

/*
 * What product files read of the catalogue (record 46): products a page at a time in id order (the
 * export never holds the catalogue at once), products by handle (the check's lookup), every SKU
 * and barcode with its owner, and the pictures an import fetches in the background.
 */

const PRODUCT_COLUMNS = [
  "id",
  "handle",
  "title",
  "description",
  "description1",
  "category",
  "type",
  "fabric",
  "hsn",
  "price",
  "imageMain",
  "image1",
  "image2",
  "image3",
  "image4",
  "archived",
  "nonReturnable",
  ...COLLECTION_FLAGS,
] as const;

/** Products after `afterId`, in id order; only `ids` when given. */
export async function findProductPage(executor: Executor, afterId: number, limit: number, ids?: readonly number[]) {
  let query = executor.selectFrom("products").select(PRODUCT_COLUMNS).where("id", ">", afterId);
  if (ids) query = query.where("id", "in", ids.length > 0 ? ids : [0]);
  return query.orderBy("id").limit(limit).execute();
}

export type ProductFileRow = Awaited<ReturnType<typeof findProductPage>>[number];

export async function findProductsByHandle(executor: Executor, handles: readonly string[]) {
  if (handles.length === 0) return [];
  return executor.selectFrom("products").select(PRODUCT_COLUMNS).where("handle", "in", handles).execute();
}

export async function findSizesOfProducts(executor: Executor, productIds: readonly number[]) {
  if (productIds.length === 0) return [];
  return executor
    .selectFrom("productSizes")
    .select(["productId", "size", "sku", "barcode", "stock", "reorderPoint"])
    .where("productId", "in", productIds)
    .orderBy("productId")
    .orderBy("position")
    .execute();
}

/** Every size's SKU and barcode with its product's handle and title. */
export async function findAllCodes(executor: Executor) {
  return executor
    .selectFrom("productSizes")
    .innerJoin("products", "products.id", "productSizes.productId")
    .select(["productSizes.sku", "productSizes.barcode", "products.handle", "products.title"])
    .execute();
}

export async function insertProductImport(executor: Executor, row: Omit<ProductImportsTable, "id">): Promise<number> {
  const inserted = await executor.insertInto("productImports").values(row).returning("id").executeTakeFirstOrThrow();
  return inserted.id;
}

export async function findProductImport(executor: Executor, id: number) {
  return executor.selectFrom("productImports").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function insertPictureFetches(
  executor: Executor,
  rows: readonly { importId: number; productId: number; url: string; updatedAt: number }[],
): Promise<void> {
  if (rows.length === 0) return;
  await executor
    .insertInto("pictureFetches")
    .values(rows.map((row) => ({ ...row, status: "waiting" as const, error: null, leaseUntil: null })))
    .execute();
}

/** Claims up to `limit` waiting pictures for `leaseMs`; a claim another worker holds is passed over. */
export async function claimPictureFetches(executor: Executor, limit: number, now: number, leaseMs: number) {
  const waiting = await executor
    .selectFrom("pictureFetches")
    .select("id")
    .where("status", "=", "waiting")
    .where((eb) => eb.or([eb("leaseUntil", "is", null), eb("leaseUntil", "<", now)]))
    .orderBy("id")
    .limit(limit)
    .execute();
  if (waiting.length === 0) return [];
  return executor
    .updateTable("pictureFetches")
    .set((eb) => ({ leaseUntil: now + leaseMs, attempts: eb("attempts", "+", 1), updatedAt: now }))
    .where(
      "id",
      "in",
      waiting.map((row) => row.id),
    )
    .where("status", "=", "waiting")
    .where((eb) => eb.or([eb("leaseUntil", "is", null), eb("leaseUntil", "<", now)]))
    .returning(["id", "importId", "productId", "url", "attempts"])
    .execute();
}

export async function finishPictureFetch(
  executor: Executor,
  id: number,
  outcome: { status: "stored" | "failed" | "waiting"; error: string | null },
  now: number,
): Promise<void> {
  await executor
    .updateTable("pictureFetches")
    .set({ ...outcome, leaseUntil: null, updatedAt: now })
    .where("id", "=", id)
    .execute();
}

export async function findPictureFetches(executor: Executor, importId: number) {
  return executor
    .selectFrom("pictureFetches")
    .innerJoin("products", "products.id", "pictureFetches.productId")
    .select(["pictureFetches.url", "pictureFetches.status", "pictureFetches.error", "products.handle"])
    .where("importId", "=", importId)
    .orderBy("pictureFetches.id")
    .execute();
}

/** The product's picture columns, to put a fetched picture where its address was. */
export async function findPictureColumns(executor: Executor, productId: number) {
  return executor
    .selectFrom("products")
    .select(["imageMain", "image1", "image2", "image3", "image4"])
    .where("id", "=", productId)
    .executeTakeFirst();
}

export async function setPictureColumns(
  executor: Executor,
  productId: number,
  columns: {
    imageMain?: string;
    image1?: string | null;
    image2?: string | null;
    image3?: string | null;
    image4?: string | null;
  },
  now: number,
) {
  await executor
    .updateTable("products")
    .set({ ...columns, updatedAt: now })
    .where("id", "=", productId)
    .execute();
}
