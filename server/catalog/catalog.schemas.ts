import { z } from "zod";
import { COLLECTION_FLAGS, COLLECTIONS, type CollectionFlag } from "#core/collections.ts";
import { chosenSort, PAGE_SIZE } from "#core/listings.ts";
import { parseRupees } from "#core/money.ts";
import { SIZES, type Size } from "#core/sizes.ts";
import { hasGstRate } from "../tax/gst-rates.ts";
import { pageNumber } from "../validation/fields.ts";
import type { SearchOutcome } from "./search/search.service.ts";

export { PAGE_SIZE, SIZES, type Size };

export const MAX_IMAGES = 5;

/** "all" is /allproducts (and /filter); anything else is a collection slug. */
export const LISTING_KEYS = ["all", ...COLLECTIONS.map((collection) => collection.slug)] as const;

const optionalText = (max: number) =>
  z
    .string()
    .optional()
    .transform((value) => value?.trim().replace(/\s+/g, " ").slice(0, max) || undefined);

/**
 * A listing request as it arrives in the URL. Filters are forgiving: a value that makes no sense is
 * dropped (and reported) rather than failing the page, because shoppers share and edit these URLs.
 */
export const listingQuerySchema = z
  .object({
    listing: z.enum(LISTING_KEYS),
    q: optionalText(100),
    type: optionalText(100),
    fabric: optionalText(100),
    max: z
      .string()
      .optional()
      .transform((value, context) => {
        if (!value?.trim()) return undefined;
        const paise = parseRupees(value);
        if (paise === undefined) {
          context.addIssue({ code: "custom", message: "Max price must be a number of rupees, 0 or more." });
          return z.NEVER;
        }
        return Math.min(paise / 100, 10_000_000);
      }),
    sort: z.string().optional(),
    page: z
      .string()
      .optional()
      .transform((value) => pageNumber(value)),
  })
  // An unknown sort, or none, falls back to the listing's own default (which depends on the search).
  .transform((query) => ({ ...query, sort: chosenSort(query.sort, query.q) }));

export type ListingQuery = z.output<typeof listingQuerySchema>;

export type ProductFlags = Record<CollectionFlag, boolean>;

export type ProductSize = { size: Size; stock: number };

/** A product as the shop stores and shows it. Prices are paise. */
export type Product = {
  id: number;
  title: string;
  price: number;
  images: string[];
  category: string;
  type: string;
  fabric: string | null;
  /** The HSN code that sets the product's GST rate. */
  hsn: string;
  description: string;
  description1: string;
  flags: ProductFlags;
  /** Jewellery, innerwear and the like: not taken back (record 30). */
  nonReturnable: boolean;
  sizes: ProductSize[];
  soldCount: number;
  archived: boolean;
  createdAt: number;
  updatedAt: number;
};

export type ProductCard = {
  id: number;
  title: string;
  price: number;
  image: string;
  sizes: ProductSize[];
  /** Published reviews: their mean to one decimal and count; absent without any. */
  rating?: CardRating;
};

export type CardRating = { average: number; count: number };

export type ListingPage = {
  items: ProductCard[];
  page: number;
  hasPrevious: boolean;
  hasNext: boolean;
  /** Products matching the filters, on every page together. */
  total: number;
  /** A search that found more than it counted (SEARCH_COUNT_LIMIT): `total` is the limit. */
  more?: boolean;
  pageCount: number;
  /** For a search: what it was taken to mean, and a listing it names. */
  search?: SearchOutcome;
};

/**
 * The Type and Fabric choices of a listing. `materialLabel` names the second: "Fabric" for clothes,
 * "Material" for metals, leather and the like, both words where a listing holds both.
 */
export type ListingOptions = {
  types: string[];
  fabrics: string[];
  materialLabel: "Fabric" | "Material" | "Fabric or material";
};

/** What creating or editing a product needs, after the form has been parsed. */
export const productInputSchema = z.object({
  title: z.string().trim().min(1, "Title is required.").max(200, "Title must be at most 200 characters."),
  price: z.number().int().positive("Price must be a positive number.").max(100_000_000),
  images: z.array(z.string().min(1)).min(1, "Main image URL is required.").max(MAX_IMAGES),
  category: z.string().trim().min(1, "Category is required.").max(100),
  type: z.string().trim().min(1, "Type is required.").max(100),
  fabric: z
    .string()
    .trim()
    .max(100)
    .nullable()
    .transform((value) => value || null),
  /** Left out or empty, the shop suggests one from the product's words. */
  hsn: z
    .string()
    .trim()
    .regex(/^(\d{4}(\d{2}){0,2})?$/, "The HSN code has 4, 6 or 8 digits.")
    .refine((hsn) => hsn === "" || hasGstRate(hsn), {
      message: "The shop has no GST rate for this HSN code yet; choose one from the rate table.",
    })
    .optional()
    .transform((value) => value || undefined),
  description: z.string().trim().min(1, "Description is required.").max(5000),
  description1: z.string().trim().max(5000).default(""),
  /** The Hindi title, description and fabric (record 47); empty shows the English. */
  titleHi: z.string().trim().max(200, "The Hindi title must be at most 200 characters.").default(""),
  descriptionHi: z.string().trim().max(5000).default(""),
  fabricHi: z.string().trim().max(100, "The Hindi fabric must be at most 100 characters.").default(""),
  flags: z.object(
    Object.fromEntries(COLLECTION_FLAGS.map((flag) => [flag, z.boolean()])) as Record<CollectionFlag, z.ZodBoolean>,
  ),
  /** Jewellery, innerwear and the like: the piece cannot be returned. */
  nonReturnable: z.boolean().default(false),
  sizes: z
    .array(z.object({ size: z.enum(SIZES), stock: z.number().int().min(0).max(1_000_000) }))
    .min(1, "Add at least one size.")
    .refine((sizes) => new Set(sizes.map((entry) => entry.size)).size === sizes.length, "Each size once."),
});

export type ProductInput = z.input<typeof productInputSchema>;
