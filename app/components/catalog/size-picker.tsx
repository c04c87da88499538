import { useId } from "react";
import { LOW_STOCK_THRESHOLD } from "#core/stock.ts";
import type { ProductSize } from "#server/catalog/catalog.schemas.ts";
import { useT } from "../../locales/i18n.ts";
import { LOW_STOCK_CLASS } from "./size-note.ts";
import { SizeSelect } from "./size-select.tsx";

/**
 * The product page's size choice: labelled, with "Only N left" or the reason a choice is needed. The
 * page is HTML-first: the product's island (app/islands/product-actions.island.ts) keeps the note as
 * the choice changes, from each size's stock and the note's words for it.
 */
export function SizePicker({ sizes }: { sizes: ProductSize[] }) {
  const id = useId();
  const t = useT();
  const initial = initialSize(sizes);
  const chosen = sizes.find((entry) => entry.size === initial);
  return (
    <div>
      <label htmlFor={id} className="label">
        {t("product.size")}
      </label>
      <SizeSelect id={id} sizes={sizes} initial={initial} describedBy={`${id}-note`} className="max-w-xs" />
      <p
        id={`${id}-note`}
        className="mt-1 min-h-5 text-sm"
        aria-live="polite"
        data-size-note
        data-only-left={t("product.onlyLeft", { count: "{count}" })}
      >
        {chosen && chosen.stock > 0 && chosen.stock <= LOW_STOCK_THRESHOLD ? (
          <span className={LOW_STOCK_CLASS}>{t("product.onlyLeft", { count: chosen.stock })}</span>
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
