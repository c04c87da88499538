import { holdsCookie } from "#core/cookie-header.ts";
import { VISITOR_MARK } from "#core/visitor-mark.ts";

/**
 * Whether this browser carries the visitor mark: only then may a page from the shared cache have
 * anything of the shopper's own to ask for. Read in effects, never while rendering: the server
 * cannot see it the same way.
 */
export function isKnownVisitor(): boolean {
  return holdsCookie(document.cookie, VISITOR_MARK);
}

/**
 * The same answer without holding the page's main thread, for the islands as the page starts:
 * reading `document.cookie` waits for the browser's cookie store, a round trip that took most of
 * the islands' start on a slow phone (decision record 48). The Cookie Store API asks it in the
 * background; a browser without it (or refusing it) reads `document.cookie`.
 */
export async function knownVisitor(): Promise<boolean> {
  if (!("cookieStore" in window)) return isKnownVisitor();
  try {
    return Boolean(await window.cookieStore.get(VISITOR_MARK));
  } catch {
    return isKnownVisitor();
  }
}
