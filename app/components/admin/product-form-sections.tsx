import { type ComponentProps, type InputHTMLAttributes, useState } from "react";
import { COLLECTION_FLAGS, FLAG_LABELS } from "#core/collections.ts";
import { formatInr, parseRupees } from "#core/money.ts";
import { SIZES, stockField } from "#core/sizes.ts";
import type { ProductSubmission } from "#server/catalog/product-submission.ts";
import { ProductThumbnail } from "../catalog/product-thumbnail.tsx";
import { FieldError } from "../ui/form-error.tsx";
import { PicturePicker } from "../ui/picture-picker.tsx";
import { TextField } from "../ui/text-field.tsx";
import { TitledSection } from "../ui/titled-section.tsx";

/*
 * The parts of the product form, each a section of its own: the product's words and price, its
 * pictures, its sizes with their stock, and the collections it belongs to.
 */

const IMAGE_SLOTS = ["Main image", "Image 1", "Image 2", "Image 3", "Image 4"];

type Errors = Record<string, string>;

/**
 * The values a product form starts from: its text fields as the form sends them back (see
 * ProductSubmission), the pictures the product has now, which flags are ticked, and each size's stock.
 */
export type ProductFormValues = Omit<ProductSubmission, "pictures" | "flags" | "stock"> & {
  /** Hindi translations written before the English last changed (record 47). */
  hindiStale?: { title?: boolean; description?: boolean; fabric?: boolean };
  images: string[];
  flags: Record<string, boolean>;
  stock: Record<string, string>;
};

/** The product's Hindi fields (record 47), each beside the English field it translates. */
const HINDI_FIELDS: readonly {
  field: "title" | "description" | "fabric";
  name: "titleHi" | "descriptionHi" | "fabricHi";
  label: string;
  hint?: string;
  rows?: number;
}[] = [
  {
    field: "title",
    name: "titleHi",
    label: "Title (Hindi)",
    hint: "Shown on the Hindi pages; left empty, they show the English title.",
  },
  { field: "description", name: "descriptionHi", label: "Description (Hindi)", rows: 3 },
  { field: "fabric", name: "fabricHi", label: "Fabric (Hindi)" },
];

/** Words already used in the catalogue, offered as the administrator types. */
export type Suggestions = { categories: string[]; types: string[]; fabrics: string[] };

export type PriceBand = { hsn: string; fromPaise: number; toPaise: number };

type DetailField = ComponentProps<typeof TextField> & { name: "price" | "category" | "type" | "hsn" | "fabric" };

/**
 * The one-line fields of the details, in their order on the form (two to a row on wide screens).
 * Category, type and fabric offer the catalogue's words (see SuggestionList).
 */
const DETAIL_FIELDS: readonly DetailField[] = [
  { name: "price", label: "Price (₹)", type: "number", inputMode: "decimal", min: "1", step: "0.01", required: true },
  { name: "category", label: "Category", list: "category-suggestions", required: true },
  { name: "type", label: "Type", list: "type-suggestions", required: true },
  {
    name: "hsn",
    label: "HSN code",
    inputMode: "numeric",
    hint: "Sets the GST rate. Left empty, the shop suggests one from the type.",
  },
  { name: "fabric", label: "Fabric or material", list: "fabric-suggestions", hint: "Optional." },
];

const STALE_WARNING = "The English changed after this was translated: check the Hindi.";

/** Title, price, category, type, HSN, fabric, the two descriptions, and the Hindi title and description. */
export function DetailsSection(props: {
  values: ProductFormValues;
  errors: Errors;
  suggestions: Suggestions;
  priceBands: PriceBand[];
}) {
  const { values, errors, suggestions, priceBands } = props;
  const [price, setPrice] = useState(values.price);
  const [hsn, setHsn] = useState(values.hsn);
  // The price and the HSN are followed as they are typed, for the warning about the price.
  const followed: Partial<Record<DetailField["name"], Partial<DetailField>>> = {
    price: { onChange: (event) => setPrice(event.target.value), warning: priceBandWarning(priceBands, price, hsn) },
    hsn: { onChange: (event) => setHsn(event.target.value) },
  };
  return (
    <section className="card grid gap-4 p-6 md:grid-cols-2">
      <div className="md:col-span-2">
        <TextField name="title" label="Title" defaultValue={values.title} error={errors.title} required />
      </div>
      {DETAIL_FIELDS.map((field) => (
        <TextField
          key={field.name}
          {...field}
          {...followed[field.name]}
          defaultValue={values[field.name]}
          error={errors[field.name]}
        />
      ))}
      <SuggestionList id="category-suggestions" values={suggestions.categories} />
      <SuggestionList id="type-suggestions" values={suggestions.types} />
      <SuggestionList id="fabric-suggestions" values={suggestions.fabrics} />
      <TextArea name="description" label="Description" value={values.description} error={errors.description} />
      <TextArea name="description1" label="Description 1" value={values.description1} error={errors.description1} />
      {HINDI_FIELDS.map(({ field, name, label, hint, rows }) => (
        <div key={name} className="md:col-span-2">
          <TextField
            name={name}
            label={label}
            lang="hi-IN"
            rows={rows}
            defaultValue={values[name] ?? ""}
            error={errors[name]}
            hint={hint}
            warning={values.hindiStale?.[field] ? STALE_WARNING : undefined}
          />
        </div>
      ))}
    </section>
  );
}

