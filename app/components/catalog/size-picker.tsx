import { useId } from "react";
import { LOW_STOCK_THRESHOLD } from "#core/stock.ts";
import type { ProductSize } from "#server/catalog/catalog.schemas.ts";
import { useT } from "../../locales/i18n.ts";
import { serviceText } from "../../locales/service-text.ts";
import { SizeSelect } from "./size-select.tsx";

/** The product page's size choice: labelled, with "Only N left" or the reason a choice is needed. */
export function SizePicker({
  sizes,
  value,
  onChange,
  error,
}: {
  sizes: ProductSize[];
  value: string;
  onChange: (size: string) => void;
  error?: string | null;
}) {
  const id = useId();
  const t = useT();
  const chosen = sizes.find((entry) => entry.size === value);
  const hint =
    chosen && chosen.stock > 0 && chosen.stock <= LOW_STOCK_THRESHOLD
      ? t("product.onlyLeft", { count: chosen.stock })
      : null;
  return (
    <div>
      <label htmlFor={id} className="label">
        {t("product.size")}
      </label>
      <SizeSelect
        id={id}
        sizes={sizes}
        value={value}
        onChange={onChange}
        describedBy={`${id}-note`}
        invalid={Boolean(error)}
        className="max-w-xs"
      />
      <p id={`${id}-note`} className="mt-1 min-h-5 text-sm" aria-live="polite">
        {error ? (
          <span className="text-red-600 dark:text-red-400">{serviceText(t, error)}</span>
        ) : hint ? (
          <span className="font-medium text-amber-700 dark:text-amber-400">{hint}</span>
        ) : null}
      </p>
    </div>
  );
}

/** A product with a single size in stock needs no choice: that size is chosen from the start. */
export function initialSize(sizes: readonly ProductSize[]): string {
  const available = sizes.filter((entry) => entry.stock > 0);
  return sizes.length === 1 && available.length === 1 ? (available[0]?.size ?? "") : "";
}
