import { Banknote } from "lucide-react";

/** Cash on delivery's cap, when the cart is above it, and what the buyer can do: said before the checkout form. */
export function CodCapNote({ note }: { note: string }) {
  return (
    <p
      role="status"
      id="cod-cap-note"
      data-testid="cod-cap-note"
      className="flex gap-2 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-100"
    >
      <Banknote aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{note}</span>
    </p>
  );
}