/** Five picture slots, each an upload or a URL, with the picture it has now. */
export function PicturesSection({ images, errors }: { images: string[]; errors: Errors }) {
  return (
    <TitledSection id="images-heading" title="Pictures" className="card p-6" titleClassName="font-semibold">
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        Upload a JPEG, PNG or WebP (up to 5 MB), or give an https:// URL.
      </p>
      <FieldError id="images-error" message={errors.images} />
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        {IMAGE_SLOTS.map((label, slot) => (
          <ImageSlot key={label} slot={slot} label={label} current={images[slot]} error={errors[`image${slot}`]} />
        ))}
      </div>
    </TitledSection>
  );
}

/** The stock of each size offered; a size left empty is not sold. */
export function StockSection({ stock, errors }: { stock: Record<string, string>; errors: Errors }) {
  return (
    <TitledSection id="sizes-heading" title="Sizes and stock" className="card p-6" titleClassName="font-semibold">
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        Give the stock of each size offered; leave a size empty if it is not.
      </p>
      <FieldError id="sizes-error" message={errors.sizes} />
      <div className="mt-3 grid grid-cols-2 gap-4 sm:grid-cols-5">
        {SIZES.map((size) => (
          <TextField
            key={size}
            name={stockField(size)}
            label={size}
            type="number"
            inputMode="numeric"
            min="0"
            step="1"
            defaultValue={stock[size] ?? ""}
          />
        ))}
      </div>
    </TitledSection>
  );
}

/** The ten collection flags. */
export function CollectionsFieldset({ flags }: { flags: Record<string, boolean> }) {
  return (
    <fieldset className="card p-6">
      <legend className="px-1 font-semibold">Collections</legend>
      <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-5">
        {COLLECTION_FLAGS.map((flag) => (
          <label key={flag} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              name="flags"
              value={flag}
              defaultChecked={flags[flag] ?? false}
              className="size-4 accent-gold-500"
            />
            {FLAG_LABELS[flag]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Whether the piece may come back: jewellery and innerwear usually may not. */
export function ReturnsFieldset({ nonReturnable }: { nonReturnable: boolean }) {
  return (
    <fieldset className="card p-6">
      <legend className="px-1 font-semibold">Returns</legend>
      <label className="mt-2 flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          name="nonReturnable"
          value="on"
          defaultChecked={nonReturnable}
          className="size-4 accent-gold-500"
        />
        This piece cannot be returned (jewellery, innerwear)
      </label>
    </fieldset>
  );
}

function SuggestionList({ id, values }: { id: string; values: string[] }) {
  return (
    <datalist id={id}>
      {values.map((value) => (
        <option key={value} value={value} />
      ))}
    </datalist>
  );
}

function TextArea({ name, label, value, error }: { name: string; label: string; value: string; error?: string }) {
  return (
    <div className="md:col-span-2">
      <label htmlFor={`field-${name}`} className="label">
        {label}
      </label>
      <textarea
        id={`field-${name}`}
        name={name}
        rows={3}
        defaultValue={value}
        className="field"
        aria-invalid={error ? true : undefined}
      />
      <FieldError id={`field-${name}-error`} message={error} />
    </div>
  );
}

function ImageSlot({ slot, label, current, error }: { slot: number; label: string; current?: string; error?: string }) {
  return (
    <fieldset className="rounded-md border border-zinc-200 p-3 dark:border-zinc-700">
      <legend className="px-1 text-sm font-medium">{label}</legend>
      <div className="flex gap-3">
        {current ? <ProductThumbnail image={current} width={64} alt={`Current ${label.toLowerCase()}`} /> : null}
        <div className="flex flex-1 flex-col gap-2">
          {current ? <input type="hidden" name={`imageCurrent${slot}`} value={current} /> : null}
          <PicturePicker id={`image-file-${slot}`} name={`imageFile${slot}`} label={`${label} file`} />
          <HiddenLabelInput
            id={`image-url-${slot}`}
            label={`${label} URL`}
            type="url"
            name={`imageUrl${slot}`}
            placeholder="or https://…"
            className="field"
          />
          {current && slot > 0 ? (
            <label className="flex items-center gap-2 text-xs">
              <input type="checkbox" name={`imageRemove${slot}`} value="1" /> Remove this picture
            </label>
          ) : null}
          <FieldError id={`image-${slot}-error`} message={error} />
        </div>
      </div>
    </fieldset>
  );
}

/** An input whose label only screen readers need: the slot's legend already says what it is. */
function HiddenLabelInput({
  id,
  label,
  ...input
}: { id: string; label: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <>
      <label className="sr-only" htmlFor={id}>
        {label}
      </label>
      <input id={id} {...input} />
    </>
  );
}

/**
 * A warning when a GST-inclusive price lands where neither rate band is self-consistent (₹2,625 to
 * ₹2,950 for clothing): the piece is then taxed at 18 %, and a price outside the range is clearer.
 */
function priceBandWarning(bands: PriceBand[], price: string, hsn: string): string | undefined {
  const paise = parseRupees(price);
  if (paise === undefined) return undefined;
  const band = bands.find((b) => (hsn || "62").startsWith(b.hsn) && paise > b.fromPaise && paise <= b.toPaise);
  if (!band) return undefined;
  return `Between ${formatInr(band.fromPaise)} and ${formatInr(band.toPaise)} neither GST rate fits the price exactly, so it is taxed at the higher rate. Consider a price outside this range.`;
}
