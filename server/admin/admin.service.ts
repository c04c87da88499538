import type { Actor } from "#core/actor.ts";
import { INDIA_OFFSET_MS } from "#core/dates.ts";
import { UNSOLD_STATUSES } from "#core/order-status.ts";
import { PAYMENT_STATUS_LABELS, paymentWords } from "#core/payment-status.ts";
import { visibleEmail } from "#core/phone.ts";
import { LOW_STOCK_THRESHOLD } from "#core/stock.ts";
import { assertCan } from "../access.ts";
import { liveProductCount } from "../catalog/catalog.service.ts";
import { productSearchWords } from "../catalog/search/search.service.ts";
import { confirmationStates } from "../cod-confirmation/cod-confirmation.service.ts";
import type { Db } from "../db/schema.ts";
import { containsLikePattern } from "../db/text-match.ts";
import { ewayBillStatusOf } from "../invoices/eway-bills.ts";
import { ordersWithFirstLine } from "../orders/order-rows.service.ts";
import { pendingPointsOf } from "../rewards/rewards.service.ts";
import {
  countRows,
  DAY_MS,
  findAdminProducts,
  findAdminUsers,
  findLowStock,
  moneyFigures,
  orderTotalsByStatus,
  salesPerDay,
} from "./admin.repository.ts";
import {
  ADMIN_PAGE_SIZE,
  type AdminOrderRow,
  type AdminPage,
  type AdminProductRow,
  type AdminUserRow,
  type DashboardFigures,
  type DashboardQuery,
  type LowStockRow,
  SALES_CHART_DAYS,
  type SalesDay,
} from "./admin.schemas.ts";

/** The dashboard's cards, from the data as it is now. */
export async function dashboardFigures(db: Db, actor: Actor): Promise<DashboardFigures> {
  assertCan(actor, "dashboard.view");
  const [totalProducts, totalOrders, totalUsers, byStatus, money] = await Promise.all([
    liveProductCount(db),
    countRows(db, "orders"),
    countRows(db, "users"),
    orderTotalsByStatus(db),
    moneyFigures(db),
  ]);
  return {
    totalProducts,
    totalOrders,
    totalUsers,
    revenue: money.received - money.refunded,
    received: money.received,
    codWithCouriers: money.withCouriers,
    refunded: money.refunded,
    booked: byStatus
      .filter((entry) => !UNSOLD_STATUSES.includes(entry.status))
      .reduce((sum, entry) => sum + entry.booked, 0),
    ordersToShip: byStatus.find((entry) => entry.status === "placed")?.settled ?? 0,
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

/**
 * The Products tab. Its search understands words as the shop's search does (spellings, Devanagari,
 * typos, synonyms: search.service.ts): every word must be found in a product's title, type,
 * category or fabric.
 */
export async function adminProducts(db: Db, actor: Actor, query: DashboardQuery): Promise<AdminPage<AdminProductRow>> {
  assertCan(actor, "products.view");
  const { limit, offset } = pageSlice(query);
  const words = query.q ? await productSearchWords(db, query.q) : [];
  return paged(await findAdminProducts(db, words, limit, offset), query.page);
}

/**
 * An order search as people type it: case and extra spaces do not matter, and an order number may
 * come as "ks 100042", "KS100042" or "100042".
 */
export function orderSearchText(q: string): string {
  const words = q.trim().replace(/\s+/g, " ");
  const number = /^ks[\s-]*(\d{3,12})$/i.exec(words);
  return number ? `KS-${number[1]}` : words;
}

/**
 * The Orders tab, newest first, of one status tab. Its search finds orders with every word typed in
 * the number, name, e-mail, phone, payment reference, city or pincode ("Chennai", "600040"), or
 * those whose number starts as an order number typed ("KS-1000", "ks 100042").
 */
export async function adminOrders(db: Db, actor: Actor, query: DashboardQuery): Promise<AdminPage<AdminOrderRow>> {
  assertCan(actor, "orders.view");
  const { limit, offset } = pageSlice(query);
  const text = query.q ? orderSearchText(query.q) : "";
  // An order number ("ks 100042") is looked up by how the number starts, through its index.
  const search = /^KS-\d+$/.test(text)
    ? { numberStart: text }
    : { patterns: text ? text.split(" ").map(containsLikePattern) : [] };
  const rows = await ordersWithFirstLine(db, { ...search, status: query.status }, limit, offset);
  const confirmations = await confirmationStates(
    db,
    actor,
    rows.map((row) => row.id),
  );
  return paged(
    rows.map(
      ({
        supplyType,
        ewayBillNumber,
        ewayBillEnteredAt,
        paymentMethod,
        paymentStatus,
        paymentRef,
        paymentId,
        ...row
      }) => ({
        ...row,
        email: visibleEmail(row.email),
        buyerConfirmation: confirmations.get(row.id) ?? null,
        // The gateway's payment id, where an online payment was taken: the shop's own reference
        // means nothing to a bank or a courier.
        paymentId: paymentMethod === "online" ? paymentId : null,
        ewayBill: ewayBillStatusOf({ ...row, supplyType, ewayBillNumber, ewayBillEnteredAt }),
        payment: paymentWords(paymentMethod === "online" ? "online" : "cod", PAYMENT_STATUS_LABELS[paymentStatus]),
      }),
    ),
    query.page,
  );
}

export async function adminUsers(db: Db, actor: Actor, query: DashboardQuery): Promise<AdminPage<AdminUserRow>> {
  assertCan(actor, "customers.manage");
  const { pattern, limit, offset } = pageSlice(query);
  const rows = await findAdminUsers(db, pattern, limit, offset);
  const pending = await pendingPointsOf(
    db,
    rows.map((row) => row.id),
  );
  return paged(
    rows.map((row) => ({
      ...row,
      email: visibleEmail(row.email),
      pointsPending: pending.get(row.id) ?? 0,
      disabled: row.disabled === 1,
    })),
    query.page,
  );
}

/** Orders and revenue for each of the last 30 days in India's time, today last; quiet days are zeros. */
export async function salesChart(db: Db, actor: Actor, now: number = Date.now()): Promise<SalesDay[]> {
  assertCan(actor, "dashboard.view");
  const today = Math.floor((now + INDIA_OFFSET_MS) / DAY_MS);
  const first = today - SALES_CHART_DAYS + 1;
  const byDay = new Map((await salesPerDay(db, first * DAY_MS - INDIA_OFFSET_MS)).map((row) => [row.day, row]));
  return Array.from({ length: SALES_CHART_DAYS }, (_, index) => {
    const day = first + index;
    const sales = byDay.get(day);
    return {
      date: new Date(day * DAY_MS).toISOString().slice(0, 10),
      orders: sales?.orders ?? 0,
      revenue: sales?.revenue ?? 0,
    };
  });
}

/** How many low-stock sizes the dashboard lists at most. */
const LOW_STOCK_ROWS = 50;

/** Sizes on sale with five or fewer pieces left, fewest first; `more` when the list goes on. */
export async function lowStock(db: Db, actor: Actor): Promise<{ rows: LowStockRow[]; more: boolean }> {
  assertCan(actor, "dashboard.view");
  const rows = await findLowStock(db, LOW_STOCK_THRESHOLD, LOW_STOCK_ROWS + 1);
  return { rows: rows.slice(0, LOW_STOCK_ROWS), more: rows.length > LOW_STOCK_ROWS };
}

/** The overview's sales chart and low-stock list, read together. */
export async function dashboardOverview(db: Db, actor: Actor) {
  const [sales, low] = await Promise.all([salesChart(db, actor), lowStock(db, actor)]);
  return { sales, lowStock: low };
}
