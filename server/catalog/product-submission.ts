import { COLLECTION_FLAGS, flagRecord } from "#core/collections.ts";
import { isExternalImage } from "#core/image-shapes.ts";
import { parseRupees } from "#core/money.ts";
import { readWholeNumber } from "#core/numbers.ts";
import { AppError } from "../errors.ts";
import { checkUploadedImage, storeShapedImage } from "../storage/shaped-images.ts";
import type { Storage } from "../storage/storage.ts";
import { fieldErrors, REQUIRED_MESSAGE } from "../validation/fields.ts";
import { type ProductInput, productInputSchema, SIZES, type Size } from "./catalog.schemas.ts";

/** A picture slot of the product form: a new upload, a typed URL, or the picture it already had. */
export type PictureSource =
  | { kind: "upload"; data: Buffer }
  | { kind: "url"; url: string }
  | { kind: "kept"; ref: string }
  | null;

/** The add/edit product form as the browser sent it: text as typed, pictures by slot. */
export type ProductSubmission = {
  title: string;
  /** Rupees, as typed. */
  price: string;
  category: string;
  type: string;
  fabric: string;
  hsn: string;
  description: string;
  description1: string;
  /** The Hindi title, description and fabric, as typed (empty: none). */
  titleHi?: string;
  descriptionHi?: string;
  fabricHi?: string;
  flags: string[];
  /** The "cannot be returned" box, ticked or not. */
  nonReturnable: boolean;
  /** Stock per size as typed; a size left empty is not sold. */
  stock: Partial<Record<Size, string>>;
  pictures: PictureSource[];
  /** Why the price or the stock changed (record 45): asked of an edit that changes either. */
  reason?: string;
};

const URL_MESSAGE = "A picture URL must start with https:// or http://.";
const STORED_REF = /^(products|home)\/[A-Za-z0-9_-]{1,64}$/;

/**
 * Checks a submitted product form and stores its new pictures: every field is checked, uploads
 * included, before any picture is stored, so a refused form leaves nothing behind. Uploads are
 * accepted by their content and stored as WebP at the shop's widths.
 */
export async function productFromSubmission(storage: Storage, submission: ProductSubmission): Promise<ProductInput> {
  const errors: Record<string, string> = {};
  const pictures = submission.pictures.map((picture, slot) => usablePicture(picture, slot, errors));
  const draft = productDraft(submission, pictures);
  checkDraft(submission, draft, pictures, errors);
  for (const [slot, picture] of pictures.entries()) {
    if (picture?.kind !== "upload") continue;
    await checkUploadedImage(picture.data).catch((error: unknown) => {
      if (error instanceof AppError)
        throw new AppError(error.code, error.userMessage, { [`image${slot}`]: error.userMessage });
      throw error;
    });
  }
  const images: string[] = [];
  for (const picture of pictures) {
    if (!picture) continue;
    images.push(
      picture.kind === "ref" ? picture.ref : await storeShapedImage(storage, "products", "product", picture.data),
    );
  }
  return { ...draft, images };
}

/** The submission as the product it describes; a picture to upload stands in as `upload-{slot}`. */
function productDraft(submission: ProductSubmission, pictures: readonly UsablePicture[]) {
  return {
    title: submission.title,
    price: parseRupees(submission.price) ?? Number.NaN,
    images: pictures.flatMap((picture, slot) =>
      picture ? [picture.kind === "upload" ? `upload-${slot}` : picture.ref] : [],
    ),
    category: submission.category,
    type: submission.type,
    fabric: submission.fabric,
    hsn: submission.hsn,
    description: submission.description,
    description1: submission.description1,
    titleHi: submission.titleHi ?? "",
    descriptionHi: submission.descriptionHi ?? "",
    fabricHi: submission.fabricHi ?? "",
    flags: flagRecord(COLLECTION_FLAGS.filter((flag) => submission.flags.includes(flag))),
    nonReturnable: submission.nonReturnable,
    sizes: SIZES.flatMap((size) => {
      const stock = submission.stock[size] ?? "";
      return stock.trim() === "" ? [] : [{ size, stock: readWholeNumber(stock) ?? Number.NaN }];
    }),
  };
}

/**
 * Every field checked at once, each with its own message: several required fields left empty give
 * the spec's one sentence, anything else the first field's own.
 */
function checkDraft(
  submission: ProductSubmission,
  draft: ReturnType<typeof productDraft>,
  pictures: readonly UsablePicture[],
  errors: Record<string, string>,
): void {
  const priceTyped = submission.price.trim() !== "";
  const missing = [
    submission.title.trim() === "",
    !priceTyped,
    !pictures[0],
    submission.category.trim() === "",
    submission.description.trim() === "",
  ].filter(Boolean).length;
  if (!priceTyped) errors.price = "Price is required.";
  if (!pictures[0]) errors.images = "Main image URL is required.";
  const parsed = productInputSchema.safeParse(draft);
  if (!parsed.success) Object.assign(errors, { ...fieldErrors(parsed.error).fields, ...errors });
  if (errors.price && priceTyped) errors.price = "Price must be a positive number of rupees.";
  if (Object.keys(errors).length === 0) return;
  const message = missing > 1 ? REQUIRED_MESSAGE : (Object.values(errors)[0] ?? REQUIRED_MESSAGE);
  throw new AppError("validation-failed", message, errors, { fieldsMissing: missing > 1 });
}

type UsablePicture = { kind: "upload"; data: Buffer } | { kind: "ref"; ref: string } | null;

/** A typed URL must be a web address; a kept picture must be one the shop stored, or a URL. */
function usablePicture(picture: PictureSource, slot: number, errors: Record<string, string>): UsablePicture {
  if (!picture) return null;
  if (picture.kind === "upload") return picture;
  if (picture.kind === "url") {
    if (/^https?:\/\/[^\s]+$/i.test(picture.url) && picture.url.length <= 2000 && isExternalImage(picture.url)) {
      return { kind: "ref", ref: picture.url };
    }
    errors[`image${slot}`] = URL_MESSAGE;
    return { kind: "ref", ref: "invalid" };
  }
  return isExternalImage(picture.ref) || STORED_REF.test(picture.ref) ? { kind: "ref", ref: picture.ref } : null;
}
