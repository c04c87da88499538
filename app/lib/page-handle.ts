import type { UIMatch } from "react-router";

/**
 * What a route says of its page beyond its data. `hydrate: false`: an HTML-first page, sent
 * without React; its interactive parts are islands (app/islands, decision record 48).
 */
export type PageHandle = { hydrate?: boolean };

export const HTML_FIRST: PageHandle = { hydrate: false };

export function isHtmlFirst(matches: readonly UIMatch[]): boolean {
  return matches.some((match) => (match.handle as PageHandle | undefined)?.hydrate === false);
}
