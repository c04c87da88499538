import { type MiddlewareFunction, type RouterContextProvider, redirect } from "react-router";
import { isAdmin, type UserActor } from "#core/actor.ts";
import { AppError } from "#server/errors.ts";
import { actorOf } from "./session.ts";

/*
 * Route guards: they answer with a redirect to /login (pages) or a 403 (posts, through the one error
 * path). The services check again with `assertSignedIn` / `assertAdmin`.
 */

/** What a guard needs from a loader's or action's arguments. */
type GuardArgs = { context: Readonly<RouterContextProvider>; url: URL; request?: Request };

/** The page to come back to after logging in: the page's own path (never a data request's). */
function loginRedirect(url: URL): Response {
  return redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
}

/** Signed-in pages (/order, /profile, /profileform): a visitor is sent to log in and brought back. */
export function signedInOrLogin({ context, url }: GuardArgs): UserActor {
  const actor = actorOf(context);
  if (actor.kind !== "user") throw loginRedirect(url);
  return actor;
}

/**
 * Admin pages and actions. Page loads by anyone else are sent to /login; form posts and other
 * requests get 403. Either way no admin data leaves the server.
 */
export function adminOrLogin({ context, url, request }: GuardArgs): UserActor {
  const actor = actorOf(context);
  if (actor.kind === "user" && isAdmin(actor)) return actor;
  const method = request?.method ?? "GET";
  if (method === "GET" || method === "HEAD") throw loginRedirect(url);
  throw new AppError("forbidden", "Only an administrator can do this.");
}

/** The admin layout's gate: it runs before every admin screen's loader or action. */
export const adminOnlyMiddleware: MiddlewareFunction<Response> = async ({ context, request, url }, next) => {
  adminOrLogin({ context, request, url });
  return next();
};
