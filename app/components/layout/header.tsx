import { ShoppingBag } from "lucide-react";
import { Link } from "react-router";
import type { Theme } from "../../lib/theme.ts";
import { navLinks, type Viewer } from "../../lib/viewer.ts";
import { MobileMenu } from "./mobile-menu.tsx";
import { NavItem } from "./nav-items.tsx";
import { SearchBox } from "./search-box.tsx";
import { ThemeToggle } from "./theme-toggle.tsx";

export function Header({ viewer, theme, cartCount }: { viewer: Viewer; theme: Theme; cartCount: number }) {
  // No backdrop filter on the header: it would become the containing block of the fixed mobile menu.
  return (
    <header className="sticky top-0 z-30 border-b border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-950">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4">
        <MobileMenu viewer={viewer} />
        <Link
          to="/"
          className="font-display text-2xl font-semibold tracking-wide text-gold-700 dark:text-gold-400"
          aria-label="Kesar, home"
        >
          Kesar
        </Link>
        <Link to="/" className="hidden text-sm font-medium hover:text-gold-700 md:inline dark:hover:text-gold-300">
          Home
        </Link>
        <SearchBox id="header-search" className="mx-auto hidden w-full max-w-sm md:block" />
        <nav aria-label="Main" className="ml-auto hidden md:block">
          <ul className="flex items-center gap-4 text-sm font-medium">
            {navLinks(viewer, "bar").map((link) => (
              <li key={link.label}>
                <NavItem link={link} className="hover:text-gold-700 dark:hover:text-gold-300" />
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-1 md:ml-2">
          <ThemeToggle theme={theme} />
          <Link
            to="/cart"
            className="relative flex size-10 items-center justify-center rounded-full hover:bg-zinc-100 dark:hover:bg-zinc-800"
            aria-label={`Cart, ${cartCount} ${cartCount === 1 ? "item" : "items"}`}
          >
            <ShoppingBag aria-hidden="true" className="size-5" />
            {cartCount > 0 && (
              <span
                data-testid="cart-count"
                className="absolute -top-0.5 -right-0.5 flex min-w-5 items-center justify-center rounded-full bg-gold-400 px-1 text-xs font-bold text-zinc-950"
              >
                {cartCount}
              </span>
            )}
          </Link>
        </div>
      </div>
    </header>
  );
}
