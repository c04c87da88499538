import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

const TONES = {
  error:
    "flex gap-2 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200",
  caution:
    "flex gap-2 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-100",
} as const;

/**
 * A note said before the checkout form, read out as it changes: what stops the order (error), or
 * what the buyer should know first (caution). Its id names it to the form and to the tests.
 */
export function CheckoutNote({
  id,
  tone,
  Icon,
  children,
}: {
  id: string;
  tone: keyof typeof TONES;
  Icon: LucideIcon;
  children: ReactNode;
}) {
  return (
    <p role="status" id={id} data-testid={id} className={TONES[tone]}>
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{children}</span>
    </p>
  );
}
