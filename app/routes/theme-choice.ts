import { data, redirect } from "react-router";
import { z } from "zod";
import { shopCookies } from "#server/http/cookies.ts";
import { appServices, cookieSecurity, isDocumentSubmission } from "../.server/context.ts";
import { readForm, returnPath, routeFields } from "../.server/forms.ts";
import type { Route } from "./+types/theme-choice";

/** The theme switch: the mode chosen (or "toggle" from a page without JavaScript), and the page it was on. */
const themeForm = z.object({ theme: z.string(), redirectTo: returnPath("/") });

/** Keeps the chosen theme in a cookie; a form post without JavaScript goes back to the page. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = routeFields(await readForm(request), themeForm);
  const theme = chosenTheme(form.theme, request);
  const cookie = await shopCookies(appServices(context).config.sessionSecret).theme.serialize(
    theme,
    cookieSecurity(context),
  );
  const headers = new Headers({ "Set-Cookie": cookie });
  if (isDocumentSubmission(request)) {
    return redirect(form.redirectTo, { headers });
  }
  return data({ theme }, { headers });
}

/**
 * "dark" or "light" as the page asked. A page posted without JavaScript says "toggle": the opposite
 * of what the device prefers (when the browser says) is the best guess at what the visitor sees.
 */
function chosenTheme(value: string, request: Request): "light" | "dark" {
  if (value === "dark" || value === "light") return value;
  return request.headers.get("Sec-CH-Prefers-Color-Scheme") === '"dark"' ? "light" : "dark";
}

export function loader() {
  return redirect("/");
}
