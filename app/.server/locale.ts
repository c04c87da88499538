import type { MiddlewareFunction } from "react-router";
import { DEFAULT_LOCALE, isStorefrontPage, type Locale, localeOfPath, localizedPath } from "#core/locales.ts";
import { type Translate, translator } from "../locales/i18n.ts";

/** The language a request's page is in (its URL says: decision record 47). */
export function localeOf(request: Request): Locale {
  return localeOfPath(new URL(request.url).pathname);
}

/** The translator of a request's language, made for this request. */
export function requestT(request: Request): Translate {
  return translator(localeOf(request));
}

/**
 * A redirect from a Hindi page to a storefront page stays in Hindi: routes and guards name the
 * English path ("/login", "/orders/<token>"), and this puts it under /hi, so no redirect of the shop
 * has to know the language.
 */
export const localeRedirects: MiddlewareFunction<Response> = async ({ request }, next) => {
  const response = await next();
  const locale = localeOf(request);
  if (locale === DEFAULT_LOCALE || response.status < 300 || response.status >= 400) return response;
  const location = response.headers.get("Location");
  if (!location?.startsWith("/") || location.startsWith("//") || !isStorefrontPage(location)) return response;
  response.headers.set("Location", localizedPath(location, locale));
  return response;
};
