import { useRef } from "react";
import { Form, Link, useSubmit } from "react-router";
import type { ListingQuery } from "#server/catalog/catalog.schemas.ts";

export type FilterValues = Pick<ListingQuery, "q" | "type" | "fabric" | "max" | "sort">;

type FilterPanelProps = {
  pathname: string;
  values: FilterValues;
  types: string[];
  fabrics: string[];
  error: string | null;
};

/**
 * Price sort, Type, Fabric and a maximum price. The state lives in the URL; choosing a value applies
 * it at once, and the Apply button does the same without JavaScript.
 */
export function FilterPanel({ pathname, values, types, fabrics, error }: FilterPanelProps) {
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  const apply = () => {
    if (form.current) void submit(form.current, { preventScrollReset: true, replace: true });
  };
  return (
    <aside aria-labelledby="filters-heading" className="card p-4 lg:sticky lg:top-20">
      <h2 id="filters-heading" className="text-base font-semibold">
        Filters
      </h2>
      <Form ref={form} method="get" action={pathname} className="mt-4 flex flex-col gap-4" preventScrollReset>
        {values.q ? <input type="hidden" name="q" value={values.q} /> : null}
        <div>
          <label htmlFor="filter-sort" className="label">
            Price sort
          </label>
          <select id="filter-sort" name="sort" defaultValue={values.sort} onChange={apply} className="field">
            <option value="low">Low to High</option>
            <option value="high">High to Low</option>
            <option value="new">Newest first</option>
            <option value="popular">Best selling</option>
          </select>
        </div>
        <Choice id="filter-type" name="type" label="Type" value={values.type} options={types} onChange={apply} />
        <Choice
          id="filter-fabric"
          name="fabric"
          label="Fabric"
          value={values.fabric}
          options={fabrics}
          onChange={apply}
        />
        <div>
          <label htmlFor="filter-max" className="label">
            Max price (Rs.)
          </label>
          <input
            id="filter-max"
            name="max"
            type="number"
            inputMode="numeric"
            min={0}
            step="any"
            defaultValue={values.max ?? ""}
            placeholder="e.g. 3000"
            className="field"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "filter-error" : undefined}
          />
          {error ? (
            <p id="filter-error" className="mt-1 text-sm text-red-600 dark:text-red-400">
              {error}
            </p>
          ) : null}
        </div>
        <div className="flex gap-2">
          <button type="submit" className="btn-primary flex-1">
            Apply
          </button>
          <Link to={values.q ? `${pathname}?q=${encodeURIComponent(values.q)}` : pathname} className="btn-outline">
            Clear
          </Link>
        </div>
      </Form>
    </aside>
  );
}

function Choice(props: {
  id: string;
  name: string;
  label: string;
  value: string | undefined;
  options: string[];
  onChange: () => void;
}) {
  const { id, name, label, value, options, onChange } = props;
  // A value from a shared URL that this listing no longer has stays selectable, so it can be seen.
  const all =
    value && !options.some((option) => option.toLowerCase() === value.toLowerCase()) ? [value, ...options] : options;
  const selected = all.find((option) => option.toLowerCase() === value?.toLowerCase()) ?? "";
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <select id={id} name={name} defaultValue={selected} onChange={onChange} className="field">
        <option value="">Choose from here</option>
        {all.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </div>
  );
}
