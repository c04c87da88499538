import { Form } from "react-router";
import { COLLECTION_FLAGS, FLAG_LABELS } from "#core/collections.ts";
import { FilterSelect, SearchBox } from "./list-controls.tsx";

type Filters = {
  q?: string | undefined;
  collection?: string | undefined;
  stock?: string | undefined;
  status?: string | undefined;
  hindi?: string | undefined;
};

const COLLECTIONS = [
  ["", "Any collection"],
  ...COLLECTION_FLAGS.map((flag) => [flag, FLAG_LABELS[flag]] as const),
] as const;
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
const HINDI = [
  ["", "Any Hindi text"],
  ["missing", "No Hindi title"],
  ["stale", "Hindi out of date"],
] as const;

/** Search by title, SKU or barcode, and the list's filters, kept in the address. */
export function ProductListFilters({ query }: { query: Filters }) {
  return (
    <Form method="get" role="search" className="mt-4 grid gap-2 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_1fr_auto]">
      <SearchBox id="product-search" label="Search products" placeholder="Title, SKU or barcode…" value={query.q} />
      <FilterSelect
        form="product"
        name="collection"
        label="Collection"
        query={query}
        options={COLLECTIONS}
        showLabel={false}
      />
      <FilterSelect form="product" name="stock" label="Stock" query={query} options={STOCK} showLabel={false} />
      <FilterSelect form="product" name="status" label="Status" query={query} options={STATUS} showLabel={false} />
      <FilterSelect form="product" name="hindi" label="Hindi" query={query} options={HINDI} showLabel={false} />
      <button type="submit" className="btn-outline">
        Search
      </button>
    </Form>
  );
}
