import { type Actor, noteAuthor } from "#core/actor.ts";
import { readIndianMobile } from "#core/phone.ts";
import { assertCan, can } from "../access.ts";
import { accountById } from "../accounts/staff-accounts.service.ts";
import { recordAudit } from "../audit/audit.service.ts";
import type { Db } from "../db/schema.ts";
import { containsLikePattern } from "../db/text-match.ts";
import { AppError } from "../errors.ts";
import { type Buyer, buyerOrderIds, buyerOrders, buyersPage, buyerTotals } from "../orders/buyers.service.ts";
import { orderRow } from "../orders/order-rows.service.ts";
import { returnTotalsOfOrders } from "../returns/returns-for-staff.ts";
import { parseInput } from "../validation/fields.ts";
import { customerRefOf, readCustomerRef } from "./customer-refs.ts";
import { findCustomerNotes, insertCustomerNote } from "./customers.repository.ts";
import { type CustomerProfile, type CustomerQuery, type CustomerRow, customerNoteSchema } from "./customers.schemas.ts";

/*
 * The customers (record 45): everyone who ordered, one a row by e-mail address, and a page per
 * customer that gathers an account's orders with the guest orders placed under its e-mail address
 * or mobile number (a guest likewise: the orders of their e-mail address or number), with what
 * they are worth to the shop net of refunds, how often they send pieces back or refuse a cash
 * parcel, their points and store credit, and the staff's notes.
 */

export const CUSTOMERS_PER_PAGE = 25;
const RECENT_ORDERS = 50;
/** The returns counted for the rates are those of a customer's latest orders, at most this many. */
const ORDERS_COUNTED = 5_000;

/** How the list's search is read: a mobile number whole, else words in the name or e-mail address. */
export function readCustomerSearch(q: string | undefined) {
  if (!q) return { patterns: [], phone: null };
  const mobile = readIndianMobile(q);
  if (mobile.ok) return { patterns: [], phone: mobile.number.slice(3) };
  return { patterns: q.toLowerCase().split(" ").map(containsLikePattern), phone: null };
}

export async function customerList(
  db: Db,
  actor: Actor,
  query: CustomerQuery,
): Promise<{ rows: CustomerRow[]; page: number; hasNext: boolean; mayExport: boolean }> {
  assertCan(actor, "customers.view");
  const rows = await buyersPage(
    db,
    readCustomerSearch(query.q),
    CUSTOMERS_PER_PAGE + 1,
    (query.page - 1) * CUSTOMERS_PER_PAGE,
  );
  return {
    rows: rows.slice(0, CUSTOMERS_PER_PAGE).map((row) => ({
      ref: customerRefOf({ id: Number(row.latestOrderId), userId: row.userId ?? null }),
      name: String(row.name ?? ""),
      email: String(row.email ?? ""),
      phone: String(row.phone ?? ""),
      hasAccount: row.userId !== null,
      orders: Number(row.orders),
      lastOrderAt: Number(row.lastAt),
    })),
    page: query.page,
    hasNext: rows.length > CUSTOMERS_PER_PAGE,
    mayExport: can(actor, "customers.export"),
  };
}

type Identity = Buyer & { ref: string; name: string; email: string; account: Awaited<ReturnType<typeof accountById>> };

/** Who an address names: an account, or a guest by one of their orders (an order placed under an account names the account). */
async function identityOf(db: Db, ref: string): Promise<Identity> {
  const read = readCustomerRef(ref);
  const missing = new AppError("not-found", "This customer could not be found.");
  if (!read) throw missing;
  if (read.kind === "account") {
    const account = await accountById(db, read.userId);
    if (account?.role !== "customer") throw missing;
    const mobile = account.mobile ? readIndianMobile(account.mobile) : null;
    return {
      ref,
      userId: account.id,
      emailKey: account.email.toLowerCase(),
      phone: mobile?.ok ? mobile.number.slice(3) : (account.phone ?? null),
      name: account.name,
      email: account.email,
      account,
    };
  }
  const order = await orderRow(db, { id: read.orderId });
  if (!order) throw missing;
  if (order.userId) return identityOf(db, customerRefOf(order));
  return {
    ref,
    userId: null,
    emailKey: order.email.toLowerCase(),
    phone: order.phone || null,
    name: order.name,
    email: order.email,
    account: undefined,
  };
}

