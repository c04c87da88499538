import { Link } from "react-router";
import {
  productForEditing,
  productFormSuggestions,
  saveProductFromForm,
} from "#server/catalog/catalog-admin.service.ts";
import { productParcel } from "#server/shipping/product-parcels.service.ts";
import { ambiguousPriceBands } from "#server/tax/gst-rates.ts";
import { idFromUrl } from "../../.server/address.ts";
import { appServices } from "../../.server/context.ts";
import { adminOrLogin } from "../../.server/guards.ts";
import { EMPTY_PRODUCT, ProductForm } from "../../components/admin/product-form.tsx";
import { toFormValues } from "../../components/admin/product-form-values.ts";
import { ProductParcelForm } from "../../components/admin/product-parcel-form.tsx";
import { pageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/product-editor";
import { saveProductForm } from "./product-form.server.ts";

/** /addproduct and /updateproduct?id=N are one screen: the same form, empty or filled. */
function editedId(url: URL): number | undefined {
  return url.pathname === "/updateproduct" ? idFromUrl(url, "product") : undefined;
}

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const actor = adminOrLogin({ context, request, url });
  const { db } = appServices(context);
  const id = editedId(url);
  const [product, suggestions, parcel] = await Promise.all([
    id === undefined ? null : productForEditing(db, actor, id),
    productFormSuggestions(db, actor),
    id === undefined ? null : productParcel(db, actor, id),
  ]);
  // Where a GST-inclusive price makes neither rate band consistent, for the form to warn about.
  return { product, suggestions, parcel, priceBands: ambiguousPriceBands() };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const actor = adminOrLogin({ context, request, url });
  const { db, storage } = appServices(context);
  const id = editedId(url);
  return saveProductForm(
    context,
    request,
    (submission) => saveProductFromForm(db, storage, actor, submission, id),
    id === undefined ? "Add product successfully" : "Product Updated successfully",
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData?.product
    ? pageMeta({ title: "Edit product", description: "Edit a product.", noindex: true })
    : pageMeta({ title: "Add product", description: "Add a product.", noindex: true });

export default function ProductEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { product, suggestions, parcel, priceBands } = loaderData;
  return (
    <>
      <ProductForm
        key={product?.updatedAt ?? "new"}
        heading={product ? `Edit product #${product.id}` : "Add product"}
        submitLabel={product ? "Update Product" : "Add Product"}
        values={product ? toFormValues(product) : EMPTY_PRODUCT}
        suggestions={suggestions}
        priceBands={priceBands}
        result={actionData}
        asksReason={product !== null}
      />
      {product && parcel ? <ProductParcelForm productId={product.id} parcel={parcel} /> : null}
      {product ? (
        <p className="mx-auto max-w-4xl px-4 pb-10 text-sm">
          Measurements differ from its collection's?{" "}
          <Link to={`/admin/size-charts?product=${product.id}`} className="font-medium underline underline-offset-4">
            Size chart of this piece
          </Link>
        </p>
      ) : null}
    </>
  );
}
