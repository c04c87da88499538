import { sql } from "kysely";
import { expect, it } from "vitest";
import { migrateToLatest, migrateUpTo } from "../db/migrate.ts";
import type { Db } from "../db/schema.ts";
import { describeEachEmptyDatabase } from "../testing/test-databases.ts";
import { findOrderPayments } from "./order-payments.repository.ts";
import { findRefunds } from "./payments.repository.ts";

/*
 * Migration 0027 carries the money kept on orders over to a payment each (record 32): an online
 * order's payment with its refund state, a refunded second payment, cash collected, and a UPI
 * refund still to pay.
 */

async function orderOf(
  db: Db,
  id: number,
  money: { method: string; paymentStatus: string; paymentId?: string; storeCreditUsed?: number },
) {
  await sql`insert into orders (id, order_number, payment_ref, access_token, idempotency_key,
      request_fingerprint, email, name, address, pincode, phone, status, subtotal, shipping, points_earned,
      total, item_count, created_at, updated_at, payment_method, payment_status, payment_id, paid_at,
      cash_collected_at, store_credit_used)
    values (${id}, ${`KS-${100000 + id}`}, ${`pay_ref${id}`}, ${`token-${id}`}, ${`key-${id}`}, 'f',
      'buyer@example.com', 'Asha', '1 Hill Road', '400050', '9820012345', 'delivered', 100000, 10000, 0,
      110000, 1, 1, 5, ${money.method}, ${money.paymentStatus}, ${money.paymentId ?? null}, 2, 3,
      ${money.storeCreditUsed ?? 0})`.execute(db);
}

async function refundOf(db: Db, orderId: number, paymentId: string, key: string, status: string) {
  await sql`insert into payment_refunds (order_id, payment_id, refund_key, amount, reason, status, created_at)
    values (${orderId}, ${paymentId}, ${key}, 110000, 'cancelled', ${status}, 4)`.execute(db);
}

describeEachEmptyDatabase("money carried over to payments", (database) => {
  it("makes a payment of each order's money, keeps refunds per payment, and a UPI refund still to pay", async () => {
    const { db } = database();
    await migrateUpTo(db, "0026_returned_to_origin");
    // A paid online order, a refunded one that was also paid a second time, and cash collected.
    await orderOf(db, 1, { method: "online", paymentStatus: "paid", paymentId: "pay_one", storeCreditUsed: 10_000 });
    await orderOf(db, 2, { method: "online", paymentStatus: "refunded", paymentId: "pay_two" });
    await refundOf(db, 2, "pay_two", "payment:pay_two", "processed");
    await refundOf(db, 2, "pay_twice", "payment:pay_twice", "created");
    await orderOf(db, 3, { method: "cod", paymentStatus: "cod-collected" });
    await orderOf(db, 4, { method: "cod", paymentStatus: "cod-due" });
    await sql`insert into payment_events (order_id, event_id, kind, amount, currency, reference, flagged, at)
      values (3, 'return-refund:7', 'upi-refund-due', 45000, 'INR', 'asha@okaxis', 1, 6)`.execute(db);

    await migrateToLatest(db);

    const shape = async (orderId: number) =>
      (await findOrderPayments(db, orderId)).map((payment) => ({
        method: payment.method,
        id: payment.gatewayPaymentId,
        amount: Number(payment.amount),
        kept: Number(payment.kept),
        status: payment.status,
      }));
    expect(await shape(1)).toEqual([{ method: "online", id: "pay_one", amount: 100_000, kept: 1, status: "paid" }]);
    expect(await shape(2)).toEqual([
      { method: "online", id: "pay_two", amount: 110_000, kept: 1, status: "refunded" },
      { method: "online", id: "pay_twice", amount: 110_000, kept: 0, status: "refunding" },
    ]);
    expect(await shape(3)).toEqual([{ method: "cash", id: null, amount: 110_000, kept: 1, status: "collected" }]);
    expect(await shape(4)).toEqual([]);
    const upi = (await findRefunds(db, 3)).map((refund) => ({
      via: refund.via,
      key: refund.refundKey,
      returnId: refund.returnId,
      amount: Number(refund.amount),
      status: refund.status,
    }));
    expect(upi).toEqual([{ via: "upi", key: "return:7", returnId: 7, amount: 45_000, status: "requested" }]);
    expect((await findRefunds(db, 2)).map((refund) => refund.via)).toEqual(["gateway", "gateway"]);
  });
});
