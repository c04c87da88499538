import { amountToPay } from "#core/store-credit.ts";
import { catalogVersion } from "../catalog/catalog-version.ts";
import type { Db } from "../db/schema.ts";
import { announceOrderEvent } from "../orders/order-feed.ts";
import { orderLines } from "../orders/order-rows.service.ts";
import { putBackStock } from "../stock/stock.service.ts";
import { GatewayError, type GatewayPayment, type PaymentGateway } from "./gateway.ts";
import { takePayment } from "./online-payments.service.ts";
import {
  claimRefundAttempt,
  findAwaitingOrders,
  findRefundsToSend,
  recordPaymentEvent,
  refundHasGatewayId,
  setPaymentStatusIf,
  setRefundCreated,
} from "./payments.repository.ts";

/*
 * The payment jobs (record 24): reconciliation of online orders still awaiting their money, and
 * the refunds asked for, sent to the gateway. Every decision is a guarded update, so several
 * nodes may run them at once.
 */

/** How many orders or refunds one run of the jobs looks at. */
const JOB_BATCH = 50;
/** How long one node keeps a refund to itself while it asks the gateway. */
const REFUND_ATTEMPT_MS = 60_000;

/**
 * The reconciliation job: every online order still awaiting its payment is looked up at the
 * gateway (a payment the browser and the webhook both missed is taken), and one whose 15 minutes
 * are over releases its stock and is marked Payment failed; the buyer can try again from the order
 * page. Safe on several nodes at once: each decision is a guarded update.
 */
export async function reconcilePayments(
  db: Db,
  gateway: PaymentGateway | null,
  now: number = Date.now(),
): Promise<{ paid: number; expired: number }> {
  let paid = 0;
  let expired = 0;
  let released = false;
  for (const order of await findAwaitingOrders(db, JOB_BATCH)) {
    const payments = gateway && order.gatewayOrderId ? await gatewayPayments(gateway, order.gatewayOrderId) : [];
    const captured = payments?.find((payment) => payment.status === "captured");
    if (captured) {
      await db
        .transaction()
        .execute((trx) => takePayment(trx, order.id, captured, { eventId: null, kind: "reconciled" }, now));
      paid++;
      continue;
    }
    // A gateway that could not be asked is asked again next time, before the stock goes.
    if (payments === null || order.paymentExpiresAt === null || now < Number(order.paymentExpiresAt)) continue;
    const done = await db.transaction().execute(async (trx) => {
      if (!(await setPaymentStatusIf(trx, order.id, ["awaiting"], "failed", { stockReleasedAt: now }, ["placed"]))) {
        return false;
      }
      await putBackStock(trx, await orderLines(trx, order.id), {
        reason: "cancelled",
        by: { userId: null, name: "Shop" },
        orderId: order.id,
        note: "Not paid within 15 minutes",
        now,
      });
      await recordPaymentEvent(trx, {
        orderId: order.id,
        eventId: null,
        kind: "payment-expired",
        amount: amountToPay(order),
        currency: "INR",
        note: "Not paid within 15 minutes: the stock went back on the shelf.",
        at: now,
      });
      return true;
    });
    if (done) {
      expired++;
      released = true;
    }
  }
  if (released) await catalogVersion(db).changed();
  if (paid + expired > 0) announceOrderEvent();
  return { paid, expired };
}

async function gatewayPayments(gateway: PaymentGateway, gatewayOrderId: string): Promise<GatewayPayment[] | null> {
  try {
    return await gateway.fetchOrderPayments(gatewayOrderId);
  } catch (error) {
    if (error instanceof GatewayError) return null;
    throw error;
  }
}

/**
 * Sends the refunds asked for to the gateway. A node takes a refund for a minute before it asks
 * (a guarded update, so two nodes never send the same one at once), and the gateway's idempotency
 * key, the refund's own id, makes even a retried request one refund.
 */
export async function sendRefunds(db: Db, gateway: PaymentGateway | null, now: number = Date.now()): Promise<number> {
  if (!gateway) return 0;
  let sent = 0;
  for (const refund of await findRefundsToSend(db, now, JOB_BATCH)) {
    if (!(await claimRefundAttempt(db, refund.id, now, now + REFUND_ATTEMPT_MS))) continue;
    let created: Awaited<ReturnType<PaymentGateway["refund"]>>;
    try {
      created = await gateway.refund(refund.paymentId, {
        amount: refund.amount,
        idempotencyKey: `kesar-refund-${refund.id}`,
      });
    } catch (error) {
      if (error instanceof GatewayError) continue;
      throw error;
    }
    await db.transaction().execute(async (trx) => {
      // The gateway's refund.processed may have come first and marked it done with this very id.
      const kept = await setRefundCreated(trx, refund.id, created.id);
      if (!kept && !(await refundHasGatewayId(trx, refund.id, created.id))) return;
      await recordPaymentEvent(trx, {
        orderId: refund.orderId,
        eventId: null,
        kind: "refund-created",
        amount: created.amount,
        currency: "INR",
        reference: created.id,
        at: now,
      });
    });
    sent++;
  }
  return sent;
}

/** One round of the payment jobs: reconciliation, then refunds. */
export async function runPaymentJobs(db: Db, gateway: PaymentGateway | null, now: number = Date.now()) {
  const reconciled = await reconcilePayments(db, gateway, now);
  const refunds = await sendRefunds(db, gateway, now);
  return { ...reconciled, refunds };
}
