import { useEffect } from "react";
import { useFetcher } from "react-router";
import type { FormFailure } from "../../.server/action-results.ts";
import { useT } from "../../locales/i18n.ts";
import { serviceText } from "../../locales/service-text.ts";
import { notify } from "../layout/toaster.tsx";

/** A fetcher action answers with its toast message, or with the refusal. */
type ActionResult = { ok: true; message: string } | FormFailure;

/**
 * A fetcher for the cart and wishlist buttons. Success toasts come from the server (they survive a
 * redirect); a refusal is shown here at once.
 */
export function useCartFetcher() {
  const fetcher = useFetcher<ActionResult>();
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const t = useT();
  useEffect(() => {
    if (result && !result.ok && result.message) void notify("error", serviceText(t, result.message));
  }, [result, t]);
  return { fetcher, busy: fetcher.state !== "idle", refusal: result && !result.ok ? result : null };
}
