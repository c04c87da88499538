import type { RouterContextProvider } from "react-router";
import { type AppServices, appContext, type RequestInfo, requestContext } from "../context.ts";

export function appServices(context: Readonly<RouterContextProvider>): AppServices {
  return context.get(appContext);
}

export function requestInfo(context: Readonly<RouterContextProvider>): RequestInfo {
  return context.get(requestContext);
}

/** Cookies are marked Secure whenever the shop is reached over HTTPS. */
export function cookieSecurity(context: Readonly<RouterContextProvider>): { secure: boolean } {
  return { secure: requestInfo(context).secure };
}

/** A plain form post (no JavaScript) navigates; a fetcher's post does not. */
export function isDocumentSubmission(request: Request): boolean {
  return request.headers.get("Sec-Fetch-Mode") === "navigate";
}
