import { useEffect } from "react";
import { useFetcher } from "react-router";
import { toast } from "sonner";

type ActionResult = { ok: boolean; message?: string; fieldErrors?: Record<string, string> };

/**
 * A fetcher for the cart and wishlist buttons. Success toasts come from the server (they survive a
 * redirect); a refusal is shown here at once.
 */
export function useCartFetcher() {
  const fetcher = useFetcher<ActionResult>();
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (result && !result.ok && result.message) toast.error(result.message);
  }, [result]);
  return { fetcher, busy: fetcher.state !== "idle", refusal: result && !result.ok ? result : null };
}
