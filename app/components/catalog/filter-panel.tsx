import { SlidersHorizontal } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useSubmit } from "react-router";
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

/** How long a choice made with the arrow keys must stay before the results follow it. */
const SETTLE_MS = 700;

/**
 * Sort by, Type, Fabric (or Material) and a maximum price. The state lives in the URL. A choice made with the
 * mouse applies at once; one made with the arrow keys applies when it settles (or on Enter, or on
 * leaving the field), so a keyboard user can browse the options without the page changing under
 * them, and focus stays where it is. The Apply button does the same without JavaScript. On a phone
 * the panel folds behind a Filters button.
 */
export function FilterPanel({ pathname, values, options, error }: FilterPanelProps) {
  const { types, fabrics, materialLabel } = options;
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const { form, draft, setDraft, select } = useSettlingChoices(values);
  const active = [values.type, values.fabric, values.max].filter((value) => value !== undefined && value !== "").length;
  const t = useT();
  const fabricLabel = t(MATERIAL_LABELS[materialLabel]);
  return (
    <aside aria-labelledby={`${panelId}-heading`} className="self-start lg:sticky lg:top-20">
      <FiltersToggle open={open} controls={panelId} active={active} onToggle={() => setOpen(!open)} />
      <div id={panelId} className={`card mt-3 p-4 lg:mt-0 lg:block ${open ? "block" : "hidden"}`}>
        <h2 id={`${panelId}-heading`} className="text-base font-semibold">
          {t("filters.title")}
        </h2>
        <Form ref={form} method="get" action={pathname} className="mt-4 flex flex-col gap-4" preventScrollReset>
          {values.q ? <input type="hidden" name="q" value={values.q} /> : null}
          <FieldFrame id={`${panelId}-sort`} label={t("filters.sortBy")}>
            <select id={`${panelId}-sort`} {...select("sort")}>
              <SortOptions searching={Boolean(values.q)} />
            </select>
          </FieldFrame>
          <FieldFrame id={`${panelId}-type`} label={t("filters.type")}>
            <select id={`${panelId}-type`} {...select("type", types)}>
              <Options current={draft.type} options={types} />
            </select>
          </FieldFrame>
          <FieldFrame id={`${panelId}-fabric`} label={fabricLabel}>
            <select id={`${panelId}-fabric`} {...select("fabric", fabrics)}>
              <Options current={draft.fabric} options={fabrics} />
            </select>
          </FieldFrame>
          <MaxPriceField
            id={`${panelId}-max`}
            value={draft.max}
            onChange={(max) => setDraft((current) => ({ ...current, max }))}
            error={error}
          />
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
function FiltersToggle({
  open,
  controls,
  active,
  onToggle,
}: {
  open: boolean;
  controls: string;
  active: number;
  onToggle: () => void;
}) {
  const t = useT();
  return (
    <button
      type="button"
      className="btn-outline w-full justify-center lg:hidden"
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
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

/**
 * The panel's choices and when they apply: at once for the mouse, once they settle for the arrow
 * keys (or on Enter, or on leaving the field). The fields follow the address (Clear, Back) without
 * being rebuilt, so focus stays put.
 */
function useSettlingChoices(values: FilterValues) {
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  const byKeyboard = useRef(false);
  const [draft, setDraft] = useState(values);
  useEffect(() => setDraft(values), [values]);
  useEffect(() => () => void (pending.current && clearTimeout(pending.current)), []);

  const apply = () => {
    if (pending.current) clearTimeout(pending.current);
    pending.current = null;
    if (form.current) void submit(form.current, { preventScrollReset: true, replace: true });
  };
  const choose = (name: keyof FilterValues) => (event: React.ChangeEvent<HTMLSelectElement>) => {
    setDraft((current) => ({ ...current, [name]: event.target.value }));
    if (!byKeyboard.current) return apply();
    if (pending.current) clearTimeout(pending.current);
    pending.current = setTimeout(apply, SETTLE_MS);
  };
  const select = (name: keyof FilterValues, options: string[] = []) => ({
    name,
    // A value typed into the address in another letter case selects the listing's own spelling.
    value:
      options.find((option) => option.toLowerCase() === String(draft[name] ?? "").toLowerCase()) ??
      String(draft[name] ?? ""),
    className: "field",
    onChange: choose(name),
    onBlur: () => {
      if (pending.current) apply();
    },
    onKeyDown: (event: React.KeyboardEvent) => {
      byKeyboard.current = true;
      if (event.key === "Enter" && pending.current) apply();
    },
    onPointerDown: () => {
      byKeyboard.current = false;
    },
  });
  return { form, draft, setDraft, select };
}

/** The highest price shown, in rupees, with what was wrong with it. */
function MaxPriceField(props: {
  id: string;
  value: number | undefined;
  onChange: (max: number) => void;
  error: string | null;
}) {
  const { id, value, onChange, error } = props;
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
      value={value ?? ""}
      onChange={(event) => onChange(event.target.value as unknown as number)}
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
