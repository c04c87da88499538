import { redirect } from "react-router";
import { productParcelSchema, saveProductParcel } from "#server/shipping/product-parcels.service.ts";
import { actionDone, actionFailed } from "../../.server/action-results.ts";
import { idFromPath } from "../../.server/address.ts";
import { appServices } from "../../.server/context.ts";
import { formFields, readForm } from "../../.server/forms.ts";
import { adminOrLogin } from "../../.server/guards.ts";
import { makeToast } from "../../.server/toasts.ts";
import type { Route } from "./+types/product-parcel";

/** The packed size is edited on the product's page: an address typed by hand goes there. */
export async function loader({ params, context, request, url }: Route.LoaderArgs) {
  adminOrLogin({ context, request, url });
  return redirect(`/updateproduct?id=${idFromPath(params.productId, "This product could not be found.")}`);
}

/** POST /admin/products/<id>/parcel: a product's packed weight and size, from its edit page. */
export async function action({ params, context, request, url }: Route.ActionArgs) {
  const actor = adminOrLogin({ context, request, url });
  const productId = idFromPath(params.productId, "This product could not be found.");
  const backTo = `/updateproduct?id=${productId}`;
  try {
    const fields = formFields(await readForm(request), productParcelSchema);
    await saveProductParcel(appServices(context).db, actor, productId, fields);
    return actionDone(context, request, makeToast("success", "Packed size saved"), { backTo });
  } catch (error) {
    return actionFailed(context, request, error, { backTo });
  }
}
