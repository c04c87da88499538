import type { Actor } from "#core/actor.ts";
import { cancelReasonLabel } from "#core/cancel-reasons.ts";
import { DEFAULT_LOCALE, type Locale, localizedPath } from "#core/locales.ts";
import { orderPathFor } from "#core/order-paths.ts";
import { ORDER_TRANSITIONS } from "#core/order-status.ts";
import { PAYMENT_STATUS_LABELS, REFUND_NOTE } from "#core/payment-status.ts";
import { visibleEmail } from "#core/phone.ts";
import { amountToPay } from "#core/store-credit.ts";
import { assertCan, assertSignedIn } from "../access.ts";
import { catalogVersion } from "../catalog/catalog-version.ts";
import type { Db, Executor, OrderStatus } from "../db/schema.ts";
import { orderPromise } from "../delivery/delivery.service.ts";
import { AppError } from "../errors.ts";
import { ewayBillStatusOf } from "../invoices/eway-bills.ts";
import { countUse, guardFlood } from "../limits/limits.service.ts";
import { mailsTo, queueMail } from "../mail/mail.service.ts";
import { languageField } from "../mail/mail-language.ts";
import { orderOffers } from "../offers/offer-redemption.ts";
import { readPage } from "../paging.ts";
import { pointsTakenBack } from "../rewards/rewards.service.ts";
import { parseInput } from "../validation/fields.ts";
import { screenAsking } from "../validation/screen-rules.ts";
import { announceOrderEvent } from "./order-feed.ts";
import { assertMayOpenOrder } from "./order-index.service.ts";
import { type MoveDetails, moveOrder, type OrderRow } from "./order-machine.ts";
import {
  findOrder,
  findOrderForUpdate,
  findOrderLines,
  findOrdersWithFirstLine,
  findStatusHistory,
} from "./orders.repository.ts";
import {
  type AdminOrderDetail,
  type ChangeStatusInput,
  type CustomerCancelInput,
  changeStatusSchema,
  customerCancelSchema,
  type OrderDetail,
  type OrderSummary,
  orderLinkSchema,
  statusFormSchema,
} from "./orders.schemas.ts";
import { lineSnapshot } from "./placement-writes.ts";

export const ORDERS_PER_PAGE = 10;

