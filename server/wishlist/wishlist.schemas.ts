import { z } from "zod";
import { SIZES } from "../catalog/catalog.schemas.ts";
import { idField } from "../validation/fields.ts";

/** A product saved for later, with the size chosen when it was saved, if one was. */
export const wishlistItemSchema = z.object({
  productId: idField("Unknown product."),
  size: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || undefined)
    .pipe(z.enum(SIZES, { error: "Please select a size" }).optional()),
});
export type WishlistItemInput = { productId: number | string; size?: string };
