import {
  ClipboardList,
  Contact,
  LayoutDashboard,
  Mail,
  MessageSquareText,
  Package,
  PackageCheck,
  ReceiptIndianRupee,
  Ruler,
  Search,
  ShieldCheck,
  ShoppingBag,
  Store,
  TicketPercent,
  Truck,
  Undo2,
  Users,
} from "lucide-react";
import { Link, useLocation } from "react-router";
import { isStaffRole, type Permission, ROLE_LABELS, roleCanAny, staffHome } from "#core/permissions.ts";
import type { Theme } from "#core/theme.ts";
import type { Viewer } from "#core/viewer.ts";
import { NavItem } from "../layout/nav-items.tsx";
import { ThemeToggle } from "../layout/theme-toggle.tsx";

type Section = {
  label: string;
  to: string;
  section: string;
  Icon: typeof Package;
  /** Any one of these shows the section in the menu: the pages check the same (app/admin-pages.ts). */
  permissions: readonly Permission[];
};

/** A section of the menu: its label, its page, its key, its icon, and the permissions that show it. */
function section(label: string, to: string, key: string, Icon: Section["Icon"], ...permissions: Permission[]): Section {
  return { label, to, section: key, Icon, permissions };
}

const SECTIONS: readonly Section[] = [
  section("Dashboard", "/dashboard", "overview", LayoutDashboard, "dashboard.view"),
  section("Orders", "/admin/orders", "orders", ShoppingBag, "orders.view", "orders.pack"),
  section("Shipments", "/admin/shipments", "shipments", PackageCheck, "orders.pack", "orders.manage"),
  section("Products", "/dashboard?tab=products", "products", Package, "products.view"),
  section("Customers", "/admin/customers", "customers", Contact, "customers.view"),
  section("Users", "/dashboard?tab=users", "users", Users, "customers.manage"),
  section("E-mails", "/dashboard?tab=emails", "emails", Mail, "mail.view"),
  section("Offers", "/admin/offers", "offers", TicketPercent, "offers.manage"),
  section("GST report", "/admin/gst", "gst", ReceiptIndianRupee, "tax.view"),
  section("Delivery", "/admin/delivery", "delivery", Truck, "settings.manage"),
  section("Reviews", "/admin/reviews", "reviews", MessageSquareText, "reviews.moderate"),
  section("Returns", "/admin/returns", "returns", Undo2, "returns.manage"),
  section("Size charts", "/admin/size-charts", "size-charts", Ruler, "size-charts.edit"),
  section("Searches", "/admin/searches", "searches", Search, "searches.manage"),
  section("Staff", "/admin/staff", "staff", ShieldCheck, "staff.manage"),
  section("Audit log", "/admin/audit", "audit", ClipboardList, "audit.view"),
];

/** The sections a role may use, in the menu's order: the menu shows nothing the role would be refused. */
export function sectionsFor(role: string): readonly Section[] {
  return SECTIONS.filter((section) => roleCanAny(role, section.permissions));
}

const PATH_SECTIONS: [RegExp, string][] = [
  [/^\/(addproduct|updateproduct)$/, "products"],
  [/^\/admin\/products(\/|\.|$)/, "products"],
  [/^\/admin\/(orders|updateorderstatus|jobs)(\/|\.|$)/, "orders"],
  [/^\/admin\/customers/, "customers"],
  [/^\/admin\/offers/, "offers"],
  [/^\/admin\/(shipments|gst|delivery|reviews|returns|size-charts|searches|staff|audit)(\/|$)/, ""],
];

/** The section a page of the admin area belongs to, for the navigation's current mark. */
function currentSection(pathname: string, search: string): string {
  for (const [pattern, section] of PATH_SECTIONS) {
    const match = pattern.exec(pathname);
    if (match) return section || (match[1] ?? "");
  }
  return new URLSearchParams(search).get("tab") ?? "overview";
}

/**
 * The admin area's own frame: a bar with the shop's name, the way back to the shop, the theme and
 * logout, and a side navigation for each section of the admin area (rows of links below 1024 px,
 * wrapping so that every section shows, and the tables keep the width).
 */
export function AdminShell({ viewer, theme, children }: { viewer: Viewer; theme: Theme; children: React.ReactNode }) {
  const location = useLocation();
  const role = viewer && isStaffRole(viewer.role) ? viewer.role : null;
  const home = role ? staffHome(role) : "/";
  return (
    <div className="flex min-h-screen flex-col">
      <header className="sticky top-0 z-30 border-b border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-950">
        <div className="flex h-14 items-center gap-3 px-4">
          <Link to={home} className="font-display text-xl font-semibold text-gold-700 dark:text-gold-400">
            Kesar <span className="text-sm font-sans font-medium text-zinc-600 dark:text-zinc-400">Admin</span>
          </Link>
          <span className="ml-auto hidden truncate text-sm text-zinc-600 sm:block dark:text-zinc-400">
            {viewer?.email}
            {role ? (
              <span
                className="ml-1.5 rounded bg-zinc-100 px-1.5 py-0.5 text-xs font-semibold text-zinc-800 dark:bg-zinc-800 dark:text-zinc-100"
                data-testid="staff-role"
              >
                {ROLE_LABELS[role]}
              </span>
            ) : null}
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
        <AdminNavigation
          sections={role ? sectionsFor(role) : []}
          current={currentSection(location.pathname, location.search)}
        />
        <main id="main" className="min-w-0 flex-1">
          {children}
        </main>
      </div>
    </div>
  );
}

/** A link to each section of the admin area, the current one marked. */
function AdminNavigation({ sections, current }: { sections: readonly Section[]; current: string }) {
  return (
    <nav
      aria-label="Admin"
      className="border-b border-zinc-200 bg-zinc-50 lg:w-56 lg:shrink-0 lg:border-r lg:border-b-0 dark:border-zinc-800 dark:bg-zinc-900"
    >
      {/* Below 1024 px the sections wrap onto as many rows as they need: none hides off the edge. */}
      <ul className="flex flex-wrap gap-1 p-2 lg:sticky lg:top-14 lg:flex-col lg:flex-nowrap lg:p-3">
        {sections.map(({ label, to, section, Icon }) => (
          <li key={section}>
            <Link
              to={to}
              aria-current={current === section ? "page" : undefined}
              className={`flex items-center gap-2 rounded-md px-2.5 py-1.5 text-sm font-medium whitespace-nowrap lg:px-3 lg:py-2 ${
                current === section
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
