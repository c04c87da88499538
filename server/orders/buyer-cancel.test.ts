import { expect, it } from "vitest";
import { type Actor, SYSTEM } from "#core/actor.ts";
import { addToCart } from "../cart/cart.service.ts";
import { findProduct } from "../catalog/catalog.service.ts";
import type { Db } from "../db/schema.ts";
import { pointsSummary } from "../rewards/rewards.service.ts";
import { failure } from "../testing/app-error.ts";
import { actorFor, atShop, checkoutDetails, makeCustomer, makeProduct, makeVisitor } from "../testing/factories.ts";
import { mailsTo } from "../testing/outbox.ts";
import { describeEachDatabase } from "../testing/test-databases.ts";
import { cancelOrderAsBuyer, changeStatus, customerOrder, orderByAccessToken } from "./orders.service.ts";
import { placeOrder } from "./place-order.ts";

async function stockOf(db: Db, productId: number, size: string) {
  return (await findProduct(db, productId))?.sizes.find((entry) => entry.size === size)?.stock;
}

async function orderFor(db: Db, actor: Actor, productId: number, email?: string) {
  await addToCart(db, actor, { productId, size: "M", quantity: 1 });
  return placeOrder(db, actor, checkoutDetails(email ? { email } : {}), atShop());
}

describeEachDatabase("a buyer cancels an order before it ships", (database) => {
  it("puts the stock back, drops the pending points, issues the credit note and mails the reason", async () => {
    const { db } = database();
    const customer = await makeCustomer(db);
    const actor = actorFor(customer);
    const kurta = await makeProduct(db, { price: 249_900, sizes: { M: 3 } });
    const placed = await orderFor(db, actor, kurta);
    expect(await pointsSummary(db, actor)).toMatchObject({ balance: 0, pending: 24 });

    await cancelOrderAsBuyer(db, actor, { orderNumber: placed.orderNumber }, { reason: "ordered-by-mistake" });

    const order = await customerOrder(db, actor, placed.orderNumber);
    expect(order).toMatchObject({ status: "cancelled", cancelReason: "Ordered by mistake", cancellable: false });
    expect(order.creditNote?.number).toBeTruthy();
    expect(await stockOf(db, kurta, "M")).toBe(3);
    expect(await pointsSummary(db, actor)).toMatchObject({ balance: 0, pending: 0 });
    const cancelled = (await mailsTo(db, customer.email)).find((mail) => mail.subject.endsWith("has been cancelled"));
    expect(cancelled?.payload).toMatchObject({
      cancelReason: "ordered-by-mistake",
      creditNotePath: `/orders/${placed.accessToken}/credit-note`,
      pointsEarned: 24,
    });
  });

  it("lets only the owner cancel, and only while the order is placed", async () => {
    const { db } = database();
    const owner = actorFor(await makeCustomer(db));
    const stranger = actorFor(await makeCustomer(db));
    const placed = await orderFor(db, owner, await makeProduct(db));
    const which = { orderNumber: placed.orderNumber };

    expect(await failure(cancelOrderAsBuyer(db, stranger, which, { reason: "changed-mind" }))).toMatchObject({
      code: "not-found",
    });
    expect(await failure(cancelOrderAsBuyer(db, makeVisitor(), which, { reason: "changed-mind" }))).toMatchObject({
      code: "unauthenticated",
    });
    expect(await failure(cancelOrderAsBuyer(db, owner, which, { reason: "" }))).toMatchObject({
      message: "Please choose a reason.",
    });
    await changeStatus(db, SYSTEM, { orderId: placed.id, from: "placed", to: "shipped" });
    expect(await failure(cancelOrderAsBuyer(db, owner, which, { reason: "changed-mind" }))).toMatchObject({
      code: "invalid-transition",
      message: "This order has left our warehouse and can no longer be cancelled.",
    });
  });

  it("lets a guest cancel through the order's secret link and nothing else", async () => {
    const { db } = database();
    const guest = makeVisitor();
    const placed = await orderFor(db, guest, await makeProduct(db));

    expect(
      await failure(cancelOrderAsBuyer(db, guest, { accessToken: "x".repeat(40) }, { reason: "too-slow" })),
    ).toMatchObject({ code: "not-found" });
    await cancelOrderAsBuyer(db, makeVisitor(), { accessToken: placed.accessToken }, { reason: "too-slow" });
    expect(await orderByAccessToken(db, placed.accessToken)).toMatchObject({
      status: "cancelled",
      cancelReason: "It would arrive too late",
    });
  });
});

describeEachDatabase("what the order mails tell the buyer", (database) => {
  it("links every order mail to the order's secret page, which opens without signing in", async () => {
    const { db } = database();
    const customer = await makeCustomer(db);
    const placed = await orderFor(db, actorFor(customer), await makeProduct(db));
    await changeStatus(db, SYSTEM, { orderId: placed.id, from: "placed", to: "cancelled", reason: "out-of-stock" });
    const paths = (await mailsTo(db, customer.email))
      .filter((mail) => mail.kind.startsWith("order"))
      .map((mail) => mail.payload.orderPath);
    expect(paths).toEqual([`/orders/${placed.accessToken}`, `/orders/${placed.accessToken}`]);
  });

  it("gives the courier, tracking number, expected day and amount due when shipped; the payment when delivered", async () => {
    const { db } = database();
    const email = "buyer.ship@mail.in";
    const placed = await orderFor(db, makeVisitor(), await makeProduct(db, { price: 149_900 }), email);
    const shipment = { courier: "Delhivery", trackingNumber: "DLV 12345", expectedDelivery: "2026-03-14" };
    await changeStatus(db, SYSTEM, { orderId: placed.id, from: "placed", to: "shipped", ...shipment });
    await changeStatus(db, SYSTEM, { orderId: placed.id, from: "shipped", to: "delivered" });

    const [, shipped, delivered] = await mailsTo(db, email);
    expect(shipped?.payload).toMatchObject({
      courier: "Delhivery",
      trackingNumber: "DLV 12345",
      expectedDeliveryAt: Date.parse("2026-03-14T12:00:00+05:30"),
      total: 159_900,
    });
    expect(delivered?.payload).toMatchObject({ status: "delivered", total: 159_900 });
    expect((await orderByAccessToken(db, placed.accessToken)).shipment).toEqual({
      courier: "Delhivery",
      trackingNumber: "DLV 12345",
      expectedDeliveryAt: Date.parse("2026-03-14T12:00:00+05:30"),
    });
  });
});
