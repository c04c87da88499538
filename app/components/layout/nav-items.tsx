import { Form, NavLink as RouterNavLink } from "react-router";
import type { NavLink } from "../../lib/viewer.ts";

/** One link of the frame: a page link, or the Logout button (a form post that ends the session). */
export function NavItem({
  link,
  className,
  onNavigate,
}: {
  link: NavLink;
  className: string;
  onNavigate?: () => void;
}) {
  if ("action" in link) {
    return (
      // A full document navigation, so that nothing of the signed-in page stays in memory.
      <Form method="post" action="/logout" reloadDocument>
        <button type="submit" className={className}>
          {link.label}
        </button>
      </Form>
    );
  }
  return (
    <RouterNavLink
      to={link.to}
      onClick={onNavigate}
      className={({ isActive }) => `${className} ${isActive ? "text-gold-700 dark:text-gold-300" : ""}`}
    >
      {link.label}
    </RouterNavLink>
  );
}
