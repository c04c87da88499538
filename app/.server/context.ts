import { data, type RouterContextProvider } from "react-router";
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

/** A plain form post (no JavaScript) navigates; a fetcher's post does not. */
export function isDocumentSubmission(request: Request): boolean {
  return request.headers.get("Sec-Fetch-Mode") === "navigate";
}

/**
 * A record's id from the address (`?id=12`): a plain positive integer, or a 404 that says what is
 * missing. "0x10", "1e3" and the like are not ids.
 */
export function idFromUrl(url: URL, what: string): number {
  const raw = url.searchParams.get("id") ?? "";
  const id = /^[1-9]\d{0,14}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(id)) throw data({ message: `Which ${what}? The link has no ${what} id.` }, { status: 404 });
  return id;
}
