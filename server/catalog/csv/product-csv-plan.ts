import { COLLECTIONS, type CollectionFlag, effectiveFlags, flagRecord } from "#core/collections.ts";
import { proposeSku } from "#core/sku.ts";
import { suggestHsn } from "../hsn.ts";
import { productChanges } from "./product-csv-changes.ts";
import type { ProductColumn } from "./product-csv-layout.ts";
import type { ProductDraft, SizeDraft } from "./product-csv-rows.ts";
import type { ProductCsvLookup, TransferProduct, TransferSize } from "./product-transfer.ts";

/*
 * A product's rows, read, made into what an import would write (record 41): a new product with
 * every field the shop needs, or the shop's product with what the file changes. Sizes of a product
 * are matched by SKU, then by size; a size the file does not name is kept as it is.
 */

export type PlannedSize = TransferSize & {
  /** The row that names the size; null for a size the file leaves alone. */
  line: number | null;
  /** The SKU is the shop's proposal: the row gave none. */
  skuProposed: boolean;
};

export type PlannedProduct = Omit<TransferProduct, "sizes"> & { line: number; sizes: PlannedSize[] };

export type ProductOutcome =
  | { kind: "create"; product: PlannedProduct }
  | { kind: "update"; product: PlannedProduct; changes: string[] }
  | { kind: "unchanged"; product: PlannedProduct }
  | { kind: "refused" };

export type PlanContext = {
  lookup: ProductCsvLookup;
  /** Whether an SKU is in the file, in the shop, or proposed already. */
  skuTaken: (sku: string) => boolean;
  claimSku: (sku: string) => void;
  problem: (line: number, key: ProductColumn | null, message: string) => void;
};

/** What the rows of one product would do, or refused when they (or what they lack) hold a problem. */
export function planProduct(draft: ProductDraft, shared: PlanContext): ProductOutcome {
  // A problem found while planning refuses the product, as one found in its rows does.
  const context: PlanContext = {
    ...shared,
    problem: (line, key, message) => {
      draft.refused = true;
      shared.problem(line, key, message);
    },
  };
  const existing = context.lookup.products.get(draft.handle);
  const product = existing ? updatedProduct(draft, existing, context) : newProduct(draft, context);
  if (!product || draft.refused) return { kind: "refused" };
  if (!existing) return { kind: "create", product };
  const changes = productChanges(existing, product);
  return changes.length > 0 ? { kind: "update", product, changes } : { kind: "unchanged", product };
}

/** The fields a new product cannot go without, each a problem on the product's first row. */
function missingForNew(draft: ProductDraft): [ProductColumn, string][] {
  const missing: [ProductColumn, string][] = [];
  if (!draft.title) missing.push(["title", "a new product needs a title."]);
  if (!draft.description) missing.push(["body", "a new product needs a description."]);
  if (!draft.type) missing.push(["type", "a new product needs a type (Kurta, Saree, Top…)."]);
  if (draft.price === undefined) missing.push(["price", "a new product needs a price."]);
  if (draft.sizes.length === 0) missing.push(["size", "a new product needs at least one size."]);
  if (!draft.images) missing.push(["imageSrc", "a new product needs at least one picture (its https:// address)."]);
  if (!draft.category && !draft.collections?.length) {
    missing.push(["category", "a new product needs a category, or a collection to take it from."]);
  }
  // A column whose value was wrong is reported once, for what is wrong with it.
  const invalid = new Set(draft.invalid);
  if (invalid.has("collections")) invalid.add("category");
  return missing.filter(([key]) => !invalid.has(key));
}

function newProduct(draft: ProductDraft, context: PlanContext): PlannedProduct | undefined {
  const missing = missingForNew(draft);
  for (const [key, message] of missing) context.problem(draft.line, key, message);
  if (missing.length > 0 || draft.refused) return undefined;
  const collections = draft.collections ?? [];
  const category = draft.category ?? labelOf(collections[0]);
  const title = draft.title ?? "";
  const type = draft.type ?? "";
  const fabric = draft.fabric ?? null;
  return {
    handle: draft.handle,
    line: draft.line,
    title,
    description: draft.description?.description ?? "",
    description1: draft.description?.description1 ?? "",
    category,
    type,
    fabric,
    ...hindiOf(draft, undefined),
    hsn: draft.hsn ?? suggestHsn({ title, category, type, fabric }),
    collections: withImplied(collections, category),
    nonReturnable: draft.nonReturnable ?? false,
    onSale: draft.onSale ?? true,
    price: draft.price ?? 0,
    images: draft.images ?? [],
    sizes: draft.sizes.map((size) => newSize(size, draft.handle, context)),
  };
}

