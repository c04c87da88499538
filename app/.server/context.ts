import type { RouterContextProvider } from "react-router";
import { ISLAND_POST_HEADER } from "#core/island-post.ts";
import { appContext, requestContext } from "#server/http/route-context.ts";
import type { AppServices, RequestInfo } from "#server/services.ts";

export function appServices(context: Readonly<RouterContextProvider>): AppServices {
  return context.get(appContext);
}

export function requestInfo(context: Readonly<RouterContextProvider>): RequestInfo {
  return context.get(requestContext);
}

/** The shop's own origin for absolute links (canonical, Open Graph, sitemap): configured, never the Host header. */
export function publicOrigin(context: Readonly<RouterContextProvider>): string {
  return new URL(appServices(context).config.publicUrl).origin;
}

/** Cookies are marked Secure whenever the shop is reached over HTTPS. */
export function cookieSecurity(context: Readonly<RouterContextProvider>): { secure: boolean } {
  return { secure: requestInfo(context).secure };
}

/** A plain form post (no JavaScript) navigates; an island's post is answered the same; a fetcher's is not. */
export function isDocumentSubmission(request: Request): boolean {
  return request.headers.get("Sec-Fetch-Mode") === "navigate" || request.headers.has(ISLAND_POST_HEADER);
}
