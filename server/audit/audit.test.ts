import { sql } from "kysely";
import { expect, it } from "vitest";
import { SYSTEM } from "#core/actor.ts";
import { RETURN_REASONS } from "#core/returns.ts";
import { confirmCashOrder, markPacked } from "../orders/order-marks.service.ts";
import { orderRow } from "../orders/order-rows.service.ts";
import { changeStatus } from "../orders/orders.service.ts";
import { type OrderProcess, orderProcessSlot } from "../processes/order-process.ts";
import { requestReturn } from "../returns/returns.service.ts";
import { ORDER_PROCESS } from "../shop-processes.ts";
import { failure } from "../testing/app-error.ts";
import { cashOrder, staffActor } from "../testing/back-office.ts";
import { actorFor, makeCustomer, makeProduct } from "../testing/factories.ts";
import { deliveredOrder, takeThrough } from "../testing/return-fixtures.ts";
import { describeEachDatabase } from "../testing/test-databases.ts";
import { auditLogPage, recordAudit } from "./audit.service.ts";

const owner = staffActor("owner");
const manager = staffActor("manager");
const packer = staffActor("packer");

async function entriesOf(db: Parameters<typeof auditLogPage>[0], orderId: number) {
  return db
    .selectFrom("auditLog")
    .selectAll()
    .where("subjectType", "=", "order")
    .where("subjectId", "=", String(orderId))
    .orderBy("id")
    .execute();
}

describeEachDatabase("the audit log", (database) => {
  it("writes who, when, what, before and after, and the reason, of a change made by staff", async () => {
    const { db } = database();
    const order = await cashOrder(db);
    await confirmCashOrder(db, manager, order.id, 1_700_000_000_000);
    await changeStatus(db, manager, { orderId: order.id, from: "placed", to: "cancelled", reason: "out-of-stock" });
    const entries = await entriesOf(db, order.id);
    expect(entries.map((entry) => entry.kind)).toEqual(["order.confirmed", "order.moved"]);
    expect(entries[0]).toMatchObject({
      actorId: manager.userId,
      actor: manager.email,
      actorRole: "manager",
      subjectLabel: order.orderNumber,
    });
    expect(Number(entries[0]?.at)).toBe(1_700_000_000_000);
    expect(entries[1]).toMatchObject({
      before: JSON.stringify({ status: "placed" }),
      after: JSON.stringify({ status: "cancelled" }),
      reason: "An item is no longer in stock",
    });
  });

  it("writes a refund with its amount and the buyer's reason for returning", async () => {
    const { db } = database();
    const customer = await makeCustomer(db);
    const buyer = actorFor(customer);
    const productId = await makeProduct(db, { price: 150_000, sizes: { M: 5 } });
    const order = await deliveredOrder(db, buyer, [{ productId, size: "M", quantity: 1 }]);
    const request = await requestReturn(
      db,
      { returnDays: 14 },
      buyer,
      { orderNumber: order.orderNumber },
      { position: 0, quantity: 1, kind: "refund", reason: "too-small", refundMethod: "store-credit" },
    );
    await takeThrough(db, request.id, "refunded");
    const refunded = await db
      .selectFrom("auditLog")
      .selectAll()
      .where("subjectType", "=", "return")
      .where("subjectId", "=", String(request.id))
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(refunded.reason).toBe(RETURN_REASONS["too-small"]);
    expect(JSON.parse(refunded.after ?? "{}")).toMatchObject({ status: "refunded", refundMethod: "store-credit" });
  });

  it("writes nothing for what the shop does by itself, nor for a change refused", async () => {
    const { db } = database();
    const order = await cashOrder(db);
    await changeStatus(db, SYSTEM, { orderId: order.id, from: "placed", to: "shipped" });
    expect(await failure(markPacked(db, packer, order.id))).toMatchObject({ code: "invalid-transition" });
    expect(await failure(confirmCashOrder(db, packer, order.id))).toMatchObject({ code: "forbidden" });
    expect(await entriesOf(db, order.id)).toEqual([]);
  });

  it("writes the entry in the change's transaction: a move whose later effect fails leaves neither the move nor its entry", async () => {
    const { db } = database();
    const order = await cashOrder(db);
    const failing: OrderProcess = {
      room: "after-audit",
      effects: {
        cancelled: [
          async () => {
            throw new Error("the mail server is on fire");
          },
        ],
      },
    };
    const installed = orderProcessSlot.uninstall();
    orderProcessSlot.install(orderProcessSlot.compose([...ORDER_PROCESS, failing]));
    try {
      await expect(
        changeStatus(db, manager, { orderId: order.id, from: "placed", to: "cancelled", reason: "out-of-stock" }),
      ).rejects.toThrow("the mail server is on fire");
    } finally {
      if (installed) orderProcessSlot.install(installed);
    }
    expect((await orderRow(db, { id: order.id }))?.status).toBe("placed");
    expect(await entriesOf(db, order.id)).toEqual([]);
  });

  it("refuses to change or delete an entry, whoever asks the database", async () => {
    const { db } = database();
    await db.transaction().execute((trx) =>
      recordAudit(trx, owner, {
        kind: "search.synonym",
        subject: { type: "search", id: "ghagra", label: "ghagra" },
        after: { target: "lehenga" },
      }),
    );
    await expect(sql`update audit_log set reason = 'forged'`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from audit_log`.execute(db)).rejects.toThrow(/append-only/);
    const kept = await db.selectFrom("auditLog").select("reason").where("kind", "=", "search.synonym").execute();
    expect(kept).toEqual([{ reason: null }]);
  });

  it("shows the Owner everyone's changes, and everyone else only their own, whatever the address asks", async () => {
    const { db } = database();
    const order = await cashOrder(db);
    await confirmCashOrder(db, manager, order.id);
    await markPacked(db, packer, order.id);
    const forOwner = await auditLogPage(db, owner, { subject: "order", subjectId: order.orderNumber });
    expect(forOwner.entries.map((entry) => entry.kind)).toEqual(["order.packed", "order.confirmed"]);
    expect(forOwner.seesEveryone).toBe(true);
    const forPacker = await auditLogPage(db, packer, { person: manager.userId, subjectId: order.orderNumber });
    expect(forPacker.entries.map((entry) => [entry.kind, entry.actor])).toEqual([["order.packed", packer.email]]);
    expect(forPacker.people).toEqual([{ id: packer.userId, name: packer.email }]);
    expect(
      await failure(auditLogPage(db, SYSTEM, {}).then(() => auditLogPage(db, { kind: "visitor", guestId: null }, {}))),
    ).toMatchObject({
      code: "unauthenticated",
    });
  });
});

describeEachDatabase("an audit entry that cannot be written", (database) => {
  it("undoes the change it records", async () => {
    const { db } = database();
    const order = await cashOrder(db);
    // The log's table gone from under the shop: its insert fails, so the confirmation must not stay.
    await sql`alter table audit_log rename to audit_log_away`.execute(db);
    try {
      await expect(confirmCashOrder(db, manager, order.id)).rejects.toThrow();
      expect((await orderRow(db, { id: order.id }))?.confirmedAt).toBeNull();
    } finally {
      await sql`alter table audit_log_away rename to audit_log`.execute(db);
    }
  });
});
