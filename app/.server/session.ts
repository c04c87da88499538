import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import type { Actor } from "#core/actor.ts";
import { isStaffRole, staffHome } from "#core/permissions.ts";
import { visibleEmail } from "#core/phone.ts";
import { resolveSession } from "#server/accounts/sessions.service.ts";
import { readCookie, shopCookies } from "#server/http/cookies.ts";
import { appServices, cookieSecurity, requestInfo } from "./context.ts";
import { makeToast, redirectWithToast } from "./toasts.ts";

const actorContext = createContext<Actor>();
const sessionTokenContext = createContext<string | null>(null);

/** Who is asking, as the session middleware found out. */
export function actorOf(context: Readonly<RouterContextProvider>): Actor {
  return context.get(actorContext);
}

/** The session cookie's value, for the few actions that need to name the current session. */
export function sessionTokenOf(context: Readonly<RouterContextProvider>): string | null {
  return context.get(sessionTokenContext);
}

/**
 * Runs before every loader and action: reads the session and guest cookies, finds the actor, and
 * on the way out renews the session cookie (sliding expiry) or clears one that no longer opens a
 * session.
 */
export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const { db, config } = appServices(context);
  const cookies = shopCookies(config.sessionSecret);
  const header = request.headers.get("Cookie");
  const token = await readCookie(cookies.session(requestInfo(context).secure), header);
  const guestId = await readCookie(cookies.guest, header);
  let actor: Actor = { kind: "visitor", guestId };
  let cookieUpdate: string | null = null;
  if (token) {
    const session = await resolveSession(db, token, guestId);
    if (session?.status === "disabled") return signedOutBecauseDisabled(context);
    if (session) {
      actor = session.actor;
      context.set(sessionTokenContext, token);
      if (session.renewed)
        cookieUpdate = await cookies.session(requestInfo(context).secure).serialize(token, cookieSecurity(context));
    } else {
      cookieUpdate = await cookies
        .session(requestInfo(context).secure)
        .serialize("", { ...cookieSecurity(context), maxAge: 0 });
    }
  }
  context.set(actorContext, actor);
  if (actor.kind === "user") requestInfo(context).userId = actor.userId;
  const response = await next();
  if (cookieUpdate && !hasCookie(response, "sid") && !hasCookie(response, "__Host-sid"))
    response.headers.append("Set-Cookie", cookieUpdate);
  return response;
};

/** A disabled person is signed out, sent to the login page, and told why. */
async function signedOutBecauseDisabled(context: Readonly<RouterContextProvider>): Promise<Response> {
  const cookies = shopCookies(appServices(context).config.sessionSecret);
  const headers = new Headers();
  const security = cookieSecurity(context);
  headers.append("Set-Cookie", await cookies.session(security.secure).serialize("", { ...security, maxAge: 0 }));
  return redirectWithToast(
    context,
    "/login",
    makeToast(
      "error",
      "Your account has been disabled, so you have been signed out. Please contact us if this is a mistake.",
      10_000,
    ),
    { headers },
  );
}

/** An action that signed in or out has set the session cookie itself; that one wins. */
function hasCookie(response: Response, name: string): boolean {
  return response.headers.getSetCookie().some((cookie) => cookie.startsWith(`${name}=`));
}

/** Who is signed in, for the screens that say so (login, signup, account); null for a visitor. */
export function signedInAs(actor: Actor): { email: string; home: string | null } | null {
  if (actor.kind !== "user") return null;
  // An account made by phone is named by its name: its e-mail is a placeholder no one should see.
  return {
    email: visibleEmail(actor.email) ?? actor.name,
    home: isStaffRole(actor.role) ? staffHome(actor.role) : null,
  };
}
