import type { ReactNode } from "react";

const TONES = {
  info: "border-gold-300 bg-gold-50 text-zinc-900 dark:border-gold-700 dark:bg-gold-900/30 dark:text-zinc-100",
  success: "border-green-300 bg-green-50 text-green-900 dark:border-green-800 dark:bg-green-950 dark:text-green-100",
  error: "border-red-200 bg-red-50 text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200",
} as const;

/** A short message in a box: what happened, or what is waiting for the shopper. */
export function Notice({ tone = "info", children }: { tone?: keyof typeof TONES; children: ReactNode }) {
  return (
    <div role="status" className={`rounded-md border px-4 py-3 text-sm break-words ${TONES[tone]}`}>
      {children}
    </div>
  );
}
