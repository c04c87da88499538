import { useId } from "react";

export type SizeStock = { size: string; stock: number };

export const LOW_STOCK = 5;

/** The product's own sizes; a size that is sold out is shown but cannot be chosen. */
export function SizePicker({
  sizes,
  value,
  onChange,
  error,
}: {
  sizes: SizeStock[];
  value: string;
  onChange: (size: string) => void;
  error?: string | null;
}) {
  const id = useId();
  const chosen = sizes.find((entry) => entry.size === value);
  const hint = chosen && chosen.stock > 0 && chosen.stock <= LOW_STOCK ? `Only ${chosen.stock} left` : null;
  return (
    <div>
      <label htmlFor={id} className="label">
        Size
      </label>
      <select
        id={id}
        name="size"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="field max-w-xs"
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-note`}
      >
        <option value="">Select size</option>
        {sizes.map((entry) => (
          <option key={entry.size} value={entry.size} disabled={entry.stock === 0}>
            {entry.stock === 0 ? `${entry.size} (out of stock)` : entry.size}
          </option>
        ))}
      </select>
      <p id={`${id}-note`} className="mt-1 min-h-5 text-sm" aria-live="polite">
        {error ? (
          <span className="text-red-600 dark:text-red-400">{error}</span>
        ) : hint ? (
          <span className="font-medium text-amber-700 dark:text-amber-400">{hint}</span>
        ) : null}
      </p>
    </div>
  );
}

/** A product with a single size in stock needs no choice: that size is chosen from the start. */
export function initialSize(sizes: SizeStock[]): string {
  const available = sizes.filter((entry) => entry.stock > 0);
  return sizes.length === 1 && available.length === 1 ? (available[0]?.size ?? "") : "";
}
