import type { RouterContextProvider } from "react-router";
import type { Actor } from "#core/actor.ts";
import { shopCookies } from "#server/http/cookies.ts";
import { randomId } from "#server/ids.ts";
import { appServices, cookieSecurity } from "./context.ts";
import { actorOf } from "./session.ts";

/**
 * The actor, with a guest id of their own if they are a visitor without one yet: the first thing a
 * visitor puts in a cart or wishlist gives them the cookie that keeps it.
 */
export async function actorWithGuestId(context: Readonly<RouterContextProvider>, headers: Headers): Promise<Actor> {
  const actor = actorOf(context);
  if (actor.kind !== "visitor" || actor.guestId) return actor;
  const guestId = randomId(24);
  const cookies = shopCookies(appServices(context).config.sessionSecret);
  headers.append("Set-Cookie", await cookies.guest.serialize(guestId, cookieSecurity(context)));
  return { kind: "visitor", guestId };
}
