import { z } from "zod";
import type { Actor } from "#core/actor.ts";
import { barcodeProblem } from "#core/barcode.ts";
import { normalizeSku, skuProblem } from "#core/sku.ts";
import { stockLevel } from "#core/stock.ts";
import { assertCan } from "../access.ts";
import { productSubject, recordAudit } from "../audit/audit.service.ts";
import type { Db, Executor } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { sizesOf } from "../stock/stock.service.ts";
import { adjustStock, recentMovements, type StockAdjustment } from "../stock/stock-admin.service.ts";
import { parseInput } from "../validation/fields.ts";
import { findCodeOwners, findProductRow, findSizes, updateSize } from "./catalog.repository.ts";
import { catalogVersion } from "./catalog-version.ts";

/*
 * A product's sizes as variants on the admin's stock screen (record 46): each size's SKU, barcode,
 * reorder point and stock, its movements, and the admin's receipts, corrections and counts.
 */

async function liveProduct(db: Db, productId: number) {
  const product = Number.isSafeInteger(productId) && productId > 0 ? await findProductRow(db, productId) : undefined;
  if (!product || product.archived) throw new AppError("not-found", "This product could not be found.");
  return product;
}

/** The stock screen: the product, its sizes with their codes, stock and level, and their movements. */
export async function productStock(db: Db, actor: Actor, productId: number) {
  assertCan(actor, "products.view");
  const product = await liveProduct(db, productId);
  const [sizes, movements] = await Promise.all([sizesOf(db, productId), recentMovements(db, productId)]);
  return {
    product: { id: product.id, title: product.title, handle: product.handle, imageMain: product.imageMain },
    sizes: sizes.map((size) => ({ ...size, level: stockLevel(size.stock, size.reorderPoint) })),
    movements,
  };
}

/** Pieces received, a correction or a count of one size; answers the stock after it. */
export async function adjustSizeStock(db: Db, actor: Actor, productId: number, input: StockAdjustment, now?: number) {
  assertCan(actor, "products.edit");
  const product = await liveProduct(db, productId);
  const stock = await adjustStock(db, actor, { id: product.id, title: product.title }, input, now);
  await catalogVersion(db).changed();
  return stock;
}

const codesSchema = z.object({
  size: z.string().min(1),
  sku: z
    .string()
    .transform(normalizeSku)
    .superRefine((sku, context) => {
      const problem = skuProblem(sku);
      if (problem) context.addIssue({ code: "custom", message: `SKU: ${problem}` });
    }),
  barcode: z
    .string()
    .trim()
    .transform((value) => value || null)
    .superRefine((barcode, context) => {
      const problem = barcode === null ? undefined : barcodeProblem(barcode);
      if (problem) context.addIssue({ code: "custom", message: `Barcode: ${problem}` });
    }),
  reorderPoint: z.number().int().min(0, "A reorder point is 0 or more pieces.").max(1_000_000).nullable(),
});
export type SizeCodesInput = z.input<typeof codesSchema>;

/**
 * Saves a size's SKU, barcode and reorder point. An SKU or barcode another size has is refused,
 * naming it; the unique indexes are the last word when two admins save at once.
 */
export async function saveSizeCodes(db: Db, actor: Actor, productId: number, input: SizeCodesInput): Promise<void> {
  assertCan(actor, "products.edit");
  const codes = parseInput(codesSchema, input);
  const product = await liveProduct(db, productId);
  await db.transaction().execute(async (trx) => {
    await assertCodesFree(trx, productId, codes);
    const before = (await findSizes(trx, [productId])).find((size) => size.size === codes.size);
    await recordAudit(trx, actor, {
      kind: "product.updated",
      subject: productSubject({ id: productId, title: product.title }),
      before: before
        ? { size: before.size, sku: before.sku, barcode: before.barcode, reorderPoint: before.reorderPoint }
        : null,
      after: codes,
    });
    const changed = await updateSize(trx, productId, codes.size, {
      sku: codes.sku,
      barcode: codes.barcode,
      reorderPoint: codes.reorderPoint,
    });
    if (changed === 0) throw new AppError("not-found", "This product has no such size.");
  });
}

/** An SKU or barcode another size has is refused, naming that size. */
async function assertCodesFree(
  trx: Executor,
  productId: number,
  codes: { size: string; sku: string; barcode: string | null },
): Promise<void> {
  for (const column of ["sku", "barcode"] as const) {
    const code = codes[column];
    if (code === null) continue;
    const other = (await findCodeOwners(trx, column, [code])).find(
      (owner) => owner.productId !== productId || owner.size !== codes.size,
    );
    if (other) {
      const what = column === "sku" ? "SKU" : "Barcode";
      const where =
        other.productId === productId
          ? `size ${other.size} of this product`
          : `'${other.title}' (${other.handle}), size ${other.size}`;
      throw new AppError("validation-failed", `${what} ${code} is already used by ${where}.`, {
        [column]: "Already used.",
      });
    }
  }
}

/**
 * The SKU and barcode of each product's size, for parcel paper (packing slips, pick lists): keyed
 * `${productId}:${size}`; a size since removed has none.
 */
export async function sizeCodesOf(executor: Executor, productIds: readonly number[]) {
  const codes = new Map<string, { sku: string; barcode: string | null }>();
  for (const row of await findSizes(executor, [...new Set(productIds)])) {
    codes.set(`${row.productId}:${row.size}`, { sku: row.sku, barcode: row.barcode });
  }
  return codes;
}
