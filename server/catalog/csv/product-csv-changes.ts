import { COLLECTIONS, type CollectionFlag } from "#core/collections.ts";
import { formatInr } from "#core/money.ts";
import { formatCount } from "#core/numbers.ts";
import { sizeText, sizeWords } from "#core/sizes.ts";
import type { TransferProduct, TransferSize } from "./product-transfer.ts";

/*
 * What an import would change of a product, in the words the check shows: "Price: ₹1,299 → ₹1,199",
 * "Size M: stock 4 → 10", "New size XL (KSR-12-XL), stock 3". No line means nothing changes.
 */

type Shown = string | number | boolean | null;

function quoted(value: string): string {
  return value.length > 60 ? `'${value.slice(0, 60)}…'` : `'${value}'`;
}

const none = (value: string | number | null, show: (value: string) => string = quoted) =>
  value === null || value === "" ? "none" : show(String(value));

function collectionNames(flags: readonly CollectionFlag[]): string {
  const names = COLLECTIONS.filter((collection) => flags.includes(collection.flag)).map(
    (collection) => collection.label,
  );
  return names.length > 0 ? names.join(", ") : "none";
}

/** The changes of a product's own fields. */
function fieldChanges(before: TransferProduct, after: TransferProduct): string[] {
  const changes: string[] = [];
  const field = (label: string, from: Shown, to: Shown, show: (value: Shown) => string) => {
    if (from !== to) changes.push(`${label}: ${show(from)} → ${show(to)}`);
  };
  const text = (value: Shown) => none(value as string | null);
  field("Title", before.title, after.title, text);
  if (before.description !== after.description || before.description1 !== after.description1) {
    changes.push("Description changed");
  }
  field("Title (Hindi)", before.titleHi, after.titleHi, text);
  if (before.descriptionHi !== after.descriptionHi) changes.push("Description (Hindi) changed");
  field("Type", before.type, after.type, text);
  field("Category", before.category, after.category, text);
  field("Fabric", before.fabric, after.fabric, text);
  field("HSN", before.hsn, after.hsn, String);
  field("Price", before.price, after.price, (paise) => formatInr(paise as number));
  field("Returns", before.nonReturnable, after.nonReturnable, (no) => (no ? "not taken back" : "taken back"));
  field("Shown in the shop", before.onSale, after.onSale, (shown) => (shown ? "yes" : "no"));
  field("Collections", collectionNames(before.collections), collectionNames(after.collections), String);
  if (before.images.join("\n") !== after.images.join("\n")) {
    changes.push(`Pictures: ${before.images.length} → ${after.images.length}, as the file lists them`);
  }
  return changes;
}

/** The changes of one size the product had. */
function sizeChanges(before: TransferSize, after: TransferSize): string[] {
  const label = sizeText(before.size);
  const changes: string[] = [];
  if (before.sku !== after.sku) changes.push(`${label}: SKU ${before.sku} → ${after.sku}`);
  if (before.barcode !== after.barcode)
    changes.push(`${label}: barcode ${none(before.barcode, String)} → ${none(after.barcode, String)}`);
  if (before.stock !== after.stock)
    changes.push(`${label}: stock ${formatCount(before.stock)} → ${formatCount(after.stock)}`);
  if (before.reorderPoint !== after.reorderPoint) {
    changes.push(`${label}: reorder point ${none(before.reorderPoint, String)} → ${none(after.reorderPoint, String)}`);
  }
  return changes;
}

/** Every change from the shop's product to the planned one, in plain words; empty when none. */
export function productChanges(before: TransferProduct, after: TransferProduct): string[] {
  const changes = fieldChanges(before, after);
  for (const size of after.sizes) {
    const old = before.sizes.find((entry) => entry.size === size.size);
    if (old) changes.push(...sizeChanges(old, size));
    else changes.push(`New ${sizeWords(size.size)} (${size.sku}), stock ${formatCount(size.stock)}`);
  }
  return changes;
}
