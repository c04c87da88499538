import { expect, it } from "vitest";
import { type Actor, SYSTEM } from "#core/actor.ts";
import { addToCart } from "../cart/cart.service.ts";
import { findProduct } from "../catalog/catalog.service.ts";
import type { Db } from "../db/schema.ts";
import { findRefunds } from "../payments/payments.repository.ts";
import { pointsSummary } from "../rewards/rewards.service.ts";
import { checkInParcel } from "../shipping/check-in.service.ts";
import { failure } from "../testing/app-error.ts";
import { actorFor, atShop, checkoutDetails, makeCustomer, makeProduct } from "../testing/factories.ts";
import { mailsTo } from "../testing/outbox.ts";
import { ADMIN } from "../testing/return-fixtures.ts";
import { describeEachDatabase } from "../testing/test-databases.ts";
import { changeStatus, customerOrder } from "./orders.service.ts";
import { placeOrder } from "./place-order.ts";

async function stockOf(db: Db, productId: number, size: string) {
  return (await findProduct(db, productId))?.sizes.find((entry) => entry.size === size)?.stock;
}

/** A shipped cash order of two pieces, 100 points of it paid with points. */
async function shippedCashOrder(db: Db, actor: Actor & { kind: "user" }, productId: number) {
  await db.updateTable("users").set({ pointsBalance: 100 }).where("id", "=", actor.userId).execute();
  await addToCart(db, actor, { productId, size: "M", quantity: 2 });
  const placed = await placeOrder(db, actor, checkoutDetails({ redeemPoints: true }), atShop());
  await changeStatus(db, SYSTEM, { orderId: placed.id, from: "placed", to: "shipped" });
  return placed;
}

describeEachDatabase("a cash parcel refused at the door", (database) => {
  it("comes back: points, a credit note reversing the invoice, no refund, a mail, and its stock once checked in", async () => {
    const { db } = database();
    const customer = await makeCustomer(db);
    const actor = actorFor(customer);
    const kurta = await makeProduct(db, { price: 149_900, sizes: { M: 5 } });
    const placed = await shippedCashOrder(db, actor, kurta);
    expect(await stockOf(db, kurta, "M")).toBe(3);
    expect(await pointsSummary(db, actor)).toMatchObject({ balance: 0, pending: 28 });

    await changeStatus(db, SYSTEM, { orderId: placed.id, from: "shipped", to: "returned-to-origin" });

    const order = await customerOrder(db, actor, placed.orderNumber);
    expect(order).toMatchObject({
      status: "returned-to-origin",
      payment: { label: "Not paid: the parcel was refused" },
    });
    expect(order.creditNote?.number).toMatch(/^CN\/\d\d-\d\d\/\d{6}$/);
    // The parcel is on its way back: its pieces are on the shelf once it is checked in (record 43).
    expect(await stockOf(db, kurta, "M")).toBe(3);
    await checkInParcel(db, ADMIN, placed.id);
    expect(await stockOf(db, kurta, "M")).toBe(5);
    expect(await pointsSummary(db, actor)).toMatchObject({ balance: 100, pending: 0 });
    expect(await findRefunds(db, placed.id)).toEqual([]);
    const mail = (await mailsTo(db, customer.email)).find((entry) => entry.subject.endsWith("has come back to us"));
    expect(mail?.payload).toMatchObject({
      status: "returned-to-origin",
      creditNotePath: `/orders/${placed.accessToken}/credit-note`,
      pointsRedeemed: 100,
    });
  });

  it("is marked once when clicked twice or on two nodes at once", async () => {
    const { db } = database();
    const actor = actorFor(await makeCustomer(db));
    const kurta = await makeProduct(db, { price: 149_900, sizes: { M: 5 } });
    const placed = await shippedCashOrder(db, actor, kurta);
    const mark = () => changeStatus(db, SYSTEM, { orderId: placed.id, from: "shipped", to: "returned-to-origin" });
    const results = await Promise.allSettled([mark(), mark()]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    expect(await failure(mark())).toMatchObject({ code: "stale-update" });
    expect(await stockOf(db, kurta, "M")).toBe(3);
    expect(await pointsSummary(db, actor)).toMatchObject({ balance: 100 });
    const ledger = await db.selectFrom("pointsLedger").selectAll().where("orderId", "=", placed.id).execute();
    expect(ledger.filter((entry) => entry.kind === "redeemed-returned")).toHaveLength(1);
  });

  it("is refused for an order paid online, and for one that has not shipped", async () => {
    const { db } = database();
    const actor = actorFor(await makeCustomer(db));
    const kurta = await makeProduct(db, { price: 149_900, sizes: { M: 5 } });
    const paid = await shippedCashOrder(db, actor, kurta);
    await db
      .updateTable("orders")
      .set({ paymentMethod: "online", paymentStatus: "paid", paymentId: "pay_rto_test" })
      .where("id", "=", paid.id)
      .execute();
    expect(
      await failure(changeStatus(db, SYSTEM, { orderId: paid.id, from: "shipped", to: "returned-to-origin" })),
    ).toMatchObject({ code: "invalid-transition", message: expect.stringContaining("cancel a paid order instead") });
    await addToCart(db, actor, { productId: kurta, size: "M" });
    const placed = await placeOrder(db, actor, checkoutDetails(), atShop());
    expect(
      await failure(changeStatus(db, SYSTEM, { orderId: placed.id, from: "placed", to: "returned-to-origin" })),
    ).toMatchObject({ code: "invalid-transition" });
  });
});
