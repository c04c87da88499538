import { paiseToRupees } from "#core/money.ts";
import type { Product } from "#server/catalog/catalog.schemas.ts";
import type { FieldTranslation, TranslatedField } from "#server/catalog/product-translations.ts";
import type { ProductFormValues } from "./product-form-sections.tsx";

/** A stored product as the edit form shows it: price in rupees, stock per size as text. */
export function toFormValues(
  product: Product & { hindi?: Partial<Record<TranslatedField, FieldTranslation>> },
): ProductFormValues {
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
    titleHi: product.hindi?.title?.value ?? "",
    descriptionHi: product.hindi?.description?.value ?? "",
    fabricHi: product.hindi?.fabric?.value ?? "",
    hindiStale: {
      title: product.hindi?.title?.stale,
      description: product.hindi?.description?.stale,
      fabric: product.hindi?.fabric?.stale,
    },
    flags: product.flags,
    nonReturnable: product.nonReturnable,
    stock: Object.fromEntries(product.sizes.map((entry) => [entry.size, String(entry.stock)])),
  };
}
