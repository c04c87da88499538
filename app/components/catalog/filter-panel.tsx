import { SlidersHorizontal } from "lucide-react";
import { useId } from "react";
import { LISTING_SORTS } from "#core/listings.ts";
import type { ListingOptions, ListingQuery } from "#server/catalog/catalog.schemas.ts";
import { useT } from "../../locales/i18n.ts";
import { Form, Link } from "../../locales/link.tsx";
import { FieldFrame, TextField } from "../ui/text-field.tsx";

/** The listing says "Fabric" for clothes, "Material" for accessories, both when it holds both. */
const MATERIAL_LABELS = {
  Fabric: "filters.fabric",
  Material: "filters.material",
  "Fabric or material": "filters.fabricOrMaterial",
} as const;

export type FilterValues = Pick<ListingQuery, "q" | "type" | "fabric" | "max" | "sort">;

type FilterPanelProps = {
  pathname: string;
  values: FilterValues;
  options: ListingOptions;
  error: string | null;
};

/**
 * Sort by, Type, Fabric (or Material) and a maximum price. The state lives in the URL. A choice made with the
 * mouse applies at once; one made with the arrow keys applies when it settles (or on Enter, or on
 * leaving the field), so a keyboard user can browse the options without the page changing under
 * them, and focus stays where it is. The Apply button does the same without JavaScript. On a phone
 * the panel folds behind a Filters button. The listing is HTML-first: all of that is the filter
 * panel's island (app/islands/filter-panel.island.ts).
 */
export function FilterPanel({ pathname, values, options, error }: FilterPanelProps) {
  const { types, fabrics, materialLabel } = options;
  const panelId = useId();
  const active = [values.type, values.fabric, values.max].filter((value) => value !== undefined && value !== "").length;
  const t = useT();
  const fabricLabel = t(MATERIAL_LABELS[materialLabel]);
  return (
    <aside aria-labelledby={`${panelId}-heading`} className="self-start lg:sticky lg:top-20" data-island="filter-panel">
      <FiltersToggle controls={panelId} active={active} />
      <div id={panelId} className="card mt-3 hidden p-4 lg:mt-0 lg:block">
        <h2 id={`${panelId}-heading`} className="text-base font-semibold">
          {t("filters.title")}
        </h2>
        <Form method="get" action={pathname} className="mt-4 flex flex-col gap-4">
          {values.q ? <input type="hidden" name="q" value={values.q} /> : null}
          <FieldFrame id={`${panelId}-sort`} label={t("filters.sortBy")}>
            <select id={`${panelId}-sort`} {...select(values, "sort")}>
              <SortOptions searching={Boolean(values.q)} />
            </select>
          </FieldFrame>
          <FieldFrame id={`${panelId}-type`} label={t("filters.type")}>
            <select id={`${panelId}-type`} {...select(values, "type", types)}>
              <Options current={values.type} options={types} />
            </select>
          </FieldFrame>
          <FieldFrame id={`${panelId}-fabric`} label={fabricLabel}>
            <select id={`${panelId}-fabric`} {...select(values, "fabric", fabrics)}>
              <Options current={values.fabric} options={fabrics} />
            </select>
          </FieldFrame>
          <div data-listing-part="max-price">
            <MaxPriceField id={`${panelId}-max`} value={values.max} error={error} />
          </div>
          <div className="flex gap-2">
            <button type="submit" className="btn-primary flex-1">
              {t("filters.apply")}
            </button>
            <Link to={values.q ? `${pathname}?q=${encodeURIComponent(values.q)}` : pathname} className="btn-outline">
              {t("filters.clear")}
            </Link>
          </div>
        </Form>
      </div>
    </aside>
  );
}

/** On a phone the panel folds behind this button, which says how many filters are set. */
function FiltersToggle({ controls, active }: { controls: string; active: number }) {
  const t = useT();
  return (
    <button
      type="button"
      className="btn-outline w-full justify-center lg:hidden"
      aria-expanded={false}
      aria-controls={controls}
      data-filters-toggle
    >
      <SlidersHorizontal aria-hidden="true" className="size-4" />
      {t("filters.title")}
      {active > 0 ? ` (${active})` : ""}
    </button>
  );
}

/** The sorts a listing offers; relevance means something only for a search. */
function SortOptions({ searching }: { searching: boolean }) {
  const t = useT();
  return LISTING_SORTS.filter((sort) => sort !== "relevance" || searching).map((sort) => (
    <option key={sort} value={sort}>
      {t(`sort.${sort}`)}
    </option>
  ));
}

/** A choice's select: its name, and the listing's own spelling of a value typed into the address in another case. */
function select(values: FilterValues, name: keyof FilterValues, options: string[] = []) {
  const value = String(values[name] ?? "");
  return {
    name,
    defaultValue: options.find((option) => option.toLowerCase() === value.toLowerCase()) ?? value,
    className: "field",
  };
}

/** The highest price shown, in rupees, with what was wrong with it. */
function MaxPriceField({ id, value, error }: { id: string; value: number | undefined; error: string | null }) {
  const t = useT();
  return (
    <TextField
      id={id}
      name="max"
      label={t("filters.maxPrice")}
      type="number"
      inputMode="numeric"
      min={0}
      step="any"
      defaultValue={value ?? ""}
      placeholder={t("filters.example")}
      error={error ?? undefined}
    />
  );
}

/**
 * "Choose from here" and the listing's values. A value from a shared URL that this listing no
 * longer has stays selectable, so it can be seen.
 */
function Options({ current, options }: { current: string | undefined; options: string[] }) {
  const all =
    current && !options.some((option) => option.toLowerCase() === current.toLowerCase())
      ? [current, ...options]
      : options;
  const t = useT();
  return (
    <>
      <option value="">{t("filters.choose")}</option>
      {all.map((option) => (
        <option key={option} value={option}>
          {option}
        </option>
      ))}
    </>
  );
}
