import { type Actor, assertAdmin } from "../accounts/actor.ts";
import { countLiveProducts } from "../catalog/catalog.repository.ts";
import type { Db } from "../db/schema.ts";
import { containsLikePattern } from "../db/text-match.ts";
import { findOrdersWithFirstLine } from "../orders/orders.repository.ts";
import { countRows, findAdminProducts, findAdminUsers, orderTotalsByStatus } from "./admin.repository.ts";
import {
  ADMIN_PAGE_SIZE,
  type AdminOrderRow,
  type AdminPage,
  type AdminProductRow,
  type AdminUserRow,
  type DashboardFigures,
  type DashboardQuery,
} from "./admin.schemas.ts";

/** The dashboard's cards, from the data as it is now. */
export async function dashboardFigures(db: Db, actor: Actor): Promise<DashboardFigures> {
  assertAdmin(actor);
  const [totalProducts, totalOrders, totalUsers, byStatus] = await Promise.all([
    countLiveProducts(db),
    countRows(db, "orders"),
    countRows(db, "users"),
    orderTotalsByStatus(db),
  ]);
  return {
    totalProducts,
    totalOrders,
    totalUsers,
    revenue: byStatus.filter((entry) => entry.status !== "cancelled").reduce((sum, entry) => sum + entry.revenue, 0),
    ordersToShip: byStatus.find((entry) => entry.status === "placed")?.count ?? 0,
  };
}

function paged<T>(rows: T[], page: number): AdminPage<T> {
  return {
    rows: rows.slice(0, ADMIN_PAGE_SIZE),
    page,
    hasNext: rows.length > ADMIN_PAGE_SIZE,
    firstNumber: (page - 1) * ADMIN_PAGE_SIZE + 1,
  };
}

/** The search pattern and the slice of rows a dashboard page shows (one more, to know of a next page). */
function pageSlice(query: DashboardQuery) {
  return {
    pattern: query.q ? containsLikePattern(query.q) : undefined,
    limit: ADMIN_PAGE_SIZE + 1,
    offset: (query.page - 1) * ADMIN_PAGE_SIZE,
  };
}

export async function adminProducts(db: Db, actor: Actor, query: DashboardQuery): Promise<AdminPage<AdminProductRow>> {
  assertAdmin(actor);
  const { pattern, limit, offset } = pageSlice(query);
  return paged(await findAdminProducts(db, pattern, limit, offset), query.page);
}

export async function adminOrders(db: Db, actor: Actor, query: DashboardQuery): Promise<AdminPage<AdminOrderRow>> {
  assertAdmin(actor);
  const { pattern, limit, offset } = pageSlice(query);
  return paged(await findOrdersWithFirstLine(db, { pattern }, limit, offset), query.page);
}

export async function adminUsers(db: Db, actor: Actor, query: DashboardQuery): Promise<AdminPage<AdminUserRow>> {
  assertAdmin(actor);
  const { pattern, limit, offset } = pageSlice(query);
  const rows = await findAdminUsers(db, pattern, limit, offset);
  return paged(
    rows.map((row) => ({ ...row, disabled: row.disabled === 1 })),
    query.page,
  );
}
