import { createHash } from "node:crypto";
import type { Actor } from "#core/actor.ts";
import { stateByCode } from "#core/indian-states.ts";
import { pointsEarnedFor, pointsToPaise, redeemablePoints } from "#core/points.ts";
import { assertAdmin, assertSignedIn } from "../access.ts";
import { findUserById, updateUser } from "../accounts/accounts.repository.ts";
import { deleteCart, findSizeStock } from "../cart/cart.repository.ts";
import type { CartLine } from "../cart/cart.schemas.ts";
import { cartLines } from "../cart/cart.service.ts";
import { ownerOf } from "../cart/owner.ts";
import { priceLines } from "../cart/pricing.ts";
import { catalogVersion } from "../catalog/catalog-version.ts";
import type { Db, Executor, OrderStatus } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { randomId, randomToken } from "../ids.ts";
import { insertTaxLines } from "../invoices/invoices.repository.ts";
import { draftInvoice, issueCreditNote } from "../invoices/invoicing.ts";
import { queueMail } from "../mail/mail.service.ts";
import { checkoutRefusals, ordersPlaced } from "../observability/metrics.ts";
import { findPointsBalance } from "../rewards/rewards.repository.ts";
import { creditPoints, redeemPoints, reverseOrderPoints } from "../rewards/rewards.service.ts";
import type { SellerDetails } from "../tax/seller.ts";
import { DEMO_SELLER } from "../tax/seller.ts";
import { parseInput } from "../validation/fields.ts";
import { recordStatusChange } from "./order-events.repository.ts";
import { announceOrderEvent } from "./order-feed.ts";
import {
  addSoldCount,
  decrementStock,
  findOrder,
  findOrderByIdempotencyKey,
  findOrderLines,
  findOrdersWithFirstLine,
  findStatusHistory,
  incrementStock,
  insertOrder,
  insertOrderLines,
  nextOrderId,
  updateStatusIf,
} from "./orders.repository.ts";
import {
  type ChangeStatusInput,
  type CheckoutInput,
  canTransition,
  changeStatusSchema,
  checkoutSchema,
  type GuestCheckoutInput,
  guestCheckoutSchema,
  type LineSnapshot,
  type OrderDetail,
  type OrderSummary,
  orderLinkSchema,
  type PlacedOrder,
} from "./orders.schemas.ts";

export const ORDERS_PER_PAGE = 10;

/** The human order number: short, unique, and stable once given. */
export function orderNumberFor(id: number): string {
  return `KS-${100000 + id}`;
}

/** Stock rows are always taken in the same order, so two orders at once cannot deadlock each other. */
function inLockOrder<T extends { productId: number; size: string }>(lines: readonly T[]): T[] {
  return [...lines].sort((a, b) => a.productId - b.productId || a.size.localeCompare(b.size));
}

function actorLabel(actor: Actor): string {
  if (actor.kind === "user") return `${actor.role}:${actor.email}`;
  return actor.kind === "system" ? "system" : "guest";
}

/**
 * Places an order from the actor's cart in one transaction: prices and stock are read again, each
 * size's stock goes down (never below zero), the order and a snapshot of every line are written with
 * the address, points are redeemed and earned (registered customers only), and the cart is emptied.
 * If anything fails, nothing is written. The same idempotency key with the same details returns the
 * order it first made; with different details it is refused. Counted in the shop's metrics.
 */
export async function placeOrder(
  db: Db,
  actor: Actor,
  input: CheckoutInput | GuestCheckoutInput,
  now: number = Date.now(),
  seller: SellerDetails = DEMO_SELLER,
): Promise<PlacedOrder> {
  try {
    const placed = await placeOrderOnce(db, actor, input, now, seller);
    if (!placed.replayed) ordersPlaced.inc({ buyer: actor.kind === "user" ? "customer" : "guest" });
    return placed;
  } catch (error) {
    checkoutRefusals.inc({ reason: error instanceof AppError ? error.code : "unexpected" });
    throw error;
  }
}

