import type { NavLink } from "#core/viewer.ts";
import { useT } from "../../locales/i18n.ts";
import { Form, NavLink as RouterNavLink } from "../../locales/link.tsx";
import { navLabel } from "../../locales/nav-labels.ts";

/** One link of the frame: a page link, or the Logout button (a form post that ends the session). */
export function NavItem({
  link,
  className,
  onNavigate,
  badge,
}: {
  link: NavLink;
  className: string;
  onNavigate?: () => void;
  /** A count shown beside the label (the wishlist's). */
  badge?: string;
}) {
  const t = useT();
  if ("action" in link) {
    return (
      // A full document navigation, so that nothing of the signed-in page stays in memory.
      <Form method="post" action="/logout" reloadDocument>
        <button type="submit" className={className}>
          {navLabel(t, link.label)}
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
      {navLabel(t, link.label)}
      {badge ? (
        <span className="ml-2 rounded-full bg-gold-400 px-2 text-xs font-bold text-zinc-950">
          {badge}
          <span className="sr-only"> {t("frame.items")}</span>
        </span>
      ) : null}
    </RouterNavLink>
  );
}
