import { Heart, ShoppingBag } from "lucide-react";
import { lazy, Suspense } from "react";
import type { Theme } from "#core/theme.ts";
import { ACCOUNT_MENU_LABELS, type NavLink, navLinks, type Viewer } from "#core/viewer.ts";
import { useT } from "../../locales/i18n.ts";
import { Link } from "../../locales/link.tsx";
import { CollectionsMenu } from "./collections-menu.tsx";
import { CountLink } from "./count-link.tsx";
import { LanguageSwitch } from "./language-switch.tsx";
import { MobileMenu } from "./mobile-menu.tsx";
import { NavItem } from "./nav-items.tsx";
import { PhoneSearch } from "./phone-search.tsx";
import { SearchBox } from "./search-box.tsx";
import { ThemeToggle } from "./theme-toggle.tsx";

// Only a signed-in person has an account menu: a visitor's first load goes without its code.
const AccountMenu = lazy(() => import("./account-menu.tsx").then((module) => ({ default: module.AccountMenu })));

type HeaderProps = {
  viewer: Viewer;
  theme: Theme;
  cartCount: number;
  wishlistCount: number;
  /** On an HTML-first page (record 48) the menus are islands: the phone's menu is in the page from the start. */
  htmlFirst?: boolean;
};

/** Links that stand in the bar as words; Cart and Wishlist are icons with counts, the rest in menus. */
const BAR_WORDS = new Set(["All Products", "Admin", "Login/Signup"]);

/**
 * The top bar. Below 768 px: the menu button, the logo, a search link, Wishlist and Cart with their
 * counts and the theme switch. From 768 px: the collections menu, the search box and the signed-in
 * person's menu join them; from 1024 px the Home and All Products links too.
 */
export function Header({ viewer, theme, cartCount, wishlistCount, htmlFirst = false }: HeaderProps) {
  const links = navLinks(viewer, "bar");
  const t = useT();
  // No backdrop filter on the header: it would become the containing block of fixed menus.
  return (
    <header className="sticky top-0 z-30 border-b border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-950">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 lg:gap-3">
        <MobileMenu viewer={viewer} wishlistCount={wishlistCount} htmlFirst={htmlFirst} />
        <Link
          to="/"
          className="font-display text-2xl font-semibold tracking-wide text-gold-700 dark:text-gold-400"
          aria-label={t("frame.homeLabel")}
        >
          Kesar
        </Link>
        <Link to="/" className="hidden text-sm font-medium hover:text-gold-700 lg:inline dark:hover:text-gold-300">
          {t("frame.home")}
        </Link>
        <CollectionsMenu />
        <SearchBox id="header-search" className="mx-2 hidden min-w-40 flex-1 md:block lg:mx-auto lg:max-w-sm" />
        <BarLinks
          viewer={viewer}
          links={links}
          cartCount={cartCount}
          wishlistCount={wishlistCount}
          htmlFirst={htmlFirst}
        />
        {/* On a phone the switch is in the menu (and the footer): the bar has no room for it. */}
        <LanguageSwitch className="hidden rounded-full px-2 py-2 text-sm font-medium whitespace-nowrap hover:bg-zinc-100 sm:inline-flex dark:hover:bg-zinc-800" />
        <ThemeToggle theme={theme} />
      </div>
    </header>
  );
}

/**
 * The bar's words, the phone's search, Wishlist and Cart with their counts and the account menu: the
 * shopper's own part of the bar, which an HTML-first page swaps for theirs (/frame/parts).
 */
function BarLinks({
  viewer,
  links,
  cartCount,
  wishlistCount,
  htmlFirst,
}: Omit<HeaderProps, "theme"> & { links: NavLink[] }) {
  const t = useT();
  return (
    <nav
      aria-label={t("frame.main")}
      data-personal="bar"
      className="ml-auto flex items-center gap-1 text-sm font-medium"
    >
      <ul className="hidden items-center gap-3 md:flex">
        {links
          .filter((link) => BAR_WORDS.has(link.label))
          .map((link) => (
            <li key={link.label} className={link.label === "All Products" ? "hidden lg:block" : undefined}>
              <NavItem link={link} className="whitespace-nowrap hover:text-gold-700 dark:hover:text-gold-300" />
            </li>
          ))}
      </ul>
      <PhoneSearch />
      <CountLink to="/wishlist" label="Wishlist" name={t("nav.Wishlist")} count={wishlistCount} Icon={Heart} />
      <CountLink to="/cart" label="Cart" name={t("nav.Cart")} count={cartCount} Icon={ShoppingBag} />
      {viewer && links.some((link) => ACCOUNT_MENU_LABELS.has(link.label)) ? (
        <div className="hidden md:block">
          {htmlFirst ? (
            // Rendered whole on the server (no React in the browser to fill a boundary in).
            <AccountMenu viewer={viewer} links={links} />
          ) : (
            <Suspense fallback={<span className="inline-block size-9" />}>
              <AccountMenu viewer={viewer} links={links} />
            </Suspense>
          )}
        </div>
      ) : null}
    </nav>
  );
}