/** The signed-in customer's own orders, newest first. */
export async function listForCustomer(
  db: Db,
  actor: Actor,
  page = 1,
): Promise<{ orders: OrderSummary[]; hasNext: boolean }> {
  assertSignedIn(actor);
  const read = (limit: number, offset: number) => findOrdersWithFirstLine(db, { userId: actor.userId }, limit, offset);
  const { rows, hasNext } = await readPage(read, page, ORDERS_PER_PAGE);
  return { orders: rows.map((row) => orderSummary(row, firstItemOf(row))), hasNext };
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

/** Any order, for the administrator, with its e-way bill. */
export async function orderForAdmin(db: Db, actor: Actor, orderId: number): Promise<AdminOrderDetail> {
  await assertMayOpenOrder(db, actor, orderId);
  const order = await findOrder(db, { id: orderId });
  if (!order) throw new AppError("not-found", "This order could not be found.");
  return { ...(await orderDetail(db, order)), ewayBill: ewayBillStatusOf(order) };
}

/** Cash the buyer paid at the door: with the courier, or remitted to the shop. */
const CASH_IN_HAND: readonly string[] = ["cod-collected", "cod-remitted"];

/** Where the order's money stands, in the buyer's words. */
function buyerPaymentLabel(order: OrderRow): string {
  // An order cancelled before it was paid owes nothing: "Not paid", whatever it was waiting for;
  // nor does a parcel refused at the door.
  if (order.status === "cancelled" && ["awaiting", "failed"].includes(order.paymentStatus)) return "Not paid";
  if (order.status === "returned-to-origin") return "Not paid: the parcel was refused";
  if (order.storeCreditUsed > 0 && amountToPay(order) === 0) return "Paid by store credit";
  // The buyer paid the courier at the door; whether the courier has paid the shop is the shop's affair.
  if (CASH_IN_HAND.includes(order.paymentStatus)) return "Paid in cash on delivery";
  return PAYMENT_STATUS_LABELS[order.paymentStatus];
}

/** How the order is paid and where its money stands, as its pages show it. */
function paymentOf(order: OrderRow): OrderDetail["payment"] {
  const method = order.paymentMethod === "online" ? "online" : "cod";
  const payable =
    method === "online" && order.status === "placed" && ["awaiting", "failed"].includes(order.paymentStatus);
  return {
    method,
    status: order.paymentStatus,
    label: buyerPaymentLabel(order),
    codFee: Number(order.codFee),
    expiresAt: order.paymentExpiresAt === null ? null : Number(order.paymentExpiresAt),
    payPath: payable ? `${orderPathFor(order)}/pay` : null,
    refundNote: ["refunding", "refunded"].includes(order.paymentStatus) ? REFUND_NOTE : null,
  };
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
  const [lines, history, promise, offers, takenBack] = await Promise.all([
    findOrderLines(executor, order.id),
    findStatusHistory(executor, order.id),
    orderPromise(executor, order.id),
    orderOffers(executor, order.id),
    order.userId && order.status === "delivered" ? pointsTakenBack(executor, order.id) : 0,
  ]);
  return {
    ...orderSummary(order, lines[0] ?? null),
    paymentRef: order.paymentRef,
    // An account made by phone has no e-mail: its placeholder is never shown.
    email: visibleEmail(order.email) ?? "",
    name: order.name,
    address: order.address,
    city: order.city,
    stateCode: order.stateCode,
    pincode: order.pincode,
    phone: order.phone,
    buyerGstin: order.buyerGstin,
    buyerLegalName: order.buyerLegalName,
    invoice: documentRef(order.invoiceNumber, order.invoiceDate),
    creditNote: documentRef(order.creditNoteNumber, order.creditNoteDate),
    subtotal: order.subtotal,
    shipping: order.shipping,
    offers,
    pointsRedeemed: order.pointsRedeemed,
    pointsEarned: order.pointsEarned,
    pointsTakenBack: takenBack,
    storeCreditUsed: Number(order.storeCreditUsed),
    roundOff: Number(order.roundOff),
    isGuest: order.userId === null,
    shipment: order.courier
      ? {
          courier: order.courier,
          trackingNumber: order.trackingNumber ?? "",
          expectedDeliveryAt: order.expectedDeliveryAt === null ? null : Number(order.expectedDeliveryAt),
        }
      : null,
    promisedDelivery: promise ? { from: promise.promisedFrom, until: promise.promisedUntil } : null,
    cancelReason: cancelReasonLabel(order.cancelReason),
    cancellable: order.status === "placed",
    payment: paymentOf(order),
    lines: lines.map(lineSnapshot),
    history: history.map((entry) => ({ from: entry.fromStatus, to: entry.toStatus, actor: entry.actor, at: entry.at })),
  };
}

/**
 * Moves an order through the transition table, with the move's effects (see order-machine.ts). The
 * change is made only if the order still has the status it was decided from, so of two
 * administrators acting at once, one wins and the other is told.
 */
export async function changeStatus(
  db: Db,
  actor: Actor,
  input: ChangeStatusInput,
  now: number = Date.now(),
): Promise<OrderStatus> {
  assertCan(actor, "orders.manage");
  const { orderId, from, to, ...details } = parseInput(changeStatusSchema, input);
  await runMove(db, { orderId, from, to, actor, now, details: moveDetails(to, details) });
  return to;
}

/**
 * The admin's order screen: as changeStatus, but shipping must say who carries the parcel, its
 * tracking number and the day expected, and cancelling must give a reason, which the buyer's mail
 * passes on.
 */
export const changeStatusWithDetails = screenAsking("orders.manage", statusFormSchema, changeStatus);

/** What a move to this status records: the shipment when it ships, the reason when it is cancelled. */
function moveDetails(
  to: OrderStatus,
  input: { courier: string; trackingNumber: string; expectedDelivery: number | null; reason: string },
): MoveDetails {
  if (to === "shipped" && (input.courier || input.trackingNumber)) {
    return { courier: input.courier, trackingNumber: input.trackingNumber, expectedDeliveryAt: input.expectedDelivery };
  }
  if (to === "cancelled" && input.reason) return { cancelReason: input.reason };
  return {};
}

/**
 * The packing bench's "Mark as shipped": a packed order leaves with the courier, through the order
 * machine (its guards: paid, its e-way bill entered), in one transaction.
 */
export async function shipPackedOrder(db: Db, actor: Actor, orderId: number, now: number = Date.now()): Promise<void> {
  assertCan(actor, "orders.pack");
  await db.transaction().execute(async (trx) => {
    const order = await findOrderForUpdate(trx, orderId);
    if (!order) throw new AppError("not-found", "This order could not be found.");
    if (order.status !== "placed")
      throw new AppError("invalid-transition", `This order is ${order.status.replace(/-/g, " ")} already.`);
    if (order.packedAt === null)
      throw new AppError("invalid-transition", "This order is not packed yet: mark it packed first.");
    await moveOrder(trx, { orderId, from: "placed", to: "shipped", actor, now });
  });
  announceOrderEvent();
}

/** The shop cancels an order from wherever it stands (placed or shipped), with the reason the buyer's mail gives. */
export async function cancelOrderByShop(
  db: Db,
  actor: Actor,
  orderId: number,
  reason: string,
  now: number = Date.now(),
): Promise<void> {
  assertCan(actor, "orders.manage");
  const order = await findOrder(db, { id: orderId });
  if (!order) throw new AppError("not-found", "This order could not be found.");
  if (!ORDER_TRANSITIONS[order.status].includes("cancelled"))
    throw new AppError(
      "invalid-transition",
      `This order is ${order.status.replace(/-/g, " ")}: it can no longer be cancelled.`,
    );
  await changeStatus(db, actor, { orderId, from: order.status, to: "cancelled", reason }, now);
}

async function runMove(db: Db, move: Parameters<typeof moveOrder>[1]): Promise<void> {
  const moved = await db.transaction().execute((trx) => moveOrder(trx, move));
  announceOrderEvent();
  // Cancelling put stock back, which pages show when the shelf was nearly empty.
  if (moved.catalogueChanged) await catalogVersion(db).changed();
}

const SHIPPED_ALREADY = "This order has left our warehouse and can no longer be cancelled.";

/**
 * The buyer cancels an order that has not shipped: the same move as the shop's cancellation (stock
 * back, points settled, a credit note, the cancelled mail), with the buyer's reason. Only the owner
 * may: a signed-in customer their own order, anyone else only through the order's secret link.
 */
export async function cancelOrderAsBuyer(
  db: Db,
  actor: Actor,
  which: { orderNumber: string } | { accessToken: string },
  input: CustomerCancelInput,
  now: number = Date.now(),
): Promise<void> {
  const { reason } = parseInput(customerCancelSchema, input);
  const order = await ownedOrder(db, actor, which);
  if (order.status !== "placed") throw new AppError("invalid-transition", SHIPPED_ALREADY);
  const details = { cancelReason: reason };
  await runMove(db, { orderId: order.id, from: "placed", to: "cancelled", actor, now, details });
}

async function ownedOrder(db: Db, actor: Actor, which: { orderNumber: string } | { accessToken: string }) {
  if ("accessToken" in which) {
    const order = which.accessToken.length >= 32 ? await findOrder(db, which) : undefined;
    if (order) return order;
  } else {
    assertSignedIn(actor);
    const order = await findOrder(db, which);
    if (order && order.userId === actor.userId) return order;
  }
  throw new AppError("not-found", "This order could not be found.");
}

/**
 * "Find my order": mails the order's link to the address on the order. The answer is the same
 * whether or not the number and address belong together, so nobody learns about another's order;
 * and it is the same when the address has had its share of mails this hour (`mailsTo`), so the
 * form cannot be used to flood a guest's mailbox. The flood guard counts the posts per network.
 * The mail speaks the language of the page it was asked on, and links to the order in it.
 */
export async function sendOrderLink(
  db: Db,
  input: { orderNumber: string; email: string },
  client: { ip: string; locale?: Locale },
  now: number = Date.now(),
): Promise<void> {
  await guardFlood(db, "find-order", client.ip, now);
  const { orderNumber, email } = parseInput(orderLinkSchema, input);
  const order = await findOrder(db, { orderNumber: orderNumber.toUpperCase() });
  if (!order || order.email.toLowerCase() !== email.toLowerCase()) return;
  const locale = client.locale ?? DEFAULT_LOCALE;
  await db.transaction().execute(async (trx) => {
    if (!(await countUse(trx, [mailsTo(order.email)], now)).admitted) return;
    await queueMail(
      trx,
      {
        kind: "order-link",
        to: order.email,
        payload: {
          orderNumber: order.orderNumber,
          orderPath: localizedPath(orderPathFor(order), locale),
          ...languageField(locale),
        },
      },
      now,
    );
  });
}