export async function customerProfile(db: Db, actor: Actor, ref: string): Promise<CustomerProfile> {
  assertCan(actor, "customers.view");
  const who = await identityOf(db, ref);
  const buyer: Buyer = { userId: who.userId, emailKey: who.emailKey, phone: who.phone };
  const [totals, recent, ids, notes] = await Promise.all([
    buyerTotals(db, buyer),
    buyerOrders(db, buyer, RECENT_ORDERS),
    buyerOrderIds(db, buyer, ORDERS_COUNTED),
    findCustomerNotes(db, who.emailKey ?? ""),
  ]);
  const returned = await returnTotalsOfOrders(db, actor, ids);
  const lifetimeValue = Math.max(0, totals.spent - returned.refunded);
  return {
    ref: who.ref,
    name: recent[0]?.name ?? who.name,
    email: who.email,
    phone: who.phone,
    account: accountPart(who.account),
    lifetimeValue,
    averageOrder: totals.sold > 0 ? Math.round(lifetimeValue / totals.sold) : 0,
    orders: totals.orders,
    ordersSold: totals.sold,
    returnRate: totals.piecesDelivered > 0 ? Math.round((returned.pieces / totals.piecesDelivered) * 1000) / 10 : null,
    piecesReturned: returned.pieces,
    refusedCashParcels: totals.refusedCash,
    firstOrderAt: totals.firstAt,
    lastOrderAt: totals.lastAt,
    addresses: addressesOf(recent),
    recentOrders: recent.map(recentOrder),
    notes: notes.map((note) => ({
      id: note.id,
      author: note.author,
      body: note.body,
      createdAt: Number(note.createdAt),
    })),
  };
}

type RecentOrder = Awaited<ReturnType<typeof buyerOrders>>[number];

function accountPart(account: Identity["account"]): CustomerProfile["account"] {
  if (!account) return null;
  return {
    since: Number(account.createdAt),
    points: account.pointsBalance,
    storeCredit: Number(account.storeCreditBalance),
    disabled: account.disabled === 1,
  };
}

/** The addresses the customer's latest orders went to, each once, ten at most. */
function addressesOf(orders: readonly RecentOrder[]): CustomerProfile["addresses"] {
  const addresses = new Map<string, { address: string; city: string; pincode: string }>();
  for (const order of orders) {
    const key = `${order.address}|${order.pincode}`.toLowerCase();
    if (!addresses.has(key) && addresses.size < 10)
      addresses.set(key, { address: order.address, city: order.city, pincode: order.pincode });
  }
  return [...addresses.values()];
}

function recentOrder(order: RecentOrder): CustomerProfile["recentOrders"][number] {
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    status: order.status,
    paymentStatus: order.paymentStatus,
    payment: order.paymentMethod === "cod" ? "cash" : "prepaid",
    total: Number(order.total),
    itemCount: order.itemCount,
    createdAt: Number(order.createdAt),
  };
}

/** A note on the customer, kept with who wrote it (and shared by their account and guest orders of one address). */
export async function addCustomerNote(
  db: Db,
  actor: Actor,
  ref: string,
  input: { body: string },
  now: number = Date.now(),
): Promise<void> {
  assertCan(actor, "customers.view");
  const { body } = parseInput(customerNoteSchema, input);
  const who = await identityOf(db, ref);
  if (!who.emailKey) throw new AppError("not-found", "This customer could not be found.");
  const customerKey = who.emailKey;
  await db.transaction().execute(async (trx) => {
    await insertCustomerNote(trx, {
      customerKey,
      ...noteAuthor(actor),
      body,
      createdAt: now,
    });
    await recordAudit(
      trx,
      actor,
      { kind: "customer.note", subject: { type: "customer", id: who.ref, label: who.email }, after: { body } },
      now,
    );
  });
}
