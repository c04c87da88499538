import { text } from "node:stream/consumers";
import type { ReactNode } from "react";
import { prerenderToNodeStream } from "react-dom/static";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { knownLocale, localizedPath } from "#core/locales.ts";

/**
 * A part of an HTML-first page rendered on its own, for an island to put in place (decision record
 * 48): the same components as the page, rendered at the page's address (`page`, a path of the shop),
 * so their links and words are the page's own. Its ids carry a prefix, so none clashes with the
 * page's; a prerender waits for lazily loaded components, as the page's own render does.
 */
export async function renderFragment(page: string, content: () => ReactNode, idPrefix: string): Promise<string> {
  const handler = createStaticHandler([{ id: "fragment", path: "*", Component: () => content() }]);
  const context = await handler.query(new Request(new URL(page, "http://kesar.local")));
  if (context instanceof Response) throw new Error("a fragment renders no redirect");
  const router = createStaticRouter(handler.dataRoutes, context);
  const { prelude } = await prerenderToNodeStream(
    <StaticRouterProvider router={router} context={context} hydrate={false} />,
    { identifierPrefix: idPrefix },
  );
  return text(prelude);
}

/** A fragment as the response to an island's request: HTML, personal (pages.ts keeps it out of caches). */
export function fragmentResponse(html: string, headers = new Headers()): Response {
  headers.set("Content-Type", "text/html; charset=utf-8");
  return new Response(html, { headers });
}

/**
 * Where a part asked for by an island is rendered: the shop's home in the language the island
 * names (`lang`, its page's), for a part whose words are all that depends on the page.
 */
export function pageInAskedLanguage(request: Request): string {
  return localizedPath("/", knownLocale(new URL(request.url).searchParams.get("lang")));
}
