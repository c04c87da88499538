import { knownVisitor } from "../lib/known-visitor.ts";
import { NEW_PARTS } from "./new-parts.ts";
import { refreshPersonalParts } from "./personal-refresh.ts";
import { wireIslands } from "./wire.ts";

// The page is the server's HTML; these few scripts make its interactive parts answer in place
// (decision record 48). The mark tells the browser tests the page is ready, as hydration did.
document.addEventListener(NEW_PARTS, () => void wireIslands(document));
// A page rendered for this shopper, not taken from the shared cache, shows their own parts already:
// asking again would only put the same parts in place, closing a menu opened in the meantime.
const ownPage = document.querySelector("script[data-own-page]") !== null;
void wireIslands(document).then(async () => {
  document.documentElement.dataset.hydrated = "true";
  if (!ownPage && (await knownVisitor())) await refreshPersonalParts();
});
