import { sql } from "kysely";
import { expect, it } from "vitest";
import { SYSTEM } from "#core/actor.ts";
import { migrateToLatest, migrateUpTo } from "../db/migrate.ts";
import type { Db } from "../db/schema.ts";
import { changeStatus } from "../orders/orders.service.ts";
import { actorFor } from "../testing/factories.ts";
import { describeEachEmptyDatabase } from "../testing/test-databases.ts";
import { pointsSummary } from "./rewards.service.ts";

/*
 * Balances kept under the old rule (points credited when a cash-on-delivery order was placed, taken
 * back on cancellation even when spent) are brought to the new one by migration 0013.
 */

type Ledger = [orderId: number, kind: string, points: number][];

async function customerWith(db: Db, id: string, balance: number) {
  await sql`insert into users (id, name, email, email_key, password_hash, created_at, points_balance)
    values (${id}, ${id}, ${`${id}@example.com`}, ${`${id}@example.com`}, 'x', 1, ${balance})`.execute(db);
}

async function orderOf(db: Db, userId: string, id: number, status: string, pointsEarned: number, ledger: Ledger) {
  await sql`insert into orders (id, order_number, payment_ref, user_id, access_token, idempotency_key,
      request_fingerprint, email, name, address, pincode, phone, status, subtotal, shipping, points_earned,
      total, item_count, created_at, updated_at)
    values (${id}, ${`KS-${100000 + id}`}, ${`pay_${id}`}, ${userId}, ${`token-${id}`}, ${`key-${id}`}, 'f',
      ${`${userId}@example.com`}, ${userId}, '1 Hill Road', '400050', '9820012345', ${status}, 100000, 10000,
      ${pointsEarned}, 110000, 1, 1, 1)`.execute(db);
  for (const [orderId, kind, points] of ledger.filter(([orderId]) => orderId === id)) {
    await sql`insert into points_ledger (user_id, order_id, kind, points, at)
      values (${userId}, ${orderId}, ${kind}, ${points}, 1)`.execute(db);
  }
}

const actor = (id: string) => actorFor({ id, email: `${id}@example.com` });

describeEachEmptyDatabase("points migrated to pending-until-delivery", (database) => {
  it("holds back unspent early credits, counts spent ones as credited, and sets negative balances to zero", async () => {
    const { db } = database();
    await migrateUpTo(db, "0012_order_event_ids");
    // Asha: 44 points credited on an order still on its way, unspent.
    await customerWith(db, "asha", 44);
    await orderOf(db, "asha", 1, "placed", 44, [[1, "earned", 44]]);
    // Bilal: 20 credited on order 2, spent on order 3, then order 2 cancelled: the balance went to −20.
    await customerWith(db, "bilal", -20);
    const bilal: Ledger = [
      [2, "earned", 20],
      [3, "redeemed", -20],
      [2, "earned-reversed", -20],
    ];
    await orderOf(db, "bilal", 2, "cancelled", 20, bilal);
    await orderOf(db, "bilal", 3, "placed", 0, bilal);
    // Chitra: 10 credited on a shipped order and spent at once, so nothing is left to hold back.
    await customerWith(db, "chitra", 0);
    const chitra: Ledger = [
      [4, "earned", 10],
      [5, "redeemed", -10],
    ];
    await orderOf(db, "chitra", 4, "shipped", 10, chitra);
    await orderOf(db, "chitra", 5, "placed", 0, chitra);

    await migrateToLatest(db);

    expect(await pointsSummary(db, actor("asha"))).toMatchObject({ balance: 0, pending: 44 });
    expect(await pointsSummary(db, actor("bilal"))).toMatchObject({ balance: 0, pending: 0 });
    expect((await pointsSummary(db, actor("bilal"))).ledger[0]).toMatchObject({ kind: "corrected", points: 20 });
    expect(await pointsSummary(db, actor("chitra"))).toMatchObject({ balance: 0, pending: 0 });

    // Delivered: Asha's 44 become spendable; Chitra's 10 were spent already and are not credited twice.
    await changeStatus(db, SYSTEM, { orderId: 1, from: "placed", to: "shipped" });
    await changeStatus(db, SYSTEM, { orderId: 1, from: "shipped", to: "delivered" });
    await changeStatus(db, SYSTEM, { orderId: 4, from: "shipped", to: "delivered" });
    expect(await pointsSummary(db, actor("asha"))).toMatchObject({ balance: 44, pending: 0 });
    expect(await pointsSummary(db, actor("chitra"))).toMatchObject({ balance: 0, pending: 0 });
    await expect(sql`update users set points_balance = -1 where id = 'asha'`.execute(db)).rejects.toThrow();
  });
});
