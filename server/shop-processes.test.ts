import { describe, expect, it } from "vitest";
import { SYSTEM } from "#core/actor.ts";
import { addToCart } from "./cart/cart.service.ts";
import { findProduct } from "./catalog/catalog.service.ts";
import type { Db } from "./db/schema.ts";
import { orderRow } from "./orders/order-rows.service.ts";
import { changeStatus } from "./orders/orders.service.ts";
import { placeOrder } from "./orders/place-order.ts";
import { type OrderProcess, orderProcessSlot } from "./processes/order-process.ts";
import { returnProcessSlot } from "./processes/return-process.ts";
import { shipmentProcessSlot } from "./processes/shipment-process.ts";
import { advanceReturn, requestReturn } from "./returns/returns.service.ts";
import { composeShopProcesses, ORDER_PROCESS, RETURN_PROCESS, SHIPMENT_PROCESS } from "./shop-processes.ts";
import { actorFor, atShop, checkoutDetails, makeCustomer, makeProduct, makeVisitor } from "./testing/factories.ts";
import { mailsTo } from "./testing/outbox.ts";
import { ADMIN, deliveredOrder } from "./testing/return-fixtures.ts";
import { describeEachDatabase } from "./testing/test-databases.ts";

/*
 * The shop's composition step (record 37): which rooms take part in a move, in which order, and
 * what a machine does when nothing was composed.
 */

async function stockOf(db: Db, productId: number) {
  return (await findProduct(db, productId))?.sizes.find((entry) => entry.size === "M")?.stock;
}

async function placedOrder(db: Db) {
  const kurta = await makeProduct(db, { price: 149_900, sizes: { M: 4 } });
  const visitor = makeVisitor();
  await addToCart(db, visitor, { productId: kurta, size: "M", quantity: 2 });
  const email = `${visitor.guestId}@mail.in`;
  const placed = await placeOrder(db, visitor, checkoutDetails({ email }), atShop());
  return { kurta, placed, email };
}

describe("the shop's processes", () => {
  const orders = orderProcessSlot.compose(ORDER_PROCESS).describe();

  it("lists every room's guards and effects on an order's moves in the order they run, the mail after the refund and the documents it names", () => {
    expect(orders.cancelled.effects).toEqual([
      "stock.restock",
      "offers.returnOffers",
      "rewards.returnPoints",
      "store-credit.returnStoreCredit",
      "payments.refundPayment",
      "invoices.creditNote",
      "audit.auditOrderMove",
      "mail.mailOrderStatus",
      "delivery.parcelCameBack",
    ]);
    expect(orders["returned-to-origin"]).toEqual({
      guards: ["payments.refusedCashParcel"],
      effects: [
        "stock.restock",
        "rewards.returnPoints",
        "store-credit.returnStoreCredit",
        "invoices.creditNote",
        "audit.auditOrderMove",
        "mail.mailOrderStatus",
        "delivery.parcelCameBack",
      ],
    });
    expect(orders.delivered.effects).toEqual([
      "rewards.creditPoints",
      "payments.collectCash",
      "audit.auditOrderMove",
      "mail.mailOrderStatus",
      "messaging.textDelivered",
      "reviews.inviteReview",
      "delivery.parcelDelivered",
    ]);
    // Paid before the e-way bill is asked for: an unpaid order is told it is unpaid first; a large
    // cash order waits for its buyer's confirmation last.
    expect(orders.shipped).toEqual({
      guards: ["payments.paymentSettled", "invoices.ewayBillEntered", "cod-confirmation.buyerConfirmed"],
      effects: ["audit.auditOrderMove", "mail.mailOrderStatus", "messaging.textShipped"],
    });
    // When an order stands: its SMS, then (for a large cash order) the request to confirm it.
    expect(orders.placed).toEqual({ guards: [], effects: ["messaging.textPlaced", "cod-confirmation.askToConfirm"] });
  });

  it("lists a return's steps the same way: stock first, then the return's documents and money, then the mail", () => {
    const returns = returnProcessSlot.compose(RETURN_PROCESS).describe();
    expect(returns.refunded).toEqual({
      guards: ["returns.refundOfAReturn"],
      effects: [
        "stock.shelveReturnedPieces",
        "returns.creditNote",
        "returns.pointsOfThePieces",
        "returns.moneyBack",
        "audit.auditReturnStep",
        "mail.mailReturnStatus",
      ],
    });
    expect(returns["exchange-accepted"].effects).toEqual([
      "stock.shelveReturnedPieces",
      "returns.creditNote",
      "returns.replacementInvoice",
      "audit.auditReturnStep",
      "mail.mailReturnStatus",
    ]);
    expect(returns.rejected.effects).toEqual([
      "stock.releaseHeldSize",
      "audit.auditReturnStep",
      "mail.mailReturnStatus",
    ]);
    // Every step a return arrives at by a move tells the shopper, last.
    for (const [step, { effects }] of Object.entries(returns)) {
      if (step !== "requested") expect(effects.at(-1)).toBe("mail.mailReturnStatus");
    }
  });

  it("lists a parcel's moves the same way: the order follows first, then the buyer's mail and SMS of news no order step tells", () => {
    const shipments = shipmentProcessSlot.compose(SHIPMENT_PROCESS).describe();
    expect(shipments.delivered.effects).toEqual(["shipping.followParcel"]);
    expect(shipments["out-for-delivery"].effects).toEqual([
      "shipping.followParcel",
      "mail.mailParcelNews",
      "messaging.textOutForDelivery",
    ]);
    expect(shipments["delivery-failed"].effects).toEqual([
      "shipping.followParcel",
      "mail.mailParcelNews",
      "messaging.textDeliveryFailed",
    ]);
    expect(shipments["rto-delivered"].effects).toEqual(["shipping.followParcel"]);
    expect(shipments.lost).toEqual({ guards: [], effects: [] });
  });

  it("refuses a part that names a status the order machine does not have", () => {
    const stray = { room: "stray", effects: { refunded: [async () => {}] } } as unknown as OrderProcess;
    expect(() => orderProcessSlot.compose([stray])).toThrow("stray names a state the machine has not: refunded.");
  });
});

