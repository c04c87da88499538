import { data, type RouterContextProvider, redirect } from "react-router";
import { isAdmin, type UserActor } from "./actor.ts";
import { actorOf } from "./session-middleware.ts";

function loginRedirect(request: Request): Response {
  const url = new URL(request.url);
  const back = url.pathname + url.search;
  return redirect(`/login?redirectTo=${encodeURIComponent(back)}`);
}

/** Signed-in pages (/order, /profile, /profileform): a visitor is sent to log in and brought back. */
export function requireUser(context: Readonly<RouterContextProvider>, request: Request): UserActor {
  const actor = actorOf(context);
  if (actor.kind !== "user") throw loginRedirect(request);
  return actor;
}

/**
 * Admin pages and actions. Page loads by anyone else are sent to /login; form posts and other
 * requests get 403. Either way no admin data leaves the server.
 */
export function requireAdmin(context: Readonly<RouterContextProvider>, request: Request): UserActor {
  const actor = actorOf(context);
  if (actor.kind === "user" && isAdmin(actor)) return actor;
  if (request.method === "GET" || request.method === "HEAD") throw loginRedirect(request);
  throw data({ message: "Only an administrator can do this." }, { status: 403 });
}
