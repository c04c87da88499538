import { type MiddlewareFunction, type RouterContextProvider, redirect } from "react-router";
import { isStaffUser, type StaffActor, type UserActor } from "#core/actor.ts";
import { canAny, roleRefusal } from "#server/access.ts";
import { AppError } from "#server/errors.ts";
import { permissionsOfPattern } from "../admin-pages.ts";
import { actorOf } from "./session.ts";

/*
 * Route guards: they answer with a redirect to /login (pages) or a 403 (posts, through the one error
 * path). The services check again with `assertSignedIn` / `assertCan`.
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
 * Admin pages and actions: a member of staff. Page loads by anyone else are sent to /login; form
 * posts and other requests get 403. Either way no admin data leaves the server. What the member's
 * role may do is the layout's check (the page) and the services' (each action).
 */
export function adminOrLogin({ context, url, request }: GuardArgs): StaffActor {
  const actor = actorOf(context);
  if (isStaffUser(actor)) return actor;
  const method = request?.method ?? "GET";
  if (method === "GET" || method === "HEAD") throw loginRedirect(url);
  throw new AppError("forbidden", "Only the shop's staff can do this.");
}

/**
 * The admin layout's gate: it runs before every admin screen's loader or action. It admits staff
 * whose role holds one of the permissions of the route matched (app/admin-pages.ts); a route with
 * none listed opens to no one.
 */
export const adminOnlyMiddleware: MiddlewareFunction<Response> = async ({ context, request, url, pattern }, next) => {
  const actor = adminOrLogin({ context, request, url });
  if (!canAny(actor, permissionsOfPattern(pattern))) throw roleRefusal(actor);
  return next();
};