async function placeOrderOnce(
  db: Db,
  actor: Actor,
  input: CheckoutInput | GuestCheckoutInput,
  now: number,
  seller: SellerDetails,
): Promise<PlacedOrder> {
  const owner = ownerOf(actor);
  if (!owner) throw new AppError("cart-empty", "Your cart is empty.");
  // Registered customers order under their account's e-mail; guests give one.
  const userId = actor.kind === "user" ? actor.userId : null;
  let details: ReturnType<typeof checkoutSchema.parse>;
  let email: string;
  if (actor.kind === "user") {
    details = parseInput(checkoutSchema, input);
    email = (await findUserById(db, actor.userId))?.email ?? actor.email;
  } else {
    const guest = parseInput(guestCheckoutSchema, input);
    details = guest;
    email = guest.email;
  }
  const key = `${owner}:${details.idempotencyKey}`;
  const fingerprint = createHash("sha256")
    .update(
      JSON.stringify([
        details.name,
        details.address,
        details.city,
        details.stateCode,
        details.pincode,
        details.phone,
        email,
        details.redeemPoints,
      ]),
    )
    .digest("hex");

  const earlier = await replay(db, key, fingerprint);
  if (earlier) return earlier;
  try {
    const placed = await db.transaction().execute(async (trx) => {
      const lines = await cartLines(trx, owner);
      if (lines.length === 0) throw new AppError("cart-empty", "Your cart is empty.");
      // Taking the lines out first makes the cart this checkout's alone: a second checkout of the
      // same cart at the same moment (another tab) waits, then finds it empty.
      if ((await deleteCart(trx, owner)) !== lines.length) {
        throw new AppError("cart-empty", "Your cart changed while you were checking out. Please review it.");
      }
      refuseUnavailableLines(lines);
      const ordered = inLockOrder(lines);
      for (const line of ordered) {
        // The stock was read above; another order may have taken it since, which the update sees.
        if (!(await decrementStock(trx, line.productId, line.size, line.quantity))) {
          const left = (await findSizeStock(trx, line.productId, line.size))?.stock ?? 0;
          throw new AppError("out-of-stock", shortageMessage(line, left));
        }
      }
      const subtotal = priceLines(lines).subtotal;
      const redeem =
        userId && details.redeemPoints ? redeemablePoints(subtotal, await findPointsBalance(trx, userId)) : 0;
      const totals = priceLines(lines, redeem);
      const pointsEarned = userId ? pointsEarnedFor(totals.subtotal) : 0;
      const accessToken = randomToken();
      const orderId = await nextOrderId(trx);
      const orderNumber = orderNumberFor(orderId);
      const invoice = await draftInvoice(
        trx,
        {
          lines,
          discount: pointsToPaise(totals.pointsRedeemed),
          shipping: totals.shipping,
          stateCode: details.stateCode,
        },
        seller,
        now,
      );
      await insertOrder(trx, {
        id: orderId,
        orderNumber,
        paymentRef: `pay_${randomId(14)}`,
        userId,
        accessToken,
        idempotencyKey: key,
        requestFingerprint: fingerprint,
        email,
        name: details.name,
        address: details.address,
        city: details.city,
        stateCode: details.stateCode,
        pincode: details.pincode,
        phone: details.phone,
        status: "placed",
        subtotal: totals.subtotal,
        shipping: totals.shipping,
        pointsRedeemed: totals.pointsRedeemed,
        pointsEarned,
        total: totals.grandTotal,
        itemCount: totals.itemCount,
        createdAt: now,
        updatedAt: now,
        invoiceNumber: invoice.invoiceNumber,
        invoiceDate: now,
        supplyType: invoice.supplyType,
        seller: invoice.seller,
      });
      await insertTaxLines(
        trx,
        invoice.rows.map((row) => ({ ...row, orderId })),
      );
      await insertOrderLines(
        trx,
        lines.map((line, position) => ({ orderId, position, ...lineSnapshot(line) })),
      );
      for (const line of ordered) await addSoldCount(trx, line.productId, line.quantity);
      if (userId) {
        await redeemPoints(trx, userId, orderId, totals.pointsRedeemed, now);
        await creditPoints(trx, userId, orderId, pointsEarned, now);
        // The address this order went to is the one the next checkout starts from.
        const { address, city, stateCode, pincode, phone } = details;
        await updateUser(trx, userId, { address, city, stateCode, pincode, phone });
      }
      // The confirmation is written with the order: it goes if, and only if, the order stands.
      await queueMail(
        trx,
        {
          kind: "order-placed",
          to: email,
          payload: {
            orderNumber,
            name: details.name,
            lines: lines.map((line) => ({
              title: line.title,
              size: line.size,
              quantity: line.quantity,
              lineTotal: line.lineTotal,
            })),
            subtotal: totals.subtotal,
            shipping: totals.shipping,
            pointsRedeemed: totals.pointsRedeemed,
            pointsEarned,
            total: totals.grandTotal,
            address: `${details.address}, ${details.city}, ${stateByCode(details.stateCode)?.name ?? ""}`,
            pincode: details.pincode,
            phone: details.phone,
            orderPath: orderPathFor({ userId, orderNumber, accessToken }),
            invoicePath: `${orderPathFor({ userId, orderNumber, accessToken })}/invoice`,
            isGuest: userId === null,
          },
        },
        now,
      );
      // Last, as it holds the other writers of order events until this commits.
      await recordStatusChange(trx, {
        orderId,
        fromStatus: null,
        toStatus: "placed",
        actor: actorLabel(actor),
        at: now,
      });
      return { id: orderId, orderNumber, accessToken, replayed: false };
    });
    announceOrderEvent();
    // Stock went down: pages that show it are out of date.
    await catalogVersion(db).changed();
    return placed;
  } catch (error) {
    // Several submits of one form at the same moment: the first places the order; the others wait
    // for its transaction, then find the cart gone (or collide on the key). Each of them answers
    // with the first one's order, as a replay would.
    const winner = await replay(db, key, fingerprint);
    if (winner) return winner;
    throw error;
  }
}

