import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import type { Actor } from "#core/actor.ts";
import { shopCookies } from "#server/http/cookies.ts";
import { randomId } from "#server/ids.ts";
import { appServices, cookieSecurity } from "./context.ts";
import { readForm, routeFields } from "./forms.ts";
import { actorOf } from "./session.ts";

/**
 * A post to the cart or the wishlist, which visitors make too: the form, what the route reads of it
 * with `schema` (the button pressed, the page to go back to), and the actor with a guest id of their
 * own. `headers` carries a new guest's cookie, for the answer to send.
 */
export async function readGuestPost<Schema extends z.ZodObject>(
  context: Readonly<RouterContextProvider>,
  request: Request,
  schema: Schema,
) {
  const form = await readForm(request);
  const headers = new Headers();
  const actor = await actorWithGuestId(context, headers);
  return { form, headers, actor, fields: routeFields(form, schema) };
}

/**
 * The actor, with a guest id of their own if they are a visitor without one yet: the first thing a
 * visitor puts in a cart or wishlist gives them the cookie that keeps it.
 */
async function actorWithGuestId(context: Readonly<RouterContextProvider>, headers: Headers): Promise<Actor> {
  const actor = actorOf(context);
  if (actor.kind !== "visitor" || actor.guestId) return actor;
  const guestId = randomId(24);
  const cookies = shopCookies(appServices(context).config.sessionSecret);
  headers.append("Set-Cookie", await cookies.guest.serialize(guestId, cookieSecurity(context)));
  return { kind: "visitor", guestId };
}
