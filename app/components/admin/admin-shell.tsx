import {
  LayoutDashboard,
  Mail,
  MessageSquareText,
  Package,
  PackageCheck,
  ReceiptIndianRupee,
  Ruler,
  Search,
  ShoppingBag,
  Store,
  TicketPercent,
  Truck,
  Undo2,
  Users,
} from "lucide-react";
import { Link, useLocation } from "react-router";
import type { Theme } from "#core/theme.ts";
import type { Viewer } from "#core/viewer.ts";
import { NavItem } from "../layout/nav-items.tsx";
import { ThemeToggle } from "../layout/theme-toggle.tsx";

const SECTIONS = [
  { label: "Dashboard", to: "/dashboard", tab: "overview", Icon: LayoutDashboard },
  { label: "Products", to: "/dashboard?tab=products", tab: "products", Icon: Package },
  { label: "Orders", to: "/dashboard?tab=orders", tab: "orders", Icon: ShoppingBag },
  { label: "Shipments", to: "/admin/shipments", tab: "shipments", Icon: PackageCheck },
  { label: "Users", to: "/dashboard?tab=users", tab: "users", Icon: Users },
  { label: "E-mails", to: "/dashboard?tab=emails", tab: "emails", Icon: Mail },
  { label: "Offers", to: "/admin/offers", tab: "offers", Icon: TicketPercent },
  { label: "GST report", to: "/admin/gst", tab: "gst", Icon: ReceiptIndianRupee },
  { label: "Delivery", to: "/admin/delivery", tab: "delivery", Icon: Truck },
  { label: "Reviews", to: "/admin/reviews", tab: "reviews", Icon: MessageSquareText },
  { label: "Returns", to: "/admin/returns", tab: "returns", Icon: Undo2 },
  { label: "Size charts", to: "/admin/size-charts", tab: "size-charts", Icon: Ruler },
  { label: "Searches", to: "/admin/searches", tab: "searches", Icon: Search },
] as const;

/** The section a page of the admin area belongs to, for the navigation's current mark. */
function currentSection(pathname: string, search: string): string {
  if (pathname === "/addproduct" || pathname === "/updateproduct") return "products";
  if (pathname.startsWith("/admin/products")) return "products";
  if (pathname === "/admin/updateorderstatus") return "orders";
  if (pathname === "/admin/gst") return "gst";
  if (pathname === "/admin/delivery") return "delivery";
  if (pathname === "/admin/reviews") return "reviews";
  if (pathname === "/admin/returns") return "returns";
  if (pathname === "/admin/shipments") return "shipments";
  if (pathname === "/admin/size-charts") return "size-charts";
  if (pathname === "/admin/searches") return "searches";
  if (pathname.startsWith("/admin/offers")) return "offers";
  return new URLSearchParams(search).get("tab") ?? "overview";
}

/**
 * The admin area's own frame: a bar with the shop's name, the way back to the shop, the theme and
 * logout, and a side navigation for each section of the admin area (rows of links below 1024 px,
 * wrapping so that every section shows, and the tables keep the width).
 */
export function AdminShell({ viewer, theme, children }: { viewer: Viewer; theme: Theme; children: React.ReactNode }) {
  const location = useLocation();
  return (
    <div className="flex min-h-screen flex-col">
      <header className="sticky top-0 z-30 border-b border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-950">
        <div className="flex h-14 items-center gap-3 px-4">
          <Link to="/dashboard" className="font-display text-xl font-semibold text-gold-700 dark:text-gold-400">
            Kesar <span className="text-sm font-sans font-medium text-zinc-600 dark:text-zinc-400">Admin</span>
          </Link>
          <span className="ml-auto hidden truncate text-sm text-zinc-600 sm:block dark:text-zinc-400">
            {viewer?.email}
          </span>
          <Link to="/" className="btn-outline px-3 py-1.5">
            <Store aria-hidden="true" className="size-4" />
            <span className="hidden sm:inline">View shop</span>
            <span className="sr-only sm:hidden">View shop</span>
          </Link>
          <ThemeToggle theme={theme} />
          <NavItem link={{ action: "logout", label: "Logout" }} className="btn-outline px-3 py-1.5" />
        </div>
      </header>
      <div className="flex flex-1 flex-col lg:flex-row">
        <AdminNavigation current={currentSection(location.pathname, location.search)} />
        <main id="main" className="min-w-0 flex-1">
          {children}
        </main>
      </div>
    </div>
  );
}

/** A link to each section of the admin area, the current one marked. */
function AdminNavigation({ current }: { current: string }) {
  return (
    <nav
      aria-label="Admin"
      className="border-b border-zinc-200 bg-zinc-50 lg:w-56 lg:shrink-0 lg:border-r lg:border-b-0 dark:border-zinc-800 dark:bg-zinc-900"
    >
      {/* Below 1024 px the sections wrap onto as many rows as they need: none hides off the edge. */}
      <ul className="flex flex-wrap gap-1 p-2 lg:sticky lg:top-14 lg:flex-col lg:flex-nowrap lg:p-3">
        {SECTIONS.map(({ label, to, tab, Icon }) => (
          <li key={tab}>
            <Link
              to={to}
              aria-current={current === tab ? "page" : undefined}
              className={`flex items-center gap-2 rounded-md px-2.5 py-1.5 text-sm font-medium whitespace-nowrap lg:px-3 lg:py-2 ${
                current === tab
                  ? "bg-gold-400 text-zinc-950"
                  : "text-zinc-700 hover:bg-zinc-200 dark:text-zinc-300 dark:hover:bg-zinc-800"
              }`}
            >
              <Icon aria-hidden="true" className="size-4" />
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