/** Where the order's owner sees it: a customer's My Orders page, or a guest's secret link. */
export function orderPathFor(order: { userId: string | null; orderNumber: string; accessToken: string }): string {
  return order.userId ? `/order/${order.orderNumber}` : `/orders/${order.accessToken}`;
}

/** A line of an archived product, or more than is in stock, cannot be ordered: nothing is written. */
function refuseUnavailableLines(lines: readonly CartLine[]): void {
  for (const line of lines) {
    const { availability } = line;
    if (availability.kind === "archived") {
      throw new AppError("out-of-stock", `${line.title} is no longer available. Please remove it from your cart.`);
    }
    if (availability.kind === "short")
      throw new AppError("out-of-stock", shortageMessage(line, availability.available));
  }
}

function shortageMessage(line: { title: string; size: string }, left: number): string {
  return left > 0
    ? `Sorry, only ${left} of ${line.title} in size ${line.size} ${left === 1 ? "is" : "are"} left.`
    : `Sorry, ${line.title} in size ${line.size} is out of stock.`;
}

async function replay(db: Db, key: string, fingerprint: string): Promise<PlacedOrder | null> {
  const earlier = await findOrderByIdempotencyKey(db, key);
  if (!earlier) return null;
  if (earlier.requestFingerprint !== fingerprint) {
    throw new AppError(
      "idempotency-conflict",
      "This checkout was already used for another order. Please reload the cart.",
    );
  }
  return {
    id: earlier.id,
    orderNumber: earlier.orderNumber,
    accessToken: earlier.accessToken,
    replayed: true,
  };
}

/** The signed-in customer's own orders, newest first. */
export async function listForCustomer(
  db: Db,
  actor: Actor,
  page = 1,
): Promise<{ orders: OrderSummary[]; hasNext: boolean }> {
  assertSignedIn(actor);
  const rows = await findOrdersWithFirstLine(
    db,
    { userId: actor.userId },
    ORDERS_PER_PAGE + 1,
    (page - 1) * ORDERS_PER_PAGE,
  );
  return {
    orders: rows.slice(0, ORDERS_PER_PAGE).map((row) => orderSummary(row, firstItemOf(row))),
    hasNext: rows.length > ORDERS_PER_PAGE,
  };
}

/** One of the customer's own orders; anyone else's is "not found", never "forbidden". */
export async function customerOrder(db: Db, actor: Actor, orderNumber: string): Promise<OrderDetail> {
  assertSignedIn(actor);
  const order = await findOrder(db, { orderNumber });
  if (!order || order.userId !== actor.userId) throw new AppError("not-found", "This order could not be found.");
  return orderDetail(db, order);
}

/** A guest's order, opened by the secret of its confirmation link and nothing else. */
export async function orderByAccessToken(db: Db, token: string): Promise<OrderDetail> {
  const order = token.length >= 32 ? await findOrder(db, { accessToken: token }) : undefined;
  if (!order) throw new AppError("not-found", "This order could not be found.");
  return orderDetail(db, order);
}

/** Any order, for the administrator. */
export async function orderForAdmin(db: Db, actor: Actor, orderId: number): Promise<OrderDetail> {
  assertAdmin(actor);
  const order = await findOrder(db, { id: orderId });
  if (!order) throw new AppError("not-found", "This order could not be found.");
  return orderDetail(db, order);
}

type OrderRow = NonNullable<Awaited<ReturnType<typeof findOrder>>>;

/** What an order line keeps of the product as it was bought; a later edit never changes it. */
function lineSnapshot(line: LineSnapshot): LineSnapshot {
  const { productId, title, description, category, image, size, unitPrice, quantity, hsn } = line;
  return { productId, title, description, category, image, size, unitPrice, quantity, hsn };
}

