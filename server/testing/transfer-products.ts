import { ean13CheckDigit } from "#core/barcode.ts";
import { productHandle } from "#core/product-handle.ts";
import { SIZES } from "#core/sizes.ts";
import { proposeSku } from "#core/sku.ts";
import type { ProductCsvLookup, TransferProduct } from "../catalog/csv/product-transfer.ts";
import { demoProductInput, loadDemoCatalogue } from "../demo/demo-catalogue.ts";

/*
 * Catalogues in the shape product files carry, for the tests and the bench of the product file:
 * the demo shop's seventy products, and as many made-up ones as asked, each with SKUs, barcodes
 * and reorder points as the shop will keep them.
 */

const PUBLIC_URL = "https://kesar.example";

/** A valid EAN-13 in GS1 India's range, different for every number. */
export function ean13For(number: number): string {
  const first12 = `890${String(number).padStart(9, "0")}`;
  return `${first12}${ean13CheckDigit(first12)}`;
}

/** The demo catalogue, products numbered from 1, pictures as the shop's public addresses. */
export function demoTransferProducts(): TransferProduct[] {
  return loadDemoCatalogue().map((demo, index) => {
    const id = index + 1;
    const input = demoProductInput(demo, [`${PUBLIC_URL}/uploads/products/demo-${id}-960.webp`]);
    return {
      id,
      handle: productHandle(input.title, id),
      title: input.title,
      description: input.description,
      description1: input.description1 ?? "",
      category: input.category,
      type: input.type,
      fabric: input.fabric,
      titleHi: null,
      descriptionHi: null,
      hsn: input.hsn ?? "6204",
      collections: demo.collections,
      nonReturnable: false,
      onSale: true,
      price: input.price,
      images: input.images,
      sizes: input.sizes.map((size, position) => ({
        size: size.size,
        sku: proposeSku(id, size.size),
        barcode: position === 0 ? ean13For(id * 20 + position) : null,
        stock: size.stock,
        reorderPoint: position === 1 ? 3 : null,
      })),
    };
  });
}

const CLOTHES = SIZES.slice(0, 4);

/** The n-th made-up product: four clothing sizes, two pictures. */
export function syntheticTransferProduct(id: number): TransferProduct {
  const title = `Festive Printed Kurta Set ${id}`;
  return {
    id,
    handle: productHandle(title, id),
    title,
    description: "Printed cotton kurta with straight pants and a mulmul dupatta.",
    description1: "Breathable for long summer days, with side slits and pockets.",
    category: "Ethnic",
    type: "Kurta Set",
    fabric: "Cotton",
    titleHi: `उत्सव प्रिंटेड कुर्ता सेट ${id}`,
    descriptionHi: null,
    hsn: "6204",
    collections: ["isEthnic"],
    nonReturnable: false,
    onSale: true,
    price: 99_900 + (id % 50) * 10_000,
    images: [`${PUBLIC_URL}/uploads/products/p${id}-960.webp`, `${PUBLIC_URL}/uploads/products/p${id}-b-960.webp`],
    sizes: CLOTHES.map((size, position) => ({
      size,
      sku: proposeSku(id, size),
      barcode: ean13For(id * 4 + position),
      stock: (id + position) % 13,
      reorderPoint: 2,
    })),
  };
}

/** What the check needs to know of a shop that holds these products. */
export function lookupOf(products: readonly TransferProduct[]): ProductCsvLookup {
  const owner = (product: TransferProduct) => ({ handle: product.handle, title: product.title });
  return {
    products: new Map(products.map((product) => [product.handle, product])),
    skuOwners: new Map(products.flatMap((product) => product.sizes.map((size) => [size.sku, owner(product)] as const))),
    barcodeOwners: new Map(
      products.flatMap((product) =>
        product.sizes.flatMap((size) => (size.barcode ? [[size.barcode, owner(product)] as const] : [])),
      ),
    ),
  };
}

/** A shop with no products. */
export const EMPTY_SHOP: ProductCsvLookup = lookupOf([]);
