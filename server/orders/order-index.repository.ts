import { type RawBuilder, type SqlBool, sql } from "kysely";
import type { OrderTab } from "#core/order-tabs.ts";
import type { ShipmentStatus } from "#core/shipment-status.ts";
import type { Executor } from "../db/schema.ts";

/*
 * The order index's SQL (record 45): a tab's orders newest first, a page at a time by keyset (the
 * last row's date and id, never an offset), with the search and the filters, and the tabs' counts
 * capped. Every condition is written to be answered from an index at 100,000 orders (migrations
 * 0030 and 0040). The parcel's state and AWB are read from `shipments` and open returns from
 * `returns` by SQL, as the tabs need them: reaches into the shipping and returns rooms' tables,
 * named in record 45.
 */

/**
 * Parcels the courier could not deliver (record 43's shipment machine): a failed attempt waiting
 * for an answer, a parcel on its way back, one the courier lost.
 */
const FAILED_PARCEL_STATES: readonly ShipmentStatus[] = ["delivery-failed", "rto", "lost"];
const FAILED_PARCEL_ORDERS = sql`select s.order_id from shipments s where s.status in (${sql.join(
  FAILED_PARCEL_STATES.map((state) => sql.lit(state)),
)})`;
/** A cash order with cash to take at the door (store credit may have paid it all). */
const CASH_TO_COLLECT = sql`orders.payment_method = 'cod' and orders.total > orders.store_credit_used`;

/**
 * Each tab as conditions on an order, disjoint, any of which puts it in the tab: its counts add
 * each one's, so every one is counted from its own index.
 */
function tabBranches(tab: OrderTab): RawBuilder<SqlBool>[] {
  switch (tab) {
    case "to-confirm":
      return [sql<SqlBool>`(orders.status = 'placed' and ${CASH_TO_COLLECT} and orders.confirmed_at is null)`];
    case "to-pack":
      return [
        sql<SqlBool>`(orders.status = 'placed' and orders.packed_at is null and (
        (orders.payment_method = 'cod' and (orders.confirmed_at is not null or orders.total <= orders.store_credit_used))
        or (orders.payment_method <> 'cod' and orders.payment_status = 'paid')))`,
      ];
    case "to-ship":
      return [sql<SqlBool>`(orders.status = 'placed' and orders.packed_at is not null)`];
    case "in-transit":
      // Shipped, its parcel on its way (or shipped by hand, without one the shop booked).
      return [sql<SqlBool>`(orders.status = 'shipped' and orders.id not in (${FAILED_PARCEL_ORDERS}))`];
    case "delivery-failed":
      // Parcels the courier could not deliver, is bringing back or lost, and those back at the
      // warehouse until they are checked in (refused at the door, or cancelled on the way).
      return [
        sql<SqlBool>`(orders.status = 'shipped' and orders.id in (${FAILED_PARCEL_ORDERS}))`,
        sql<SqlBool>`(orders.awaiting_check_in = 1)`,
      ];
    case "delivered":
      return [sql<SqlBool>`(orders.status = 'delivered')`];
    case "returns":
      return [sql<SqlBool>`(orders.id in (select r.order_id from returns r where r.open = 1))`];
    case "cancelled":
      return [sql<SqlBool>`(orders.status = 'cancelled')`];
    case "all":
      return [];
  }
}

/** Each tab as one condition on an order; none for All. */
export function tabCondition(tab: OrderTab): RawBuilder<SqlBool> | null {
  const branches = tabBranches(tab);
  if (branches.length === 0) return null;
  return branches.length === 1 ? (branches[0] ?? null) : sql<SqlBool>`(${sql.join(branches, sql` or `)})`;
}

/** How the index looks for orders; at most one of them. */
export type IndexSearch =
  /** An order number typed, whole or its start ("KS-1000"): the numbers' unique index. */
  | { kind: "number"; start: string }
  /**
   * A mobile number, an e-mail address or an AWB typed whole: each looked up in its own index
   * (orders_phone, orders_email_key, the shipments' AWB and orders_tracking_number).
   */
  | { kind: "keys"; phone: string | null; email: string | null; awb: string | null }
  /** Words found anywhere in the number, name, e-mail, phone, payment reference, city or pincode. */
  | { kind: "words"; patterns: readonly string[] }
  | { kind: "none" };

