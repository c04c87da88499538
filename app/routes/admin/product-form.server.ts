import type { RouterContextProvider } from "react-router";
import { stockField } from "#core/sizes.ts";
import { MAX_IMAGES, SIZES } from "#server/catalog/catalog.schemas.ts";
import type { PictureSource, ProductSubmission } from "#server/catalog/product-submission.ts";
import { MAX_UPLOAD_BYTES } from "#server/storage/images.ts";
import { actionDone, formFailure } from "../../.server/action-results.ts";
import { readForm, text } from "../../.server/forms.ts";
import { makeToast } from "../../.server/toasts.ts";

/** The add and edit product form may carry five pictures of up to 5 MB each. */
export const PRODUCT_FORM_LIMIT_BYTES = MAX_IMAGES * MAX_UPLOAD_BYTES + 256 * 1024;

/** The posted product form, as typed: the catalogue service checks it. */
export async function readProductForm(form: FormData): Promise<ProductSubmission> {
  const pictures: PictureSource[] = [];
  for (let slot = 0; slot < MAX_IMAGES; slot++) pictures.push(await pictureSource(form, slot));
  return {
    title: String(form.get("title") ?? ""),
    price: text(form, "price"),
    category: String(form.get("category") ?? ""),
    type: String(form.get("type") ?? ""),
    fabric: String(form.get("fabric") ?? ""),
    hsn: text(form, "hsn"),
    description: String(form.get("description") ?? ""),
    description1: String(form.get("description1") ?? ""),
    flags: form.getAll("flags").filter((flag): flag is string => typeof flag === "string"),
    stock: Object.fromEntries(SIZES.map((size) => [size, text(form, stockField(size))])),
    pictures,
  };
}

/** Slot N's picture: a new upload, else a typed URL, else the picture it had (unless removed). */
async function pictureSource(form: FormData, slot: number): Promise<PictureSource> {
  const file = form.get(`imageFile${slot}`);
  if (file instanceof File && file.size > 0) return { kind: "upload", data: Buffer.from(await file.arrayBuffer()) };
  const url = text(form, `imageUrl${slot}`);
  if (url) return { kind: "url", url };
  const kept = text(form, `imageCurrent${slot}`);
  if (!kept || form.get(`imageRemove${slot}`) === "1") return null;
  return { kind: "kept", ref: kept };
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
