import type { RouterContextProvider } from "react-router";
import type { Actor } from "#core/actor.ts";
import type { Theme } from "#core/theme.ts";
import type { Toast } from "#core/toast.ts";
import type { Viewer } from "#core/viewer.ts";
import { cartCount } from "#server/cart/cart.service.ts";
import { shopCookies } from "#server/http/cookies.ts";
import { wishlistCount } from "#server/wishlist/wishlist.service.ts";
import { appServices } from "./context.ts";
import { actorOf } from "./session.ts";
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
