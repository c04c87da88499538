import type { Actor } from "#core/actor.ts";
import { INDIA_OFFSET_MS } from "#core/dates.ts";
import { STATUS_LABELS } from "#core/order-status.ts";
import { ORDER_TABS, type OrderTab, PACKING_TABS, TAB_COUNT_CAP } from "#core/order-tabs.ts";
import { maskedPhone, seesPhones } from "#core/permissions.ts";
import { readIndianMobile } from "#core/phone.ts";
import { assertCanAny, can } from "../access.ts";
import type { Db, Executor } from "../db/schema.ts";
import { containsLikePattern } from "../db/text-match.ts";
import { AppError } from "../errors.ts";
import { ewayBillStatusOf } from "../invoices/eway-bills.ts";
import {
  countTabs,
  findIndexPage,
  type IndexFilters,
  type IndexSearch,
  type Keyset,
  orderIsInTabs,
} from "./order-index.repository.ts";
import type { OrderIndexPage, OrderIndexQuery, OrderIndexRow } from "./order-index.schemas.ts";
import { orderRow } from "./order-rows.service.ts";

/*
 * The order index (record 45): tabs that are saved filters, a search by order number, buyer's
 * name, e-mail, mobile number or AWB, filters, and pages by keyset. Staff who may see every order
 * (orders.view) have every tab; the packing bench (orders.pack alone) has To pack and To ship, sees
 * the orders of those tabs only, and mobile numbers masked.
 */

export const INDEX_PAGE_SIZE = 50;

/** The tabs a member of staff may open. */
export function tabsFor(actor: Actor): readonly OrderTab[] {
  return can(actor, "orders.view") ? ORDER_TABS : PACKING_TABS;
}

/**
 * How a search is read. An order number typed ("ks 100042", "KS-1000") is looked up by how it
 * starts; a whole e-mail address, mobile number or AWB by its own index; anything else as words
 * found anywhere in the number, name, e-mail, phone, payment reference, city or pincode.
 */
export function readOrderSearch(q: string | undefined): IndexSearch {
  const text = (q ?? "").trim().replace(/\s+/g, " ");
  if (!text) return { kind: "none" };
  const number = /^ks[\s-]*(\d{3,12})$/i.exec(text);
  if (number) return { kind: "number", start: `KS-${number[1]}` };
  if (/^[^\s@]+@[^\s@]+$/.test(text)) return { kind: "keys", phone: null, email: text.toLowerCase(), awb: null };
  const mobile = readIndianMobile(text);
  const compact = text.replace(/[\s-]/g, "");
  const awb = /^[A-Za-z0-9]{8,30}$/.test(compact) && /\d/.test(compact) ? compact.toUpperCase() : null;
  if (mobile.ok || awb) {
    return { kind: "keys", phone: mobile.ok ? mobile.number.slice(3) : null, email: null, awb };
  }
  return { kind: "words", patterns: text.split(" ").map(containsLikePattern) };
}

/** The first moment of an India day, and of the day after another. */
function dayStart(day: string | undefined, plusDays = 0): number | undefined {
  if (!day) return undefined;
  const utc = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(utc) ? undefined : utc - INDIA_OFFSET_MS + plusDays * 86_400_000;
}

/** The filters of the index's address. */
export function indexFilters(query: OrderIndexQuery): IndexFilters {
  return {
    payment: query.payment,
    from: dayStart(query.from),
    until: dayStart(query.to, 1),
    stateCode: query.state,
    pincode: query.pincode,
    courier: query.courier,
  };
}

function cursorOf(row: { createdAt: number | string; id: number }): string {
  return `${Number(row.createdAt)}.${row.id}`;
}

type IndexRead = {
  tab: OrderTab;
  search: IndexSearch;
  filters: IndexFilters;
  keyset: Keyset | undefined;
};

/** The tab this member asked for, or the first one they may open. */
export function allowedTab(actor: Actor, asked: OrderTab | undefined): OrderTab {
  const tabs = tabsFor(actor);
  if (asked && tabs.includes(asked)) return asked;
  return tabs.includes("all") ? "all" : (tabs[0] ?? "to-pack");
}

function keysetOf(query: OrderIndexQuery): Keyset | undefined {
  if (query.before) return { direction: "before", ...query.before };
  return query.after ? { direction: "after", ...query.after } : undefined;
}

/** Reads a page (one more row than shown, to know of another); a key that finds nothing is searched as words. */
async function readPage(db: Db, read: IndexRead, q: string | undefined, size: number) {
  const fetched = await findIndexPage(db, read, size + 1);
  // A number that is neither a known phone nor an AWB may still be a payment id or part of a name.
  if (fetched.length > 0 || read.search.kind !== "keys" || read.keyset || !q) return { read, fetched };
  const words: IndexRead = { ...read, search: { kind: "words", patterns: q.split(" ").map(containsLikePattern) } };
  return { read: words, fetched: await findIndexPage(db, words, size + 1) };
}

