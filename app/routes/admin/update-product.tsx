import { data } from "react-router";
import {
  editProductFromForm,
  productForEditing,
  productFormSuggestions,
} from "#server/catalog/catalog-admin.service.ts";
import { saveProductForm } from "#server/http/product-form.ts";
import { adminOrLogin } from "#server/http/route-guards.ts";
import { appServices } from "#server/http/route-helpers.ts";
import { ProductForm } from "../../components/admin/product-form.tsx";
import { toFormValues } from "../../components/admin/product-form-values.ts";
import { pageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/update-product";

function productId(url: URL): number {
  const id = Number(url.searchParams.get("id"));
  if (!Number.isSafeInteger(id) || id < 1)
    throw data({ message: "Which product? The link has no product id." }, { status: 404 });
  return id;
}

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const actor = adminOrLogin({ context, request, url });
  const { db } = appServices(context);
  const [product, suggestions] = await Promise.all([
    productForEditing(db, actor, productId(url)),
    productFormSuggestions(db, actor),
  ]);
  return { product, suggestions };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const actor = adminOrLogin({ context, request, url });
  const { db, storage } = appServices(context);
  const id = productId(url);
  return saveProductForm(
    context,
    request,
    (submission) => editProductFromForm(db, storage, actor, id, submission),
    "Product Updated successfully",
  );
}

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Edit product", description: "Edit a product.", noindex: true });

export default function UpdateProduct({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ProductForm
      key={loaderData.product.updatedAt}
      heading={`Edit product #${loaderData.product.id}`}
      submitLabel="Update Product"
      values={toFormValues(loaderData.product)}
      suggestions={loaderData.suggestions}
      result={actionData}
    />
  );
}