export type IndexFilters = {
  payment?: "prepaid" | "cash" | undefined;
  /** Epoch ms, the first moment and the moment after the last of the dates chosen. */
  from?: number | undefined;
  until?: number | undefined;
  stateCode?: string | undefined;
  pincode?: string | undefined;
  /** The start of a courier's name, lower case. */
  courier?: string | undefined;
  /** Only these orders (the rows ticked, for an export). */
  orderIds?: readonly number[] | undefined;
};

/** A place in the list: the row a page starts after (older) or ends before (newer). */
export type Keyset = { direction: "after" | "before"; createdAt: number; id: number };

/**
 * What the administrator's order search looks in. Written exactly as migration 0030's trigram index
 * on PostgreSQL, which the planner uses only for the same expression.
 */
const ORDER_SEARCH_TEXT = sql`lower(orders.order_number || ' ' || orders.name || ' ' || orders.email || ' ' || orders.phone || ' ' || orders.payment_ref || ' ' || coalesce(orders.payment_id, '') || ' ' || orders.city || ' ' || orders.pincode)`;

/** The live shipment's courier, else the courier typed when the order was shipped by hand. */
const COURIER = sql<string | null>`coalesce((select s.courier_name from shipments s
  where s.order_id = orders.id and s.status <> 'cancelled'), orders.courier)`;

function searchConditions(search: IndexSearch): RawBuilder<SqlBool>[] {
  switch (search.kind) {
    case "number":
      // Order numbers are "KS-" and digits: those that start so lie between it and it followed by "~".
      return [sql<SqlBool>`(orders.order_number >= ${search.start} and orders.order_number < ${`${search.start}~`})`];
    case "keys": {
      // Each key looked up in its own index, the orders found gathered by one union: an "or" of
      // them would read the whole list on either database.
      const found: RawBuilder<unknown>[] = [];
      if (search.phone) found.push(sql`select o.id from orders o where o.phone = ${search.phone}`);
      if (search.email) found.push(sql`select o.id from orders o where lower(o.email) = ${search.email}`);
      if (search.awb) {
        found.push(sql`select s.order_id from shipments s where s.awb = ${search.awb}`);
        found.push(sql`select o.id from orders o where o.tracking_number = ${search.awb}`);
      }
      return found.length > 0 ? [sql<SqlBool>`orders.id in (${sql.join(found, sql` union `)})`] : [sql<SqlBool>`1 = 0`];
    }
    case "words":
      return search.patterns.map((pattern) => sql<SqlBool>`${ORDER_SEARCH_TEXT} like ${pattern} escape '\\'`);
    case "none":
      return [];
  }
}

function filterConditions(filters: IndexFilters): RawBuilder<SqlBool>[] {
  const all: RawBuilder<SqlBool>[] = [];
  if (filters.payment === "cash") all.push(sql<SqlBool>`orders.payment_method = 'cod'`);
  if (filters.payment === "prepaid") all.push(sql<SqlBool>`orders.payment_method <> 'cod'`);
  if (filters.from !== undefined) all.push(sql<SqlBool>`orders.created_at >= ${filters.from}`);
  if (filters.until !== undefined) all.push(sql<SqlBool>`orders.created_at < ${filters.until}`);
  if (filters.stateCode) all.push(sql<SqlBool>`orders.state_code = ${filters.stateCode}`);
  if (filters.pincode) all.push(sql<SqlBool>`orders.pincode = ${filters.pincode}`);
  if (filters.courier) {
    all.push(
      sql<SqlBool>`lower(coalesce(${COURIER}, '')) like ${`${filters.courier.replace(/[\\%_]/g, "\\$&")}%`} escape '\\'`,
    );
  }
  if (filters.orderIds) {
    all.push(
      filters.orderIds.length > 0
        ? sql<SqlBool>`orders.id in (${sql.join(filters.orderIds.map((id) => sql`${id}`))})`
        : sql<SqlBool>`1 = 0`,
    );
  }
  return all;
}

