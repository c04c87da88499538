import type { Actor } from "#core/actor.ts";
import { ORDER_TRANSITIONS, type OrderStatus, UNSOLD_STATUSES } from "#core/order-status.ts";
import { stockChangeShows } from "#core/stock.ts";
import { amountToPay } from "#core/store-credit.ts";
import type { Executor } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { needsEwayBill } from "../invoices/eway-bills.ts";
import { issueCreditNote } from "../invoices/invoicing.ts";
import { queueMail } from "../mail/mail.service.ts";
import { paymentsHoldingMoney, recordCashCollected } from "../payments/payment-ledger.ts";
import { claimRefund } from "../payments/refunds.ts";
import { releaseOffers } from "../promotions/offer-redemption.ts";
import { inviteToReview } from "../reviews/reviews.service.ts";
import { creditEarnedPoints, settleCancelledOrderPoints } from "../rewards/rewards.service.ts";
import { giveBackSpentCredit } from "../store-credit/store-credit.ts";
import { recordStatusChange } from "./order-events.repository.ts";
import {
  addSoldCount,
  type findOrder,
  findOrderForUpdate,
  findOrderLines,
  incrementStock,
  updateStatusIf,
} from "./orders.repository.ts";

/*
 * The order's life as a transition table (the allowed moves are core's ORDER_TRANSITIONS) with the
 * conditions and side effects of each move hung on it by name. A move runs inside the caller's
 * transaction: the order must meet the conditions of the status it goes to, the status changes
 * only if the order still has the status it was decided from, then each effect of
 * the move runs in order, and the history entry (which feeds the administrators' live view) is
 * written last. If anything fails, nothing of the move stays.
 */

export type OrderRow = NonNullable<Awaited<ReturnType<typeof findOrder>>>;

/** What every effect of a move is given; an effect notes there what else the move changed. */
export type Move = {
  trx: Executor;
  order: OrderRow;
  from: OrderStatus;
  to: OrderStatus;
  actor: Actor;
  now: number;
  /** Whether pages of the catalogue now show something else (stock that came back to a size). */
  changed: { catalogue: boolean };
  details: MoveDetails;
};

/** What a move records on the order besides its status: the shipment, or why it was cancelled. */
export type MoveDetails = {
  courier?: string;
  trackingNumber?: string;
  expectedDeliveryAt?: number | null;
  cancelReason?: string;
};

type Effect = (move: Move) => Promise<void>;

/** Stock rows are always taken in the same order, so two orders at once cannot deadlock each other. */
export function inLockOrder<T extends { productId: number; size: string }>(lines: readonly T[]): T[] {
  return [...lines].sort((a, b) => a.productId - b.productId || a.size.localeCompare(b.size));
}

/**
 * The order's pieces go back on the shelf, and count as sold no more; an unpaid online order whose
 * stock went back when its payment window closed has nothing left to put back.
 */
const restock: Effect = async ({ trx, order, changed }) => {
  if (order.stockReleasedAt !== null) return;
  for (const line of inLockOrder(await findOrderLines(trx, order.id))) {
    const stock = await incrementStock(trx, line.productId, line.size, line.quantity);
    await addSoldCount(trx, line.productId, -line.quantity);
    if (stockChangeShows(stock - line.quantity, stock)) changed.catalogue = true;
  }
};

/**
 * An order cancelled before dispatch gives its offers' uses back (a one-time code can be used
 * again); one cancelled on its way keeps them.
 */
const returnOffers: Effect = async ({ trx, order, from, now, changed }) => {
  if (from !== "placed") return;
  if (await releaseOffers(trx, order.id, now)) changed.catalogue = true;
};

/** The points the order spent come back; the points it would have earned, still pending, are dropped. */
const returnPoints: Effect = ({ trx, order, now }) => settleCancelledOrderPoints(trx, order, now);

/** The store credit the order spent comes back, naming the order. */
const returnStoreCredit: Effect = ({ trx, order, now }) => giveBackSpentCredit(trx, order, now);

/** The points the order earned become spendable now that the buyer has it. */
const creditPoints: Effect = ({ trx, order, now }) => creditEarnedPoints(trx, order, now);

/**
 * A paid order's money goes back through the gateway: every online payment still holding money is
 * refunded in full (what the gateway took: the total less what store credit paid, which comes back
 * as such). The refund is asked for here, in the cancellation's transaction (one per payment, so a
 * second click or node asks nothing more), and sent by the payment jobs (server/payments).
 */
const refundPayment: Effect = async ({ trx, order, now }) => {
  for (const payment of await paymentsHoldingMoney(trx, order.id)) {
    await claimRefund(trx, { orderId: order.id, ...payment }, "cancelled", now);
  }
};

/**
 * Delivered cash on delivery means the buyer paid the courier at the door: the cash is recorded as
 * collected (once; the administrator may have marked it already), and waits for the courier's
 * remittance.
 */
const collectCash: Effect = async ({ trx, order, actor, now }) => {
  if (order.paymentMethod === "online" || order.paymentStatus !== "cod-due" || amountToPay(order) === 0) return;
  await recordCashCollected(trx, order, now, `Delivered: paid at the door (${actorLabel(actor)})`);
};

/** A credit note reverses the order's tax invoice in full. */
const creditNote: Effect = async ({ trx, order, now }) => {
  await issueCreditNote(trx, order, now);
};

/**
 * The buyer is told where the order now stands, and what matters at that step: the courier and
 * tracking number and what to pay at the door when it ships, the payment received when delivered,
 * the reason and the credit note when cancelled.
 */
