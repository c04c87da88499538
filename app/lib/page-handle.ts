import type { UIMatch } from "react-router";

/**
 * What a route says of its page beyond its data. `hydrate: false`: an HTML-first page, sent
 * without React; its interactive parts are islands (app/islands, decision record 48).
 */
export type PageHandle = { hydrate?: boolean; shortPage?: boolean };

export const HTML_FIRST: PageHandle = { hydrate: false };

/**
 * An HTML-first page whose end is within a phone's first two screens (the product page). Chromium
 * lays out a `later` region within about a screen's height below the visible one right after the
 * first paint, in a task of its own; on such a page that region is laid out with the first screen.
 */
export const HTML_FIRST_SHORT: PageHandle = { hydrate: false, shortPage: true };

export function isHtmlFirst(matches: readonly UIMatch[]): boolean {
  return matches.some((match) => (match.handle as PageHandle | undefined)?.hydrate === false);
}

export function isShortPage(matches: readonly UIMatch[]): boolean {
  return matches.some((match) => (match.handle as PageHandle | undefined)?.shortPage === true);
}
