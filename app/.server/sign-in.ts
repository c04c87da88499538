import type { RouterContextProvider } from "react-router";
import { z } from "zod";
import { isStaffRole, staffHome } from "#core/permissions.ts";
import type { Toast } from "#core/toast.ts";
import type { ClientMeta } from "#server/accounts/accounts.schemas.ts";
import type { SignedIn } from "#server/accounts/accounts.service.ts";
import { closeSession } from "#server/accounts/sessions.service.ts";
import { shopCookies } from "#server/http/cookies.ts";
import { appServices, cookieSecurity, requestInfo } from "./context.ts";
import { returnPath } from "./forms.ts";
import { localeOf } from "./locale.ts";
import { actorOf, sessionTokenOf } from "./session.ts";
import { redirectWithToast } from "./toasts.ts";

/**
 * Where a login or signup form goes afterwards: the page that sent the visitor there, else ""
 * (completeSignIn then picks the account's own start page).
 */
export const afterSignIn = z.object({ redirectTo: returnPath("") });

/** Staff start at their role's first admin page, a customer at home, unless a page asked for the login. */
function landingPage(signedIn: SignedIn, redirectTo: string): string {
  if (redirectTo) return redirectTo;
  const { role } = signedIn.user;
  return isStaffRole(role) ? staffHome(role) : "/";
}

/** The browser as the accounts service needs it to sign someone in: address, agent, guest id, old session. */
export function signInMeta(context: Readonly<RouterContextProvider>, request: Request): ClientMeta {
  const actor = actorOf(context);
  return {
    ip: requestInfo(context).ip,
    userAgent: request.headers.get("User-Agent"),
    guestId: actor.kind === "system" ? null : actor.guestId,
    replacesSessionToken: sessionTokenOf(context),
    locale: localeOf(request),
  };
}

/** After a login or signup: the new session's cookie (a fresh id), then back where the shopper was. */
export async function completeSignIn(
  context: Readonly<RouterContextProvider>,
  signedIn: SignedIn,
  redirectTo: string,
  toast: Toast,
  options: { newDocument?: boolean } = {},
): Promise<Response> {
  const cookies = shopCookies(appServices(context).config.sessionSecret);
  const headers = new Headers();
  headers.append(
    "Set-Cookie",
    await cookies.session(requestInfo(context).secure).serialize(signedIn.token, cookieSecurity(context)),
  );
  return redirectWithToast(context, landingPage(signedIn, redirectTo), toast, { headers, ...options });
}

/** Ends the session and clears its cookie. */
export async function signOutHeaders(context: Readonly<RouterContextProvider>): Promise<Headers> {
  const { config, db } = appServices(context);
  const token = sessionTokenOf(context);
  if (token) await closeSession(db, token);
  const headers = new Headers();
  const cookies = shopCookies(config.sessionSecret);
  headers.append(
    "Set-Cookie",
    await cookies.session(requestInfo(context).secure).serialize("", { ...cookieSecurity(context), maxAge: 0 }),
  );
  // Anything the pages kept in the browser goes too.
  headers.append("Clear-Site-Data", '"storage"');
  return headers;
}
