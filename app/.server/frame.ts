import type { RouterContextProvider } from "react-router";
import type { Actor } from "#core/actor.ts";
import { visibleEmail } from "#core/phone.ts";
import type { Theme } from "#core/theme.ts";
import type { Toast } from "#core/toast.ts";
import type { Viewer } from "#core/viewer.ts";
import { cartCount } from "#server/cart/cart.service.ts";
import { shopCookies } from "#server/http/cookies.ts";
import { wishlistMarks } from "#server/wishlist/wishlist.service.ts";
import { appServices, requestInfo } from "./context.ts";
import { actorOf } from "./session.ts";
import { takeToast } from "./toasts.ts";

/**
 * The part of the frame that is the shopper's own: who is signed in, the cart and wishlist counts,
 * and the wishlist's products (a product page shows its own as Wishlisted).
 */
export type PersonalFrame = { viewer: Viewer; cartCount: number; wishlistCount: number; wishlisted: number[] };

/**
 * What every page's frame shows: the theme, a queued toast, and the personal part. `personal` is
 * false on a page rendered once for every visitor (see the page cache): that page shows a
 * stranger's frame and asks for the shopper's own (/frame) once it is up.
 */
export type Frame = PersonalFrame & { theme: Theme; toast: Toast | null; personal: boolean };

export async function loadFrame(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<{ frame: Frame; headers: Headers }> {
  const [{ toast, headers }, theme, personal] = await Promise.all([
    takeToast(context, request),
    readTheme(request, context),
    loadPersonalFrame(context),
  ]);
  return { frame: { ...personal, theme, toast, personal: !requestInfo(context).shared }, headers };
}

export async function loadPersonalFrame(context: Readonly<RouterContextProvider>): Promise<PersonalFrame> {
  const actor = actorOf(context);
  const { db } = appServices(context);
  const [cartItems, wishlist] = await Promise.all([cartCount(db, actor), wishlistMarks(db, actor)]);
  return {
    viewer: viewerOf(actor),
    cartCount: cartItems,
    wishlistCount: wishlist.count,
    wishlisted: wishlist.productIds,
  };
}

function viewerOf(actor: Actor): Viewer {
  // An account made by phone shows no e-mail (its placeholder is never shown).
  return actor.kind === "user" ? { name: actor.name, email: visibleEmail(actor.email) ?? "", role: actor.role } : null;
}

export async function readTheme(request: Request, context: Readonly<RouterContextProvider>): Promise<Theme> {
  const value: unknown = await shopCookies(appServices(context).config.sessionSecret).theme.parse(
    request.headers.get("Cookie"),
  );
  // No choice yet: the page follows the device's setting.
  return value === "dark" || value === "light" ? value : "system";
}