describeEachDatabase("a machine and its composed process", (database) => {
  it("refuses to move an order when no process was composed, and changes nothing", async () => {
    const { db } = database();
    const { kurta, placed, email } = await placedOrder(db);
    const installed = orderProcessSlot.uninstall();
    try {
      await expect(
        changeStatus(db, SYSTEM, { orderId: placed.id, from: "placed", to: "cancelled", reason: "out-of-stock" }),
      ).rejects.toThrow("No order process is composed, so no order may move");
    } finally {
      if (installed) orderProcessSlot.install(installed);
    }
    expect((await orderRow(db, { id: placed.id }))?.status).toBe("placed");
    expect(await stockOf(db, kurta)).toBe(2);
    expect((await mailsTo(db, email)).map((mail) => mail.kind)).toEqual(["order-placed"]);
  });

  it("refuses to take a return a step when no process was composed", async () => {
    const { db } = database();
    const actor = actorFor(await makeCustomer(db));
    const kurta = await makeProduct(db, { price: 99_900, sizes: { M: 2 } });
    const order = await deliveredOrder(db, actor, [{ productId: kurta, size: "M", quantity: 1 }]);
    const which = { orderNumber: order.orderNumber };
    const request = {
      position: 0,
      quantity: 1,
      kind: "refund",
      reason: "too-small",
      refundMethod: "store-credit",
    } as const;
    const { id } = await requestReturn(db, { returnDays: 14 }, actor, which, request);
    const installed = returnProcessSlot.uninstall();
    try {
      await expect(
        advanceReturn(db, ADMIN, { returnId: id, from: "requested", to: "pickup-scheduled" }),
      ).rejects.toThrow("No return process is composed, so no return may move");
    } finally {
      if (installed) returnProcessSlot.install(installed);
    }
    expect(await advanceReturn(db, ADMIN, { returnId: id, from: "requested", to: "pickup-scheduled" })).toBe(
      "Pickup scheduled",
    );
  });

  it("runs an effect registered from outside the machine inside the move: when it fails, nothing of the move stays", async () => {
    const { db } = database();
    const { kurta, placed, email } = await placedOrder(db);
    const ran: string[] = [];
    const failing: OrderProcess = {
      room: "test",
      effects: {
        cancelled: [
          async ({ order, from, to }) => {
            ran.push(`${order.orderNumber} ${from} → ${to}`);
            throw new Error("The test room's effect failed.");
          },
        ],
      },
    };
    // The test room's effect runs after the stock came back and the credit note was issued.
    orderProcessSlot.install(orderProcessSlot.compose([...ORDER_PROCESS, failing]));
    try {
      await expect(
        changeStatus(db, SYSTEM, { orderId: placed.id, from: "placed", to: "cancelled", reason: "out-of-stock" }),
      ).rejects.toThrow("The test room's effect failed.");
    } finally {
      composeShopProcesses();
    }
    expect(ran).toEqual([`${placed.orderNumber} placed → cancelled`]);
    const order = await orderRow(db, { id: placed.id });
    expect(order).toMatchObject({ status: "placed", creditNoteNumber: null });
    expect(await stockOf(db, kurta)).toBe(2);
    expect((await mailsTo(db, email)).map((mail) => mail.kind)).toEqual(["order-placed"]);
  });
});
