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
