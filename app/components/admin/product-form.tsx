import { Form } from "react-router";
import type { FormFailure } from "../../.server/action-results.ts";
import { FormError } from "../ui/form-error.tsx";
import { SubmitButton } from "../ui/submit-button.tsx";
import { TextField } from "../ui/text-field.tsx";
import {
  CollectionsFieldset,
  DetailsSection,
  PicturesSection,
  type PriceBand,
  type ProductFormValues,
  ReturnsFieldset,
  StockSection,
  type Suggestions,
} from "./product-form-sections.tsx";
import { useReturnToDashboard } from "./use-return-to-dashboard.ts";

export type ProductFormResult = { ok: true; message: string } | FormFailure | undefined;

export const EMPTY_PRODUCT: ProductFormValues = {
  title: "",
  price: "",
  images: [],
  category: "",
  type: "",
  fabric: "",
  hsn: "",
  description: "",
  description1: "",
  titleHi: "",
  descriptionHi: "",
  fabricHi: "",
  flags: {},
  nonReturnable: false,
  stock: {},
};

/**
 * The one form behind Add Product and Edit Product: every field of a product, pictures by upload or
 * URL, sizes with their stock, and the collection flags. After a save it returns to the dashboard.
 */
const PRODUCT_LABELS = {
  title: "Title",
  price: "Price (₹)",
  category: "Category",
  type: "Type",
  hsn: "HSN code",
  fabric: "Fabric or material",
  description: "Description",
  description1: "Description 1",
  titleHi: "Title (Hindi)",
  descriptionHi: "Description (Hindi)",
  fabricHi: "Fabric (Hindi)",
  images: { label: "Main image", id: "image-file-0" },
  reason: "Reason for the change",
};

export function ProductForm(props: {
  heading: string;
  submitLabel: string;
  values: ProductFormValues;
  suggestions: Suggestions;
  priceBands: PriceBand[];
  result: ProductFormResult;
  /** An edit asks why the price or stock changed (record 45); adding a product does not. */
  asksReason?: boolean;
}) {
  const { heading, submitLabel, values, suggestions, priceBands, result } = props;
  const errors = result?.ok === false ? (result.fieldErrors ?? {}) : {};
  useReturnToDashboard(result, "/dashboard");
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="font-display text-3xl font-semibold">{heading}</h1>
      <Form method="post" encType="multipart/form-data" className="mt-6 flex flex-col gap-6" noValidate>
        {/* Only some fields are required, so the summary names the fields at fault and no more. */}
        <FormError
          message={result?.ok === false ? result.message : undefined}
          fieldErrors={errors}
          labels={PRODUCT_LABELS}
          lead={null}
        />
        <DetailsSection values={values} errors={errors} suggestions={suggestions} priceBands={priceBands} />
        <PicturesSection images={values.images} errors={errors} />
        <StockSection stock={values.stock} errors={errors} />
        <CollectionsFieldset flags={values.flags} />
        <ReturnsFieldset nonReturnable={values.nonReturnable} />
        {props.asksReason ? (
          <TextField
            name="reason"
            label="Reason for the change"
            hint="Needed when the price or the stock changes: the audit log keeps it with the change."
            placeholder="Stock count after the sale, supplier's new price…"
            maxLength={300}
            error={errors.reason}
          />
        ) : null}
        <SubmitButton label={submitLabel} pendingLabel="Saving…" className="btn-gold self-start px-8" />
      </Form>
    </div>
  );
}
