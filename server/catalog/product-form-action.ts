import type { RouterContextProvider } from "react-router";
import { readForm } from "../http/forms.ts";
import { actionDone, appServices, formFailure, makeToast } from "../http/route-helpers.ts";
import type { ProductInput } from "./catalog.schemas.ts";
import { PRODUCT_FORM_LIMIT_BYTES, readProductForm } from "./product-form.ts";

/**
 * The add and edit product actions: read and check the form, save, then the toast and the way back
 * to the dashboard (at once for a plain post; after 800 ms on the page otherwise).
 */
export async function saveProductForm(
  context: Readonly<RouterContextProvider>,
  request: Request,
  save: (input: ProductInput) => Promise<unknown>,
  successMessage: string,
) {
  try {
    const form = await readForm(request, PRODUCT_FORM_LIMIT_BYTES);
    await save(await readProductForm(form, appServices(context).storage));
  } catch (error) {
    return formFailure(error);
  }
  return actionDone(context, request, makeToast("success", successMessage), { backTo: "/dashboard" });
}
