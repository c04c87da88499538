import { addProductFromForm, productFormSuggestions } from "#server/catalog/catalog-admin.service.ts";
import { saveProductForm } from "#server/http/product-form.ts";
import { adminOrLogin } from "#server/http/route-guards.ts";
import { appServices } from "#server/http/route-helpers.ts";
import { EMPTY_PRODUCT, ProductForm } from "../../components/admin/product-form.tsx";
import { pageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/add-product";

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const actor = adminOrLogin({ context, request, url });
  return { suggestions: await productFormSuggestions(appServices(context).db, actor) };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const actor = adminOrLogin({ context, request, url });
  const { db, storage } = appServices(context);
  return saveProductForm(
    context,
    request,
    (submission) => addProductFromForm(db, storage, actor, submission),
    "Add product successfully",
  );
}

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Add product", description: "Add a product.", noindex: true });

export default function AddProduct({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ProductForm
      heading="Add product"
      submitLabel="Add Product"
      values={EMPTY_PRODUCT}
      suggestions={loaderData.suggestions}
      result={actionData}
    />
  );
}
