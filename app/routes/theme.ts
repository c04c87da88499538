import { data, redirect } from "react-router";
import { shopCookies } from "#server/http/cookies.ts";
import { appServices, cookieSecurity, isDocumentSubmission } from "../.server/context.ts";
import { readForm } from "../.server/forms.ts";
import { safeRedirectPath } from "../lib/safe-redirect.ts";
import type { Route } from "./+types/theme";

/** Keeps the chosen theme in a cookie; a form post without JavaScript goes back to the page. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const theme = chosenTheme(form.get("theme"), request);
  const cookie = await shopCookies(appServices(context).config.sessionSecret).theme.serialize(
    theme,
    cookieSecurity(context),
  );
  const headers = new Headers({ "Set-Cookie": cookie });
  if (isDocumentSubmission(request)) {
    return redirect(safeRedirectPath(form.get("redirectTo")), { headers });
  }
  return data({ theme }, { headers });
}

/**
 * "dark" or "light" as the page asked. A page posted without JavaScript says "toggle": the opposite
 * of what the device prefers (when the browser says) is the best guess at what the visitor sees.
 */
function chosenTheme(value: FormDataEntryValue | null, request: Request): "light" | "dark" {
  if (value === "dark" || value === "light") return value;
  return request.headers.get("Sec-CH-Prefers-Color-Scheme") === '"dark"' ? "light" : "dark";
}

export function loader() {
  return redirect("/");
}