function allConditions(tab: OrderTab, search: IndexSearch, filters: IndexFilters): RawBuilder<SqlBool>[] {
  const ofTab = tabCondition(tab);
  return [...(ofTab ? [ofTab] : []), ...searchConditions(search), ...filterConditions(filters)];
}

function whereAll(conditions: readonly RawBuilder<SqlBool>[]): RawBuilder<SqlBool> {
  return conditions.length > 0 ? sql<SqlBool>`${sql.join(conditions, sql` and `)}` : sql<SqlBool>`1 = 1`;
}

/** The columns of an index row: the order, its parcel's courier, AWB and state. */
const INDEX_ROW_COLUMNS = [
  "orders.id",
  "orders.orderNumber",
  "orders.status",
  "orders.paymentMethod",
  "orders.paymentStatus",
  "orders.total",
  "orders.storeCreditUsed",
  "orders.itemCount",
  "orders.name",
  "orders.phone",
  "orders.email",
  "orders.city",
  "orders.stateCode",
  "orders.pincode",
  "orders.createdAt",
  "orders.confirmedAt",
  "orders.packedAt",
  "orders.courier",
  "orders.trackingNumber",
  "orders.paymentId",
  "orders.supplyType",
  "orders.roundOff",
  "orders.ewayBillNumber",
  "orders.ewayBillEnteredAt",
  "shipments.courierName as shipmentCourier",
  "shipments.awb",
  "shipments.status as shipmentStatus",
] as const;

/**
 * A page of the index: `limit` orders of the tab, newest first, after (older than) or before (newer
 * than) the keyset's row, with their parcel's courier, AWB and state and whether a return is open.
 */
export async function findIndexPage(
  executor: Executor,
  query: { tab: OrderTab; search: IndexSearch; filters: IndexFilters; keyset?: Keyset | undefined },
  limit: number,
) {
  const conditions = allConditions(query.tab, query.search, query.filters);
  const { keyset } = query;
  if (keyset) {
    const op = sql.raw(keyset.direction === "after" ? "<" : ">");
    conditions.push(
      sql<SqlBool>`(orders.created_at ${op} ${keyset.createdAt} or (orders.created_at = ${keyset.createdAt} and orders.id ${op} ${keyset.id}))`,
    );
  }
  const newestFirst = keyset?.direction !== "before";
  const order = sql.raw(newestFirst ? "desc" : "asc");
  const rows = await executor
    .selectFrom("orders")
    .leftJoin("shipments", (join) =>
      join.onRef("shipments.orderId", "=", "orders.id").on("shipments.status", "<>", "cancelled"),
    )
    .select(INDEX_ROW_COLUMNS)
    .select(
      sql<number>`case when exists (select 1 from returns r where r.order_id = orders.id and r.open = 1) then 1 else 0 end`.as(
        "openReturn",
      ),
    )
    .where(whereAll(conditions))
    .orderBy(sql`orders.created_at ${order}, orders.id ${order}`)
    .limit(limit)
    .execute();
  return newestFirst ? rows : rows.reverse();
}

async function countCapped(executor: Executor, condition: RawBuilder<SqlBool>, cap: number): Promise<number> {
  const row = await sql<{ count: number | string }>`select count(*) as count from (
    select 1 from orders where ${condition} limit ${cap + 1}) capped`.execute(executor);
  return Number(row.rows[0]?.count ?? 0);
}

