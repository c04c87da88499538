import { redirect } from "react-router";
import { followShortLink } from "#server/messaging/message-links.ts";
import { appServices } from "../.server/context.ts";
import type { Route } from "./+types/message-link";

/** `/m/<code>`: an SMS's short link, on to the page of the shop it stands for. */
export async function loader({ params, context }: Route.LoaderArgs) {
  return redirect(await followShortLink(appServices(context).db, params.code));
}
