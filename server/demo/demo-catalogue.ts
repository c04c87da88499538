import { readFileSync } from "node:fs";
import { z } from "zod";
import { COLLECTION_FLAGS, flagRecord } from "#core/collections.ts";
import { rupeesToPaise } from "#core/money.ts";
import { type ProductInput, productInputSchema, SIZES } from "../catalog/catalog.schemas.ts";
import { DETAILS, METALS, PATTERNS } from "./art/look.ts";
import { ART_KINDS, type ArtKind, PALETTES } from "./art/product-art.ts";

/** One entry of demo-products.json: the shop's fields, in rupees, plus how to draw its pictures. */
const demoProductSchema = z.object({
  title: z.string(),
  rupees: z.number().int().positive(),
  category: z.string(),
  type: z.string(),
  fabric: z.string().nullable(),
  hsn: z.string(),
  description: z.string(),
  description1: z.string(),
  collections: z.array(z.enum(COLLECTION_FLAGS)),
  stock: z.partialRecord(z.enum(SIZES), z.number().int().min(0)),
  art: z.object({
    kind: z.enum(ART_KINDS as [ArtKind, ...ArtKind[]]),
    palette: z
      .number()
      .int()
      .min(0)
      .max(PALETTES.length - 1),
    pattern: z.enum(PATTERNS),
    /** What the description names that the drawing must show: "tiered", "mesh", "two-piece"… */
    details: z.array(z.enum(DETAILS)).optional(),
    /** The metal of jewellery, hardware and chains, when it is not gold. */
    metal: z.enum(METALS).optional(),
  }),
});

export type DemoProduct = z.output<typeof demoProductSchema>;

/** The product a demo entry becomes, with the given pictures. */
export function demoProductInput(product: DemoProduct, images: string[]): ProductInput {
  return {
    title: product.title,
    price: rupeesToPaise(product.rupees),
    images,
    category: product.category,
    type: product.type,
    fabric: product.fabric,
    hsn: product.hsn,
    description: product.description,
    description1: product.description1,
    flags: flagRecord(product.collections),
    sizes: SIZES.flatMap((size) => {
      const stock = product.stock[size];
      return stock === undefined ? [] : [{ size, stock }];
    }),
  };
}

/**
 * The seventy demo products, seven in each collection, read from demo-products.json and checked on
 * load: by their own shape, and by the admin's product schema, so that the demo data can never hold
 * a product the shop's own form would refuse. Some sizes are low or sold out on purpose, so that
 * "Only N left" and disabled sizes can be seen.
 */
export function loadDemoCatalogue(): DemoProduct[] {
  const raw: unknown = JSON.parse(readFileSync(new URL("./demo-products.json", import.meta.url), "utf8"));
  const products = z.array(demoProductSchema).parse(raw);
  for (const [index, product] of products.entries()) {
    const checked = productInputSchema.safeParse(demoProductInput(product, ["products/demo"]));
    if (!checked.success) {
      throw new Error(`Demo product ${index + 1} (${product.title}) is invalid: ${checked.error.issues[0]?.message}`);
    }
  }
  return products;
}
