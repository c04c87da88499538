import { useMemo } from "react";
import { useLocation, useNavigate } from "react-router";
import { DEFAULT_LOCALE, isStorefrontPage, type Locale, localeOfPath, localizedPath } from "#core/locales.ts";
import { fillIn, type MessageValues } from "#core/translate.ts";
import { messages as english } from "./en-IN.ts";

/*
 * The storefront's messages (decision record 47). English is the source and ships with the bundle;
 * another language's catalogue is a chunk of its own, provided before a page in it renders: on the
 * server at start (catalogues.server.ts), in the browser before hydration (entry.client.tsx).
 * Catalogues are frozen and a translator is made per request or render, so no language is switched
 * globally.
 */

export type MessageId = keyof typeof english;
/** Every language's catalogue has exactly the English ids: a missing translation fails the type-check. */
export type Catalogue = Readonly<Record<MessageId, string>>;
export type Translate = (id: MessageId, values?: MessageValues) => string;

const catalogues: Partial<Record<Locale, Catalogue>> = { [DEFAULT_LOCALE]: english };

export function provideCatalogue(locale: Locale, catalogue: Catalogue): void {
  catalogues[locale] = Object.freeze(catalogue);
}

/** Fetches a language's catalogue chunk in the browser (an English page never asks for Hindi). */
export async function loadCatalogue(locale: Locale): Promise<void> {
  if (catalogues[locale]) return;
  if (locale === "hi-IN") provideCatalogue(locale, (await import("./hi-IN.ts")).messages);
}

export function translator(locale: Locale): Translate {
  const catalogue = catalogues[locale] ?? english;
  return (id, values) => fillIn(catalogue[id] ?? english[id], values);
}

/** The language of the page being shown, from its address. */
export function useLocale(): Locale {
  return localeOfPath(useLocation().pathname);
}

export function useT(): Translate {
  const locale = useLocale();
  return useMemo(() => translator(locale), [locale]);
}

/** Turns a shop path into the page's language: "/cart" is "/hi/cart" on a Hindi page. */
export function useLocalePath(): (path: string) => string {
  const locale = useLocale();
  // Files, feeds and the admin area have one address for every language.
  return useMemo(() => (path: string) => (isStorefrontPage(path) ? localizedPath(path, locale) : path), [locale]);
}

/** The router's navigate, with a shop path put into the page's language. */
export function useLocalNavigate(): (path: string) => Promise<void> | void {
  const navigate = useNavigate();
  const localize = useLocalePath();
  return useMemo(() => (path: string) => navigate(localize(path)), [navigate, localize]);
}
