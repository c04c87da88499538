import { useEffect, useRef } from "react";
import type { ProductSize } from "#server/catalog/catalog.schemas.ts";
import { useT } from "../../locales/i18n.ts";

type SizeSelectProps = {
  id?: string;
  sizes: readonly ProductSize[];
  value: string;
  onChange: (size: string) => void;
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
    if (chosen !== undefined && chosen !== value) onChange(chosen);
  }, []);
  return (
    <select
      ref={select}
      id={id}
      name="size"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      className={`field ${className ?? ""}`}
      aria-label={ariaLabel}
      aria-describedby={describedBy}
      aria-invalid={invalid ? true : undefined}
    >
      <option value="">{t("product.selectSize")}</option>
      {sizes.map((entry) => (
        <option key={entry.size} value={entry.size} disabled={entry.stock === 0}>
          {entry.stock === 0 ? t("product.outOfStock", { size: entry.size }) : entry.size}
        </option>
      ))}
    </select>
  );
}
