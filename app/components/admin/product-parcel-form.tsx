import { Form } from "react-router";
import type { ProductParcel } from "#server/shipping/product-parcels.service.ts";
import { SubmitButton } from "../ui/submit-button.tsx";
import { TextField } from "../ui/text-field.tsx";

const FIELDS = [
  { name: "weightGrams", label: "Weight (g)", key: "grams" },
  { name: "lengthCm", label: "Length (cm)", key: "lengthCm" },
  { name: "breadthCm", label: "Breadth (cm)", key: "breadthCm" },
  { name: "heightCm", label: "Height (cm)", key: "heightCm" },
] as const;

/**
 * One piece of the product as it is packed, which the courier is booked with: as measured, or left
 * empty to pack by its kind (the placeholders say what that is).
 */
export function ProductParcelForm({ productId, parcel }: { productId: number; parcel: ProductParcel }) {
  const { measured, byKind } = parcel;
  return (
    <div className="mx-auto max-w-4xl px-4 pb-6">
      <Form
        method="post"
        action={`/admin/products/${productId}/parcel`}
        className="card flex flex-col gap-4 p-6"
        aria-labelledby="parcel-size-heading"
      >
        <h2 id="parcel-size-heading" className="text-lg font-semibold">
          Packed for the courier
        </h2>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          One piece as it is packed: the courier bills by the greater of its weight and its size.{" "}
          {measured
            ? "Empty all four to pack it by its kind again."
            : `Not measured yet: it packs as its kind does (${byKind.grams} g, ${byKind.lengthCm} × ${byKind.breadthCm} × ${byKind.heightCm} cm).`}
        </p>
        <div className="grid grid-cols-2 gap-4 sm:grid-cols-4">
          {FIELDS.map((field) => (
            <TextField
              key={field.name}
              name={field.name}
              label={field.label}
              inputMode="numeric"
              defaultValue={measured ? String(measured[field.key]) : ""}
              placeholder={String(byKind[field.key])}
            />
          ))}
        </div>
        <SubmitButton label="Save packed size" pendingLabel="Saving…" className="btn-outline self-start" />
      </Form>
    </div>
  );
}
