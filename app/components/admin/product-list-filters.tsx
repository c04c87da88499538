import { Form } from "react-router";
import { COLLECTION_FLAGS, FLAG_LABELS } from "#core/collections.ts";

type Filters = {
  q?: string | undefined;
  collection?: string | undefined;
  stock?: string | undefined;
  status?: string | undefined;
};

const STOCK = [
  ["", "Any stock"],
  ["out", "Out of stock"],
  ["low", "Low stock"],
  ["in", "In stock"],
] as const;
const STATUS = [
  ["", "Any status"],
  ["shown", "On sale"],
  ["hidden", "Hidden"],
] as const;

/** Search by title, SKU or barcode, and the list's filters, kept in the address. */
export function ProductListFilters({ query }: { query: Filters }) {
  return (
    <Form method="get" role="search" className="mt-4 grid gap-2 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_auto]">
      <label className="sr-only" htmlFor="product-search">
        Search products
      </label>
      <input
        id="product-search"
        name="q"
        type="search"
        defaultValue={query.q ?? ""}
        placeholder="Title, SKU or barcode…"
        className="field"
      />
      <select name="collection" defaultValue={query.collection ?? ""} className="field" aria-label="Collection">
        <option value="">Any collection</option>
        {COLLECTION_FLAGS.map((flag) => (
          <option key={flag} value={flag}>
            {FLAG_LABELS[flag]}
          </option>
        ))}
      </select>
      <select name="stock" defaultValue={query.stock ?? ""} className="field" aria-label="Stock">
        {STOCK.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
      <select name="status" defaultValue={query.status ?? ""} className="field" aria-label="Status">
        {STATUS.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
      <button type="submit" className="btn-outline">
        Search
      </button>
    </Form>
  );
}
