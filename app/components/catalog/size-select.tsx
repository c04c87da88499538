import { useEffect, useRef } from "react";
import type { ProductSize } from "#server/catalog/catalog.schemas.ts";
import { useT } from "../../locales/i18n.ts";

type SizeSelectProps = {
  id?: string;
  sizes: readonly ProductSize[];
  /** The size chosen; left out on an HTML-first page, where the select keeps its own (from `initial`). */
  value?: string;
  initial?: string;
  onChange?: (size: string) => void;
  /** For a select without a visible label (on a card): its accessible name. */
  ariaLabel?: string;
  describedBy?: string;
  invalid?: boolean;
  className?: string;
};

/** The product's own sizes to choose from; a size that is sold out is shown but cannot be chosen. */
export function SizeSelect({
  id,
  sizes,
  value,
  initial = "",
  onChange,
  ariaLabel,
  describedBy,
  invalid,
  className,
}: SizeSelectProps) {
  const select = useRef<HTMLSelectElement>(null);
  const t = useT();
  // A size chosen before the page went live stays on screen, but the page never heard of it (no
  // change event reaches a page that is not live yet): it is taken once the page is.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on the page going live
  useEffect(() => {
    const chosen = select.current?.value;
    if (chosen !== undefined && value !== undefined && chosen !== value) onChange?.(chosen);
  }, []);
  return (
    <select
      ref={select}
      id={id}
      name="size"
      {...(value === undefined
        ? { defaultValue: initial }
        : { value, onChange: (event: React.ChangeEvent<HTMLSelectElement>) => onChange?.(event.target.value) })}
      className={`field ${className ?? ""}`}
      aria-label={ariaLabel}
      aria-describedby={describedBy}
      aria-invalid={invalid ? true : undefined}
    >
      <option value="">{t("product.selectSize")}</option>
      {sizes.map((entry) => (
        <option key={entry.size} value={entry.size} disabled={entry.stock === 0} data-stock={entry.stock}>
          {entry.stock === 0 ? t("product.outOfStock", { size: entry.size }) : entry.size}
        </option>
      ))}
    </select>
  );
}
