import type { Actor } from "#core/actor.ts";
import type { Permission } from "#core/permissions.ts";
import { can } from "../access.ts";
import type { Db } from "../db/schema.ts";
import { recentMail } from "../mail/mail.service.ts";
import type { AdminTab, DashboardQuery } from "./admin.schemas.ts";
import { adminOrders, adminProducts, adminUsers, dashboardFigures, dashboardOverview } from "./admin.service.ts";
import { latestOrderEvent } from "./order-feed.service.ts";

/*
 * The dashboard's screen (record 45): each tab opens to the role that may see it (the figures, the
 * products, the accounts, the e-mails); a member lands on the first of them their role has.
 */

const TAB_PERMISSIONS: Record<Exclude<AdminTab, "orders">, Permission> = {
  overview: "dashboard.view",
  products: "products.view",
  users: "customers.manage",
  emails: "mail.view",
};

export type DashboardTab = keyof typeof TAB_PERMISSIONS;

/** The tab asked for, or the first one the member's role may open. */
export function dashboardTabFor(actor: Actor, asked: AdminTab): DashboardTab {
  const tabs = Object.keys(TAB_PERMISSIONS) as DashboardTab[];
  const allowed = tabs.filter((tab) => can(actor, TAB_PERMISSIONS[tab]));
  return allowed.find((tab) => tab === asked) ?? allowed[0] ?? "overview";
}

export async function dashboardScreen(db: Db, actor: Actor, query: DashboardQuery & { tab: DashboardTab }) {
  const overview = query.tab === "overview";
  // Read before anything else: the live feed starts after it, so nothing falls between the two.
  const feedFrom = overview ? await latestOrderEvent(db, actor) : 0;
  const figures = overview ? await dashboardFigures(db, actor) : null;
  const charts = overview ? await dashboardOverview(db, actor) : null;
  const tab =
    query.tab === "products"
      ? { kind: "products" as const, ...(await adminProducts(db, actor, query)) }
      : query.tab === "users"
        ? { kind: "users" as const, ...(await adminUsers(db, actor, query)) }
        : query.tab === "emails"
          ? { kind: "emails" as const, ...(await recentMail(db, actor, query.page)) }
          : { kind: "orders" as const, ...(await adminOrders(db, actor, { ...query, page: 1 })) };
  return { feedFrom, figures, overview: charts, tab, mayAddProducts: can(actor, "products.edit") };
}
