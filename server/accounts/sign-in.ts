import type { RouterContextProvider } from "react-router";
import type { Toast } from "../../app/lib/toast.ts";
import { mergeCarts } from "../cart/cart.service.ts";
import { guestOwner, userOwner } from "../cart/owner.ts";
import type { Db } from "../db/schema.ts";
import { shopCookies } from "../http/cookies.ts";
import { appServices, cookieSecurity, redirectWithToast } from "../http/route-helpers.ts";
import { mergeWishlists } from "../wishlist/wishlist.service.ts";
import type { SignedIn } from "./accounts.service.ts";
import type { Actor } from "./actor.ts";
import { actorOf, sessionTokenOf } from "./session-middleware.ts";
import { closeSession } from "./sessions.service.ts";

/**
 * Finishes a login or signup: the browser's previous session (if any) ends, the new session's cookie
 * is set (a fresh id, so a planted cookie is worthless), and the shopper goes back where they were.
 */
export async function completeSignIn(
  context: Readonly<RouterContextProvider>,
  signedIn: SignedIn,
  redirectTo: string,
  toast: Toast,
): Promise<Response> {
  const { config, db } = appServices(context);
  const previous = sessionTokenOf(context);
  if (previous) await closeSession(db, previous);
  await adoptGuestBelongings(db, actorOf(context), signedIn.user.id);
  const headers = new Headers();
  const cookies = shopCookies(config.sessionSecret);
  headers.append("Set-Cookie", await cookies.session.serialize(signedIn.token, cookieSecurity(context)));
  return redirectWithToast(context, redirectTo, toast, { headers });
}

/** What the visitor put in their cart and wishlist before signing in now belongs to the account. */
async function adoptGuestBelongings(db: Db, before: Actor, userId: string): Promise<void> {
  const guestId = before.kind === "system" ? null : before.guestId;
  if (!guestId) return;
  await db.transaction().execute(async (trx) => {
    await mergeCarts(trx, guestOwner(guestId), userOwner(userId));
    await mergeWishlists(trx, guestOwner(guestId), userOwner(userId));
  });
}

/** Ends the session and clears its cookie. */
export async function signOutHeaders(context: Readonly<RouterContextProvider>): Promise<Headers> {
  const { config, db } = appServices(context);
  const token = sessionTokenOf(context);
  if (token) await closeSession(db, token);
  const headers = new Headers();
  const cookies = shopCookies(config.sessionSecret);
  headers.append("Set-Cookie", await cookies.session.serialize("", { ...cookieSecurity(context), maxAge: 0 }));
  // Anything the pages kept in the browser goes too.
  headers.append("Clear-Site-Data", '"storage"');
  return headers;
}
