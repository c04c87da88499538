import { type FormEvent, useEffect } from "react";
import { useFetcher } from "react-router";
import type { FormFailure } from "../../.server/action-results.ts";
import { type Translate, useT } from "../../locales/i18n.ts";
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

export const SELECT_SIZE = "Please select a size";

/**
 * A submit handler that stops adding to the cart without a size and says so at once (the server
 * would refuse it too). Saving to the wishlist needs no size, so its button passes.
 */
export function sizeRequired(size: string, onMissing?: () => void, t?: Translate) {
  return (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    if (size || submitter?.getAttribute("formaction") === "/wishlist") return;
    event.preventDefault();
    onMissing?.();
    void notify("error", t ? t("service.selectSize") : SELECT_SIZE);
  };
}
