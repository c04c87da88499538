import type { MessageId, Translate } from "./i18n.ts";

/** The frame's links are named in core/viewer.ts in English; these are their messages. */
const NAV_IDS: Record<string, MessageId> = {
  Cart: "nav.Cart",
  Wishlist: "nav.Wishlist",
  "Login/Signup": "nav.Login/Signup",
  "Update Profile": "nav.Update Profile",
  Profile: "nav.Profile",
  Orders: "nav.Orders",
  "All Products": "nav.All Products",
  Admin: "nav.Admin",
  Logout: "nav.Logout",
  Home: "nav.Home",
};

export function navLabel(t: Translate, label: string): string {
  const id = NAV_IDS[label];
  return id ? t(id) : label;
}
