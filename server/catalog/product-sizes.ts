import { proposeSku } from "#core/sku.ts";
import type { Executor } from "../db/schema.ts";
import { countStock, type StockCause, sizesOf } from "../stock/stock.service.ts";
import { deleteSizes, insertSize, skuExists, updateSize } from "./catalog.repository.ts";

/*
 * A product's sizes as variants (record 46): each with its SKU (the shop proposes
 * KSR-<product id>-<size>; the admin or a file may give another), barcode and reorder point. The
 * catalogue writes the sizes; their stock moves only through the stock room, as movements: a stock
 * typed in the product form or given by a file is a count.
 */

/** A size as a form or a file sets it; a field left undefined is kept as it is. */
export type SizeSetting = {
  size: string;
  stock?: number;
  sku?: string;
  barcode?: string | null;
  reorderPoint?: number | null;
};

/**
 * Lays out a product's sizes in the given order: new sizes added (stock 0, then counted), the
 * others' codes changed where given, stock counted where given. With `removeOthers` (the product
 * form), a size not listed is counted to zero and removed; a file never removes a size.
 */
export async function writeSizes(
  trx: Executor,
  productId: number,
  sizes: readonly SizeSetting[],
  cause: StockCause,
  { removeOthers }: { removeOthers: boolean },
): Promise<void> {
  const existing = await sizesOf(trx, productId);
  const listed = new Set(sizes.map((entry) => entry.size));
  const removed = removeOthers ? existing.filter((size) => !listed.has(size.size)) : [];
  for (const size of removed) {
    await countStock(trx, { productId, size: size.size, counted: 0 }, { ...cause, note: "Size no longer sold" });
  }
  await deleteSizes(
    trx,
    productId,
    removed.map((size) => size.size),
  );
  const have = new Set(existing.map((size) => size.size));
  // Positions after the listed ones for the sizes a file leaves out, so they keep their order.
  const kept = existing.filter((size) => !listed.has(size.size) && !removed.includes(size));
  const laidOut: SizeSetting[] = [...sizes, ...kept.map((size) => ({ size: size.size }))];
  for (const [position, entry] of laidOut.entries()) {
    const codes = {
      ...(entry.sku === undefined ? {} : { sku: entry.sku }),
      ...(entry.barcode === undefined ? {} : { barcode: entry.barcode }),
      ...(entry.reorderPoint === undefined ? {} : { reorderPoint: entry.reorderPoint }),
    };
    if (have.has(entry.size)) {
      await updateSize(trx, productId, entry.size, { position, ...codes });
    } else {
      const sku = entry.sku ?? (await freeSku(trx, productId, entry.size));
      await insertSize(trx, { productId, size: entry.size, position, ...codes, sku });
    }
    if (entry.stock !== undefined) {
      await countStock(trx, { productId, size: entry.size, counted: entry.stock }, cause);
    }
  }
}

/** The shop's proposal for a new size's SKU, with -2, -3… when another size has it already. */
export async function freeSku(executor: Executor, productId: number, size: string): Promise<string> {
  const base = proposeSku(productId, size as Parameters<typeof proposeSku>[1]);
  if (!(await skuExists(executor, base))) return base;
  for (let suffix = 2; ; suffix++) {
    const candidate = `${base}-${suffix}`;
    if (!(await skuExists(executor, candidate))) return candidate;
  }
}
