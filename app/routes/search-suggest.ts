import { suggestSearch } from "#server/catalog/search/suggestions.service.ts";
import { appServices } from "../.server/context.ts";
import type { Route } from "./+types/search-suggest";

/** Suggestions may be this many seconds old: a browser keeps them while a shopper types and deletes. */
const MAX_AGE_SECONDS = 30;

/**
 * The header search box's suggestions for what is typed so far (?q=), as JSON: searches that
 * complete the words, and products. The same for everyone, so it carries no cookie and may be kept
 * briefly; it is not one of the page cache's shared pages.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const q = (url.searchParams.get("q") ?? "").slice(0, 100);
  const suggestions = await suggestSearch(appServices(context).db, q);
  return Response.json(suggestions, {
    headers: { "Cache-Control": `public, max-age=${MAX_AGE_SECONDS}`, "X-Robots-Tag": "noindex" },
  });
}
