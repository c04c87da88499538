import { paiseToRupees } from "#core/money.ts";
import type { Product } from "#server/catalog/catalog.schemas.ts";
import type { ProductFormValues } from "./product-form-sections.tsx";

/** A stored product as the edit form shows it: price in rupees, stock per size as text. */
export function toFormValues(product: Product): ProductFormValues {
  return {
    title: product.title,
    price: String(paiseToRupees(product.price)),
    images: product.images,
    category: product.category,
    type: product.type,
    fabric: product.fabric ?? "",
    hsn: product.hsn,
    description: product.description,
    description1: product.description1,
    flags: product.flags,
    nonReturnable: product.nonReturnable,
    stock: Object.fromEntries(product.sizes.map((entry) => [entry.size, String(entry.stock)])),
  };
}
