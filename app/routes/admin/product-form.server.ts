import type { RouterContextProvider } from "react-router";
import { z } from "zod";
import { stockField } from "#core/sizes.ts";
import { MAX_IMAGES, SIZES } from "#server/catalog/catalog.schemas.ts";
import type { PictureSource, ProductSubmission } from "#server/catalog/product-submission.ts";
import { MAX_UPLOAD_BYTES } from "#server/storage/shaped-images.ts";
import { actionDone, formFailure } from "../../.server/action-results.ts";
import { chosenFile, formFields, readForm } from "../../.server/forms.ts";
import { makeToast } from "../../.server/toasts.ts";

/** The add and edit product form may carry five pictures of up to 5 MB each. */
export const PRODUCT_FORM_LIMIT_BYTES = MAX_IMAGES * MAX_UPLOAD_BYTES + 256 * 1024;

const SLOTS = Array.from({ length: MAX_IMAGES }, (_, slot) => slot);
const text = z.string();

/**
 * The add and edit product form's fields: the product's words and price as typed, its collection
 * flags, the stock of each size, and per picture slot a typed URL, the picture it had, and whether
 * that was removed (a new upload comes as a file of its own).
 */
const productForm = z.object({
  title: text,
  price: text,
  category: text,
  type: text,
  fabric: text,
  hsn: text,
  description: text,
  description1: text,
  titleHi: text.default(""),
  descriptionHi: text.default(""),
  fabricHi: text.default(""),
  flags: z.array(text),
  nonReturnable: z.boolean(),
  /** Why the price or stock changed, on an edit that changes them (record 45). */
  reason: text.default(""),
  ...Object.fromEntries(SIZES.map((size) => [stockField(size), text])),
  ...Object.fromEntries(
    SLOTS.flatMap((slot) => [
      [`imageUrl${slot}`, text],
      [`imageCurrent${slot}`, text],
    ]),
  ),
  ...Object.fromEntries(SLOTS.map((slot) => [`imageRemove${slot}`, z.boolean()])),
});

/** The posted product form, as typed: the catalogue service checks it. */
export async function readProductForm(form: FormData): Promise<ProductSubmission> {
  const fields = formFields(form, productForm) as Record<string, string | string[] | boolean>;
  const typed = (name: string) => String(fields[name] ?? "").trim();
  const pictures: PictureSource[] = [];
  for (const slot of SLOTS) {
    const file = chosenFile(form, `imageFile${slot}`);
    if (file) pictures.push({ kind: "upload", data: Buffer.from(await file.arrayBuffer()) });
    else if (typed(`imageUrl${slot}`)) pictures.push({ kind: "url", url: typed(`imageUrl${slot}`) });
    else if (typed(`imageCurrent${slot}`) && !fields[`imageRemove${slot}`])
      pictures.push({ kind: "kept", ref: typed(`imageCurrent${slot}`) });
    else pictures.push(null);
  }
  return {
    title: String(fields.title),
    price: typed("price"),
    category: String(fields.category),
    type: String(fields.type),
    fabric: String(fields.fabric),
    hsn: typed("hsn"),
    description: String(fields.description),
    description1: String(fields.description1),
    titleHi: String(fields.titleHi ?? ""),
    descriptionHi: String(fields.descriptionHi ?? ""),
    fabricHi: String(fields.fabricHi ?? ""),
    flags: fields.flags as string[],
    nonReturnable: Boolean(fields.nonReturnable),
    stock: Object.fromEntries(SIZES.map((size) => [size, typed(stockField(size))])),
    pictures,
    reason: typed("reason"),
  };
}

/**
 * The add and edit product actions: read the form, save it through the service, then the toast and
 * the way back to the dashboard (at once for a plain post; after 800 ms on the page otherwise).
 */
export async function saveProductForm(
  context: Readonly<RouterContextProvider>,
  request: Request,
  save: (submission: ProductSubmission) => Promise<unknown>,
  successMessage: string,
) {
  try {
    await save(await readProductForm(await readForm(request, PRODUCT_FORM_LIMIT_BYTES)));
  } catch (error) {
    return formFailure(error);
  }
  return actionDone(context, request, makeToast("success", successMessage), { backTo: "/dashboard" });
}
