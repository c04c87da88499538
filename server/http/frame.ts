import type { RouterContextProvider } from "react-router";
import type { Theme } from "../../app/lib/theme.ts";
import type { Toast } from "../../app/lib/toast.ts";
import type { Viewer } from "../../app/lib/viewer.ts";
import type { Actor } from "../accounts/actor.ts";
import { cartCount } from "../cart/cart.service.ts";
import { wishlistCount } from "../wishlist/wishlist.service.ts";
import { shopCookies } from "./cookies.ts";
import { appServices } from "./route-helpers.ts";
import { actorOf } from "./session-middleware.ts";
import { takeToast } from "./toasts.ts";

export type Frame = { theme: Theme; toast: Toast | null; viewer: Viewer; cartCount: number; wishlistCount: number };

/** What every page's frame shows: the theme, a queued toast, who is signed in, the cart and wishlist counts. */
export async function loadFrame(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<{ frame: Frame; headers: Headers }> {
  const actor = actorOf(context);
  const { db } = appServices(context);
  const [{ toast, headers }, theme, cartItems, wishlistItems] = await Promise.all([
    takeToast(context, request),
    readTheme(request, context),
    cartCount(db, actor),
    wishlistCount(db, actor),
  ]);
  return {
    frame: { theme, toast, viewer: viewerOf(actor), cartCount: cartItems, wishlistCount: wishlistItems },
    headers,
  };
}

function viewerOf(actor: Actor): Viewer {
  return actor.kind === "user" ? { name: actor.name, email: actor.email, role: actor.role } : null;
}

export async function readTheme(request: Request, context: Readonly<RouterContextProvider>): Promise<Theme> {
  const value: unknown = await shopCookies(appServices(context).config.sessionSecret).theme.parse(
    request.headers.get("Cookie"),
  );
  // No choice yet: the page follows the device's setting.
  return value === "dark" || value === "light" ? value : "system";
}