function documentRef(number: string | null, date: number | null) {
  return number && date !== null ? { number, date: Number(date) } : null;
}

/** The first line of a listed order, if the order has lines (the join may find none). */
function firstItemOf(row: { title: string | null; description: string | null; image: string | null }) {
  return row.title === null ? null : { title: row.title, description: row.description ?? "", image: row.image ?? "" };
}

function orderSummary(
  order: Pick<OrderRow, "id" | "orderNumber" | "status" | "total" | "itemCount" | "createdAt">,
  first: { title: string; description: string; image: string } | null,
): OrderSummary {
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    status: order.status,
    total: order.total,
    itemCount: order.itemCount,
    createdAt: order.createdAt,
    firstItem: first ? { title: first.title, description: first.description, image: first.image } : null,
  };
}

async function orderDetail(executor: Executor, order: OrderRow): Promise<OrderDetail> {
  const [lines, history] = await Promise.all([
    findOrderLines(executor, order.id),
    findStatusHistory(executor, order.id),
  ]);
  return {
    ...orderSummary(order, lines[0] ?? null),
    paymentRef: order.paymentRef,
    email: order.email,
    name: order.name,
    address: order.address,
    city: order.city,
    stateCode: order.stateCode,
    pincode: order.pincode,
    phone: order.phone,
    invoice: documentRef(order.invoiceNumber, order.invoiceDate),
    creditNote: documentRef(order.creditNoteNumber, order.creditNoteDate),
    subtotal: order.subtotal,
    shipping: order.shipping,
    pointsRedeemed: order.pointsRedeemed,
    pointsEarned: order.pointsEarned,
    isGuest: order.userId === null,
    lines: lines.map(lineSnapshot),
    history: history.map((entry) => ({ from: entry.fromStatus, to: entry.toStatus, actor: entry.actor, at: entry.at })),
  };
}

/**
 * Moves an order through the transition table. The change is made only if the order still has the
 * status it was decided from, so of two administrators acting at once, one wins and the other is
 * told. Cancelling puts the stock back and reverses the points.
 */
export async function changeStatus(
  db: Db,
  actor: Actor,
  input: ChangeStatusInput,
  now: number = Date.now(),
): Promise<OrderStatus> {
  assertAdmin(actor);
  const { orderId, from, to } = parseInput(changeStatusSchema, input);
  if (!canTransition(from, to)) {
    throw new AppError("invalid-transition", `An order cannot go from ${from} to ${to}.`);
  }
  await db.transaction().execute(async (trx) => {
    const order = await findOrder(trx, { id: orderId });
    if (!order) throw new AppError("not-found", "This order could not be found.");
    if (!(await updateStatusIf(trx, orderId, from, to, now))) {
      throw new AppError("stale-update", "This order was changed meanwhile. Please reload it.");
    }
    if (to === "cancelled") {
      const lines = await findOrderLines(trx, orderId);
      const ordered = inLockOrder(lines);
      for (const line of ordered) {
        await incrementStock(trx, line.productId, line.size, line.quantity);
        await addSoldCount(trx, line.productId, -line.quantity);
      }
      await reverseOrderPoints(trx, order, now);
      await issueCreditNote(trx, order, now);
    }
    if (to !== "placed") {
      await queueMail(
        trx,
        {
          kind: "order-status",
          to: order.email,
          payload: { orderNumber: order.orderNumber, name: order.name, status: to, orderPath: orderPathFor(order) },
        },
        now,
      );
    }
    // Last, as it holds the other writers of order events until this commits.
    await recordStatusChange(trx, { orderId, fromStatus: from, toStatus: to, actor: actorLabel(actor), at: now });
  });
  announceOrderEvent();
  // Cancelling put stock back.
  if (to === "cancelled") await catalogVersion(db).changed();
  return to;
}

/**
 * "Find my order": mails the order's link to the address on the order. The answer is the same
 * whether or not the number and address belong together, so nobody learns about another's order.
 */
export async function sendOrderLink(
  db: Db,
  input: { orderNumber: string; email: string },
  now: number = Date.now(),
): Promise<void> {
  const { orderNumber, email } = parseInput(orderLinkSchema, input);
  const order = await findOrder(db, { orderNumber: orderNumber.toUpperCase() });
  if (!order || order.email.toLowerCase() !== email.toLowerCase()) return;
  await queueMail(
    db,
    {
      kind: "order-link",
      to: order.email,
      payload: { orderNumber: order.orderNumber, orderPath: orderPathFor(order) },
    },
    now,
  );
}
