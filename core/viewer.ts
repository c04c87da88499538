import type { Role } from "./actor.ts";
import { isStaffRole, staffHome } from "./permissions.ts";

/** The signed-in person as the pages see them; null for a visitor. */
export type Viewer = {
  name: string;
  email: string;
  role: Role;
} | null;

export type NavLink = { to: string; label: string } | { action: "logout"; label: string };

/** The links the top bar gathers under the account menu (they also stand in the mobile menu). */
export const ACCOUNT_MENU_LABELS = new Set(["Update Profile", "Profile", "Orders", "Logout"]);

/**
 * The frame's links. Signed-in: Update Profile, Profile, Cart, Orders, Wishlist, All Products,
 * Logout (and Admin for the administrator, who sees no Orders link in the mobile menu).
 * Signed-out: Cart, Wishlist, Login/Signup: a guest's wishlist is kept too, so it must be reachable.
 */
export function navLinks(viewer: Viewer, place: "bar" | "mobile"): NavLink[] {
  if (!viewer)
    return [
      { to: "/cart", label: "Cart" },
      { to: "/wishlist", label: "Wishlist" },
      { to: "/login", label: "Login/Signup" },
    ];
  const staffRole = isStaffRole(viewer.role) ? viewer.role : null;
  const links: NavLink[] = [
    { to: "/profileform", label: "Update Profile" },
    { to: "/profile", label: "Profile" },
    { to: "/cart", label: "Cart" },
  ];
  if (!(staffRole && place === "mobile")) links.push({ to: "/order", label: "Orders" });
  links.push({ to: "/wishlist", label: "Wishlist" }, { to: "/allproducts", label: "All Products" });
  if (staffRole) links.push({ to: staffHome(staffRole), label: "Admin" });
  links.push({ action: "logout", label: "Logout" });
  return links;
}
