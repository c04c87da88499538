import { useSearchParams } from "react-router";

/**
 * Where the shopper goes once signed in (the page's `?redirectTo=`, posted with the form), and the
 * way to the other form (login or signup) that keeps it: a shopper sent to log in from the cart who
 * signs up instead still comes back to the cart.
 */
export function useSignInRedirect(otherForm: "/login" | "/signup"): { redirectTo: string; otherFormTo: string } {
  const [params] = useSearchParams();
  const redirectTo = params.get("redirectTo") ?? "";
  return {
    redirectTo,
    otherFormTo: `${otherForm}${redirectTo ? `?redirectTo=${encodeURIComponent(redirectTo)}` : ""}`,
  };
}