/** The Hindi the file gives, else the product's own (record 47). */
function hindiOf(draft: ProductDraft, existing: TransferProduct | undefined) {
  return {
    titleHi: draft.titleHi ?? existing?.titleHi ?? null,
    descriptionHi: draft.descriptionHi ?? existing?.descriptionHi ?? null,
  };
}

function labelOf(flag: CollectionFlag | undefined): string {
  return COLLECTIONS.find((collection) => collection.flag === flag)?.label ?? "";
}

/** The flags a product carries: those named, and those its category implies (Western, Pinterest Finds). */
function withImplied(collections: readonly CollectionFlag[], category: string): CollectionFlag[] {
  const flags = effectiveFlags(flagRecord(collections), category);
  return COLLECTIONS.map((collection) => collection.flag).filter((flag) => flags[flag]);
}

function newSize(size: SizeDraft, product: number | string, context: PlanContext): PlannedSize {
  const sku = size.sku ?? proposeSku(product, size.size, context.skuTaken);
  if (!size.sku) context.claimSku(sku);
  return {
    size: size.size,
    sku,
    barcode: size.barcode ?? null,
    stock: size.stock ?? 0,
    reorderPoint: size.reorderPoint ?? null,
    line: size.line,
    skuProposed: !size.sku,
  };
}

function updatedProduct(draft: ProductDraft, existing: TransferProduct, context: PlanContext): PlannedProduct {
  const category = draft.category ?? existing.category;
  return {
    ...existing,
    handle: draft.handle,
    line: draft.line,
    title: draft.title ?? existing.title,
    description: draft.description?.description ?? existing.description,
    description1: draft.description?.description1 ?? existing.description1,
    category,
    type: draft.type ?? existing.type,
    fabric: draft.fabric ?? existing.fabric,
    ...hindiOf(draft, existing),
    hsn: draft.hsn ?? existing.hsn,
    collections: withImplied(draft.collections ?? existing.collections, category),
    nonReturnable: draft.nonReturnable ?? existing.nonReturnable,
    onSale: draft.onSale ?? existing.onSale,
    price: draft.price ?? existing.price,
    images: draft.images ?? existing.images,
    sizes: mergedSizes(draft, existing, context),
  };
}

/** The product's sizes with the file's rows laid over them: by SKU, then by size; new ones after. */
function mergedSizes(draft: ProductDraft, existing: TransferProduct, context: PlanContext): PlannedSize[] {
  const sizes: PlannedSize[] = existing.sizes.map((size) => ({ ...size, line: null, skuProposed: false }));
  const added: SizeDraft[] = [];
  for (const row of draft.sizes) {
    const bySku = row.sku === undefined ? undefined : sizes.find((size) => size.sku === row.sku);
    if (bySku && bySku.size !== row.size) {
      context.problem(
        row.line,
        "size",
        `${row.sku} is this product's size ${bySku.size}, not ${row.size}: change the SKU or the size.`,
      );
      continue;
    }
    const match = bySku ?? sizes.find((size) => size.size === row.size);
    if (!match) {
      added.push(row);
      continue;
    }
    Object.assign(match, {
      sku: row.sku ?? match.sku,
      barcode: row.barcode ?? match.barcode,
      stock: row.stock ?? match.stock,
      reorderPoint: row.reorderPoint ?? match.reorderPoint,
      line: row.line,
    });
  }
  const merged = [...sizes, ...added.map((row) => newSize(row, existing.id ?? draft.handle, context))];
  checkOwnBarcodes(merged, context);
  return merged;
}

/** A barcode the file gives one size may still be another size's of the same product. */
function checkOwnBarcodes(sizes: readonly PlannedSize[], context: PlanContext): void {
  for (const size of sizes) {
    const other = sizes.find((entry) => entry !== size && entry.barcode !== null && entry.barcode === size.barcode);
    if (other && size.line !== null && (other.line === null || other.line > size.line)) {
      context.problem(
        size.line,
        "barcode",
        `barcode ${size.barcode} is this product's size ${other.size} too: each size has its own.`,
      );
    }
  }
}