/** The page's rows, and where the pages before and after it start. */
function paged(fetched: FetchedRow[], keyset: Keyset | undefined, size: number) {
  const more = fetched.length > size;
  const backwards = keyset?.direction === "before";
  const rows = backwards ? fetched.slice(more ? 1 : 0) : fetched.slice(0, size);
  const first = rows[0];
  const last = rows.at(-1);
  const hasNext = backwards || more;
  const hasPrevious = backwards ? more : keyset !== undefined;
  return {
    rows,
    next: last && hasNext ? cursorOf(last) : null,
    previous: first && hasPrevious ? cursorOf(first) : null,
  };
}

/** A page of the order index, with each tab's count. */
export async function orderIndex(
  db: Db,
  actor: Actor,
  query: OrderIndexQuery,
  { pageSize = INDEX_PAGE_SIZE }: { pageSize?: number } = {},
): Promise<OrderIndexPage> {
  assertCanAny(actor, ["orders.view", "orders.pack"]);
  const tab = allowedTab(actor, query.tab);
  const keyset = keysetOf(query);
  const asked: IndexRead = { tab, search: readOrderSearch(query.q), filters: indexFilters(query), keyset };
  const { read, fetched } = await readPage(db, asked, query.q, pageSize);
  const { rows, next, previous } = paged(fetched, keyset, pageSize);
  const tabs = tabsFor(actor);
  const counts = await countTabs(db, tabs, TAB_COUNT_CAP);
  const phones = actor.kind === "system" || (actor.kind === "user" && seesPhones(actor.role));
  return {
    tab,
    tabs: tabs.map((entry) => ({ tab: entry, count: counts[entry] })),
    rows: rows.map((row) => indexRow(row, phones)),
    next,
    previous,
    searchedBy: read.search.kind === "none" ? null : read.search.kind,
  };
}

type FetchedRow = Awaited<ReturnType<typeof findIndexPage>>[number];

function indexRow(row: FetchedRow, phones: boolean): OrderIndexRow {
  return {
    id: row.id,
    orderNumber: row.orderNumber,
    status: row.status,
    payment: row.paymentMethod === "cod" ? "cash" : "prepaid",
    paymentStatus: row.paymentStatus,
    total: Number(row.total),
    itemCount: row.itemCount,
    name: row.name,
    phone: phones ? row.phone : maskedPhone(row.phone),
    email: phones ? row.email : null,
    city: row.city,
    pincode: row.pincode,
    createdAt: Number(row.createdAt),
    confirmed: row.confirmedAt !== null,
    packed: row.packedAt !== null,
    courier: row.shipmentCourier ?? row.courier,
    awb: row.awb ?? row.trackingNumber,
    shipmentStatus: row.shipmentStatus ?? null,
    openReturn: Number(row.openReturn) === 1,
    paymentId: row.paymentMethod === "online" ? row.paymentId : null,
    ewayBill: ewayBillStatusOf(row),
  };
}

/** Whether the actor may open the order: any, for whoever sees every order; the packing bench, those of its tabs. */
export async function mayOpenOrder(executor: Executor, actor: Actor, orderId: number): Promise<boolean> {
  if (can(actor, "orders.view")) return true;
  return can(actor, "orders.pack") && orderIsInTabs(executor, orderId, PACKING_TABS);
}

/** Why the packing bench may not open an order: where the order stands, and what the bench opens. */
export async function packingBenchRefusal(executor: Executor, orderId: number): Promise<string> {
  const order = await orderRow(executor, { id: orderId });
  const where = !order
    ? "could not be found"
    : order.status === "placed"
      ? "is not ready to pack yet (its cash is not confirmed with the buyer, or its payment has not arrived)"
      : `is ${STATUS_LABELS[order.status].toLowerCase()}`;
  return `This order ${where}: the packing bench opens only orders waiting to be packed or shipped.`;
}

/**
 * The packing bench opens an order only while it waits in one of its tabs (To pack, To ship);
 * whoever may see every order opens any. Refuses with the role's words otherwise.
 */
export async function assertMayOpenOrder(executor: Executor, actor: Actor, orderId: number): Promise<void> {
  assertCanAny(actor, ["orders.view", "orders.pack"]);
  if (!(await mayOpenOrder(executor, actor, orderId))) {
    throw new AppError("forbidden", await packingBenchRefusal(executor, orderId));
  }
}
