/*
 * The shop's languages and where each lives in the URL (decision record 47). English is the default
 * at today's paths; every other language is the same pages under its prefix.
 */

export const LOCALES = ["en-IN", "hi-IN"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en-IN";

/** The path prefix of each language ("" for the default). */
export const LOCALE_PREFIX: Record<Locale, string> = { "en-IN": "", "hi-IN": "/hi" };

/** Each language's name, written in itself: what the language switch says. */
export const LANGUAGE_NAME: Record<Locale, string> = { "en-IN": "English", "hi-IN": "हिन्दी" };

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** A stored or typed language as one of the shop's: English when it is none (or none known). */
export function knownLocale(value: unknown): Locale {
  return isLocale(value) ? value : DEFAULT_LOCALE;
}

/** The language a path is in: "/hi/cart" → hi-IN, "/cart" → en-IN. */
export function localeOfPath(pathname: string): Locale {
  for (const locale of LOCALES) {
    const prefix = LOCALE_PREFIX[locale];
    if (prefix && (pathname === prefix || pathname.startsWith(`${prefix}/`))) return locale;
  }
  return DEFAULT_LOCALE;
}

/** A path without its language prefix: "/hi/cart" → "/cart", "/hi" → "/". */
export function pathWithoutLocale(pathname: string): string {
  const prefix = LOCALE_PREFIX[localeOfPath(pathname)];
  if (!prefix) return pathname;
  return pathname.slice(prefix.length) || "/";
}

/** A shop path ("/cart", "/cart?x=1") in a language: "/hi/cart". Other addresses are left alone. */
export function localizedPath(path: string, locale: Locale): string {
  const prefix = LOCALE_PREFIX[locale];
  if (!prefix || !path.startsWith("/") || path.startsWith("//")) return path;
  if (localeOfPath(path) === locale) return path;
  return path === "/" ? prefix : `${prefix}${path}`;
}

/** The same page in another language: "/hi/cart?x=1" → "/cart?x=1". */
export function switchLocale(pathAndQuery: string, to: Locale): string {
  return localizedPath(pathWithoutLocale(pathAndQuery), to);
}

// First segments of paths that are no storefront page (files, feeds, the admin area): one language.
const SHARED_SEGMENTS = new Set([
  "admin",
  "dashboard",
  "addproduct",
  "updateproduct",
  "theme",
  "frame",
  "logout",
  "search",
  "pincode",
  "measurements",
  "sitemap.xml",
  "robots.txt",
  "webhooks",
  "uploads",
  "images",
  "assets",
  "metrics",
  "m",
]);

/** Whether a shop path is a storefront page, and so has a version in every language. */
export function isStorefrontPage(path: string): boolean {
  const segments = (path.split(/[?#]/)[0] ?? "").split("/").filter(Boolean);
  const [first = ""] = segments;
  if (SHARED_SEGMENTS.has(first)) return false;
  // /order/12/invoice, /orders/<token>/returns/3/credit-note: documents, not pages.
  if ((first === "order" || first === "orders") && segments.length >= 3) {
    return segments.length === 3 && (segments[2] === "return" || segments[2] === "pay");
  }
  if (first === "productinfo" && segments.length > 2) return false;
  return true;
}
