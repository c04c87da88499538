import { type MiddlewareFunction, redirectDocument } from "react-router";

/**
 * An HTML-first page (decision record 48) asked for by a hydrated page's router, as data: its
 * answer is to be loaded as a document, since the browser has no React to render it in. Answered
 * before any loader runs, so a toast queued for the page is still there for the document.
 */
export const loadAsDocument: MiddlewareFunction<Response> = async ({ request }, next) => {
  const url = new URL(request.url);
  if (!url.pathname.endsWith(".data")) return next();
  url.pathname = url.pathname.replace(/\/_\.data$/, "/").replace(/\.data$/, "") || "/";
  url.searchParams.delete("_routes");
  throw redirectDocument(`${url.pathname}${url.search}`);
};
