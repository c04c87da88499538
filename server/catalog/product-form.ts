import { COLLECTION_FLAGS, type CollectionFlag } from "../../app/lib/collections.ts";
import { isExternalImage } from "../../app/lib/images.ts";
import { rupeesToPaise } from "../../app/lib/money.ts";
import { AppError } from "../errors.ts";
import { checkUploadedImage, MAX_UPLOAD_BYTES, storeShapedImage } from "../storage/images.ts";
import type { Storage } from "../storage/storage.ts";
import { fieldErrors, REQUIRED_MESSAGE } from "../validation/fields.ts";
import { MAX_IMAGES, type ProductInput, productInputSchema, SIZES, type Size } from "./catalog.schemas.ts";

/** The add and edit product form may carry five pictures of up to 5 MB each. */
export const PRODUCT_FORM_LIMIT_BYTES = MAX_IMAGES * MAX_UPLOAD_BYTES + 256 * 1024;

/** Form field names for a size's stock: stock_S … stock_OneSize. */
export function stockField(size: Size): string {
  return `stock_${size.replace(" ", "")}`;
}

type ImageSource = { kind: "file"; data: Buffer } | { kind: "ref"; ref: string } | null;

const REQUIRED_FIELDS = ["title", "price", "images", "category", "description"];

/**
 * Reads the add/edit product form into a product. Every field is checked before any picture is
 * stored, so a refused form leaves nothing behind; uploads are accepted by their content and
 * stored as WebP at the shop's widths.
 */
export async function readProductForm(form: FormData, storage: Storage): Promise<ProductInput> {
  const sources = await Promise.all(Array.from({ length: MAX_IMAGES }, (_, slot) => imageSource(form, slot)));
  const price = String(form.get("price") ?? "").trim();
  const draft = {
    title: String(form.get("title") ?? ""),
    price: price === "" ? Number.NaN : (rupeesToPaise(price) ?? Number.NaN),
    images: sources.filter(Boolean).map((source, index) => (source?.kind === "ref" ? source.ref : `upload-${index}`)),
    category: String(form.get("category") ?? ""),
    type: String(form.get("type") ?? ""),
    fabric: String(form.get("fabric") ?? ""),
    description: String(form.get("description") ?? ""),
    description1: String(form.get("description1") ?? ""),
    flags: Object.fromEntries(COLLECTION_FLAGS.map((flag) => [flag, form.getAll("flags").includes(flag)])) as Record<
      CollectionFlag,
      boolean
    >,
    sizes: SIZES.flatMap((size) => {
      const stock = String(form.get(stockField(size)) ?? "").trim();
      return stock === "" ? [] : [{ size, stock: Number(stock) }];
    }),
  };
  const errors: Record<string, string> = {};
  if (price === "") errors.price = "Price is required.";
  if (!sources[0]) errors.images = "Main image URL is required.";
  const parsed = productInputSchema.safeParse(draft);
  if (!parsed.success) Object.assign(errors, { ...fieldErrors(parsed.error).fields, ...errors });
  if (errors.price && price !== "" && errors.price !== "Price is required.")
    errors.price = "Price must be a positive number of rupees.";
  if (Object.keys(errors).length > 0) {
    const missing = REQUIRED_FIELDS.filter((field) => errors[field]?.endsWith("is required."));
    const message = missing.length > 1 ? REQUIRED_MESSAGE : (Object.values(errors)[0] ?? REQUIRED_MESSAGE);
    throw new AppError("validation-failed", message, errors);
  }
  for (const [slot, source] of sources.entries()) {
    if (source?.kind !== "file") continue;
    await checkUploadedImage(source.data).catch((error: unknown) => {
      if (error instanceof AppError)
        throw new AppError(error.code, error.userMessage, { [`image${slot}`]: error.userMessage });
      throw error;
    });
  }
  const images: string[] = [];
  for (const source of sources) {
    if (!source) continue;
    images.push(
      source.kind === "ref" ? source.ref : await storeShapedImage(storage, "products", "product", source.data),
    );
  }
  return { ...draft, images };
}

/** Slot N's picture: a new upload, else a typed URL, else the picture it had (unless removed). */
async function imageSource(form: FormData, slot: number): Promise<ImageSource> {
  const file = form.get(`imageFile${slot}`);
  if (file instanceof File && file.size > 0) return { kind: "file", data: Buffer.from(await file.arrayBuffer()) };
  const url = String(form.get(`imageUrl${slot}`) ?? "").trim();
  if (url) {
    if (!/^https?:\/\/[^\s]+$/i.test(url) || url.length > 2000 || !isExternalImage(url)) {
      throw new AppError("validation-failed", "A picture URL must start with https:// or http://.", {
        [`image${slot}`]: "A picture URL must start with https:// or http://.",
      });
    }
    return { kind: "ref", ref: url };
  }
  const current = String(form.get(`imageCurrent${slot}`) ?? "").trim();
  if (!current || form.get(`imageRemove${slot}`) === "1") return null;
  // Only a picture the shop stored, or a URL, can be kept.
  if (!isExternalImage(current) && !/^(products|home)\/[A-Za-z0-9_-]{1,64}$/.test(current)) return null;
  return { kind: "ref", ref: current };
}