const mailStatus: Effect = async ({ trx, order, to, now, details }) => {
  if (to === "placed") return;
  const orderPath = orderPathFor(order);
  await queueMail(
    trx,
    {
      kind: "order-status",
      to: order.email,
      payload: {
        orderNumber: order.orderNumber,
        name: order.name,
        status: to,
        orderPath,
        total: order.total,
        courier: details.courier ?? null,
        trackingNumber: details.trackingNumber ?? null,
        expectedDeliveryAt: details.expectedDeliveryAt ?? null,
        cancelReason: details.cancelReason ?? null,
        creditNotePath: order.invoiceNumber ? `${orderPath}/credit-note` : null,
        pointsEarned: order.userId ? order.pointsEarned : 0,
        pointsRedeemed: order.userId ? order.pointsRedeemed : 0,
        paidOnline: order.paymentStatus === "paid",
        refundAmount:
          to === "cancelled" && order.paymentId && order.paymentStatus === "paid" ? amountToPay(order) : null,
        storeCreditBack: UNSOLD_STATUSES.includes(to) ? order.storeCreditUsed : 0,
        amountDue: amountToPay(order),
      },
    },
    now,
  );
};

/** A few days after delivery, the buyer is asked how the pieces fitted (once per order). */
const inviteReview: Effect = async ({ trx, order, now }) => {
  await inviteToReview(trx, order, now);
};

/** A condition an order must meet to arrive at a status; it throws the refusal when it is not met. */
type Guard = (order: OrderRow) => void;

/** Goods worth more than Rule 138's threshold leave the state only with an e-way bill. */
const ewayBillEntered: Guard = (order) => {
  if (needsEwayBill(order) && !order.ewayBillNumber) {
    throw new AppError("eway-bill-required", "Enter the e-way bill number before shipping this order.");
  }
};

/**
 * Only a cash-on-delivery parcel whose cash was not collected comes back as refused at the door: a
 * paid order is cancelled instead, which refunds it.
 */
const refusedCashParcel: Guard = (order) => {
  if (order.paymentMethod === "online" || order.paymentStatus !== "cod-due") {
    throw new AppError(
      "invalid-transition",
      "Only an unpaid cash-on-delivery parcel can be returned to origin: cancel a paid order instead, which refunds it.",
    );
  }
};

/** An online order ships once it is paid; a cash order pays at the door. */
const paymentSettled: Guard = (order) => {
  if (!["paid", "cod-due", "cod-collected", "cod-remitted"].includes(order.paymentStatus)) {
    throw new AppError("invalid-transition", "This order is not paid yet: it ships once its payment has arrived.");
  }
};

/** What must hold before an order may arrive at each status. */
const GUARDS: Record<OrderStatus, readonly Guard[]> = {
  placed: [],
  shipped: [paymentSettled, ewayBillEntered],
  delivered: [],
  cancelled: [],
  "returned-to-origin": [refusedCashParcel],
};

/** The effects of arriving at each status, in the order they run. */
const EFFECTS: Record<OrderStatus, readonly Effect[]> = {
  placed: [],
  shipped: [mailStatus],
  delivered: [collectCash, creditPoints, mailStatus, inviteReview],
  cancelled: [restock, returnOffers, returnPoints, returnStoreCredit, creditNote, refundPayment, mailStatus],
  // The buyer refused the parcel: it comes back to the shelf, the invoice is reversed, and as no
  // money was taken nothing is refunded; its offers stay used, as an order cancelled on its way.
  "returned-to-origin": [restock, returnPoints, returnStoreCredit, creditNote, mailStatus],
};

/** Whether the table allows an order to move from one status to another. */
export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

/**
 * Where a mail sends the buyer: the order's secret link, which opens without signing in, so the
 * link keeps working for a customer who is signed out, on another device, or has deleted the account.
 */
export function orderPathFor(order: { accessToken: string }): string {
  return `/orders/${order.accessToken}`;
}

/** How the history names who made a move. */
export function actorLabel(actor: Actor): string {
  if (actor.kind === "user") return `${actor.role}:${actor.email}`;
  return actor.kind === "system" ? "system" : "guest";
}

/**
 * Moves an order from the status it was seen in to another, with every effect of the move, inside
 * the given transaction. Of two moves decided from the same status at once, one wins and the other
 * is refused as stale.
 */
export async function moveOrder(
  trx: Executor,
  request: { orderId: number; from: OrderStatus; to: OrderStatus; actor: Actor; now: number; details?: MoveDetails },
): Promise<{ order: OrderRow; catalogueChanged: boolean }> {
  const { orderId, from, to, actor, now, details = {} } = request;
  if (!canTransition(from, to)) throw new AppError("invalid-transition", `An order cannot go from ${from} to ${to}.`);
  // Read under the lock the move writes with: a payment taken meanwhile is seen, never overwritten.
  const order = await findOrderForUpdate(trx, orderId);
  if (!order) throw new AppError("not-found", "This order could not be found.");
  for (const guard of GUARDS[to]) guard(order);
  if (!(await updateStatusIf(trx, orderId, from, to, now, details))) {
    throw new AppError("stale-update", "This order was changed meanwhile. Please reload it.");
  }
  const changed = { catalogue: false };
  for (const effect of EFFECTS[to]) await effect({ trx, order, from, to, actor, now, changed, details });
  // Last, as it holds the other writers of order events until this commits.
  await recordStatusChange(trx, { orderId, fromStatus: from, toStatus: to, actor: actorLabel(actor), at: now });
  return { order, catalogueChanged: changed.catalogue };
}