/** How many orders each tab holds, each counted up to `cap` + 1 (more reads as "cap+"). */
export async function countTabs(executor: Executor, tabs: readonly OrderTab[], cap: number) {
  const counts = await Promise.all(
    tabs.map(async (tab) => {
      const branches = tabBranches(tab);
      const each = await Promise.all(
        (branches.length > 0 ? branches : [sql<SqlBool>`1 = 1`]).map((branch) => countCapped(executor, branch, cap)),
      );
      return [
        tab,
        Math.min(
          cap + 1,
          each.reduce((sum, count) => sum + count, 0),
        ),
      ] as const;
    }),
  );
  return Object.fromEntries(counts) as Record<OrderTab, number>;
}

/** Whether an order is in a tab now: the packing bench opens only the orders of its tabs. */
export async function orderIsInTabs(executor: Executor, orderId: number, tabs: readonly OrderTab[]): Promise<boolean> {
  const any = tabs.map((tab) => tabCondition(tab) ?? sql<SqlBool>`1 = 1`);
  const row = await executor
    .selectFrom("orders")
    .select("orders.id")
    .where("orders.id", "=", orderId)
    .where(sql<SqlBool>`(${sql.join(any, sql` or `)})`)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The export's rows: every line of the orders the index would list, newest order first, with the
 * line's tax row (the invoice's, by the line's position; none for orders placed before invoicing),
 * the offers' share of it and the parcel's courier and AWB. Read a page of `limit` orders after the
 * keyset's row, so an export of any size holds a page in memory.
 */
export async function findExportLines(
  executor: Executor,
  query: {
    tab: OrderTab;
    search: IndexSearch;
    filters: IndexFilters;
    after?: { createdAt: number; id: number } | undefined;
  },
  limit: number,
) {
  const conditions = allConditions(query.tab, query.search, query.filters);
  if (query.after) {
    conditions.push(
      sql<SqlBool>`(orders.created_at < ${query.after.createdAt} or (orders.created_at = ${query.after.createdAt} and orders.id < ${query.after.id}))`,
    );
  }
  const page = executor
    .selectFrom("orders")
    .select(["orders.id"])
    .where(whereAll(conditions))
    .orderBy(sql`orders.created_at desc, orders.id desc`)
    .limit(limit);
  return exportLinesOf(executor)
    .where("orders.id", "in", page)
    .orderBy(sql`orders.created_at desc, orders.id desc, order_lines.position asc`)
    .execute();
}

/** The export's lines with their tax row, offers' share and parcel: the columns of the orders file. */
function exportLinesOf(executor: Executor) {
  return executor
    .selectFrom("orders")
    .innerJoin("orderLines", "orderLines.orderId", "orders.id")
    .leftJoin("orderTaxLines", (join) =>
      join
        .onRef("orderTaxLines.orderId", "=", "orderLines.orderId")
        .onRef("orderTaxLines.position", "=", "orderLines.position")
        .on("orderTaxLines.kind", "=", "goods"),
    )
    .leftJoin("orderLineOffers", (join) =>
      join
        .onRef("orderLineOffers.orderId", "=", "orderLines.orderId")
        .onRef("orderLineOffers.position", "=", "orderLines.position"),
    )
    .leftJoin("shipments", (join) =>
      join.onRef("shipments.orderId", "=", "orders.id").on("shipments.status", "<>", "cancelled"),
    )
    .select([
      "orders.id",
      "orders.orderNumber",
      "orders.createdAt",
      "orders.name",
      "orders.email",
      "orders.phone",
      "orders.status",
      "orders.stateCode",
      "orders.pincode",
      "orders.paymentMethod",
      "orders.paymentStatus",
      "orders.total",
      "orders.courier",
      "orders.trackingNumber",
      "shipments.courierName as shipmentCourier",
      "shipments.awb",
      "shipments.status as shipmentStatus",
      "orderLines.position",
      "orderLines.title",
      "orderLines.size",
      "orderLines.quantity",
      "orderLines.unitPrice",
      "orderLines.hsn",
      "orderTaxLines.taxable",
      "orderTaxLines.cgst",
      "orderTaxLines.sgst",
      "orderTaxLines.igst",
      "orderTaxLines.discount as pointsDiscount",
      "orderLineOffers.discount as offerDiscount",
    ]);
}
