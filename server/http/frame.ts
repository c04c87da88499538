import type { RouterContextProvider } from "react-router";
import type { Theme } from "../../app/lib/theme.ts";
import type { Toast } from "../../app/lib/toast.ts";
import type { Viewer } from "../../app/lib/viewer.ts";
import type { Actor } from "../accounts/actor.ts";
import { cartCount } from "../cart/cart.service.ts";
import { shopCookies } from "./cookies.ts";
import { appServices } from "./route-helpers.ts";
import { actorOf } from "./session-middleware.ts";
import { takeToast } from "./toasts.ts";

export type Frame = { theme: Theme; toast: Toast | null; viewer: Viewer; cartCount: number };

/** What every page's frame shows: the theme, a queued toast, who is signed in, the cart count. */
export async function loadFrame(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<{ frame: Frame; headers: Headers }> {
  const actor = actorOf(context);
  const [{ toast, headers }, theme, cartItems] = await Promise.all([
    takeToast(context, request),
    readTheme(request, context),
    cartCount(appServices(context).db, actor),
  ]);
  return { frame: { theme, toast, viewer: viewerOf(actor), cartCount: cartItems }, headers };
}

function viewerOf(actor: Actor): Viewer {
  return actor.kind === "user" ? { name: actor.name, email: actor.email, role: actor.role } : null;
}

export async function readTheme(request: Request, context: Readonly<RouterContextProvider>): Promise<Theme> {
  const value: unknown = await shopCookies(appServices(context).config.sessionSecret).theme.parse(
    request.headers.get("Cookie"),
  );
  return value === "dark" ? "dark" : "light";
}
