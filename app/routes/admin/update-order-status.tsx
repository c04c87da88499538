import { redirect } from "react-router";
import { idFromUrl } from "../../.server/address.ts";
import { adminOrLogin } from "../../.server/guards.ts";
import type { Route } from "./+types/update-order-status";
import { orderPageAction } from "./order-page.server.ts";

/*
 * The order's old address (`?id=`), kept for links and bookmarks made before the order page: a
 * visit goes to the order's page, and a form posted here is taken as the order page takes it (a
 * refusal shown there, as this address has no page to show it on).
 */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  adminOrLogin({ context, request, url });
  return redirect(`/admin/orders/${idFromUrl(url, "order")}`, 301);
}

export async function action(args: Route.ActionArgs) {
  return orderPageAction(args, idFromUrl(args.url, "order"), { pageless: true });
}
