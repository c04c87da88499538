import { data, redirect } from "react-router";
import { shopCookies } from "#server/http/cookies.ts";
import { readForm } from "#server/http/forms.ts";
import { appServices, cookieSecurity, isDocumentSubmission } from "#server/http/route-helpers.ts";
import { safeRedirectPath } from "../lib/safe-redirect.ts";
import type { Route } from "./+types/theme";

/** Keeps the chosen theme in a cookie; a form post without JavaScript goes back to the page. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const theme = form.get("theme") === "dark" ? "dark" : "light";
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

export function loader() {
  return redirect("/");
}
