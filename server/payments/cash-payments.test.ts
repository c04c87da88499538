import { expect, it } from "vitest";
import { type Actor, SYSTEM } from "#core/actor.ts";
import { indiaDay } from "#core/dates.ts";
import { dashboardFigures, salesChart } from "../admin/admin.service.ts";
import { addToCart } from "../cart/cart.service.ts";
import type { MailMessage } from "../mail/mail.schemas.ts";
import { renderMail } from "../mail/templates/mail-templates.ts";
import { findOrder } from "../orders/orders.repository.ts";
import { changeStatus, orderByAccessToken } from "../orders/orders.service.ts";
import { placeOrder } from "../orders/place-order.ts";
import { failure } from "../testing/app-error.ts";
import { atShop, checkoutDetails, makeProduct, makeVisitor } from "../testing/factories.ts";
import { mailsTo } from "../testing/outbox.ts";
import { describeEachDatabase } from "../testing/test-databases.ts";
import { markCashCollected, recordCashRemittance, recordOrderRemittance } from "./cash-payments.service.ts";
import { adminOrderWithMoney, moneyStory } from "./money-story.ts";
import { findOrderPayments } from "./order-payments.repository.ts";

/*
 * Cash on delivery's money (record 32): delivered means the buyer paid the courier at the door; the
 * courier remits it later; the dashboard shows what the shop received, what the couriers still hold,
 * and what went back.
 */

const ADMIN: Actor = {
  kind: "user",
  userId: "admin",
  email: "admin@shop.test",
  name: "Admin",
  role: "owner",
  guestId: null,
};
const DAY = 86_400_000;

describeEachDatabase("cash on delivery's money", (database) => {
  /** A cash order of one piece at this price (₹100 shipping on top, the total rounded to the rupee), delivered. */
  async function deliveredCashOrder(price: number, email: string, at: number) {
    const { db } = database();
    const buyer = makeVisitor();
    await addToCart(db, buyer, { productId: await makeProduct(db, { price }), size: "M", quantity: 1 });
    const placed = await placeOrder(db, buyer, checkoutDetails({ email }), atShop(at));
    await changeStatus(db, SYSTEM, { orderId: placed.id, from: "placed", to: "shipped" }, at + 1000);
    await changeStatus(db, SYSTEM, { orderId: placed.id, from: "shipped", to: "delivered" }, at + 2 * DAY);
    return placed;
  }

  it("two delivered cash orders are cash with the courier, then revenue once the courier remits", async () => {
    const { db } = database();
    const now = Date.now() - 3 * DAY;
    const before = await dashboardFigures(db, ADMIN);
    const first = await deliveredCashOrder(427_815, "first.cod@mail.in", now);
    const second = await deliveredCashOrder(251_820, "second.cod@mail.in", now);

    // Delivered: the buyer paid the courier at the door.
    expect(await findOrder(db, { id: first.id })).toMatchObject({ paymentStatus: "cod-collected" });
    expect((await findOrderPayments(db, first.id)).map((payment) => [payment.method, payment.status])).toEqual([
      ["cash", "collected"],
    ]);
    // The delivered mail says what is true: the buyer paid the courier, not the shop.
    const delivered = (await mailsTo(db, "first.cod@mail.in")).find((mail) => /delivered$/.test(mail.subject));
    const { text } = await renderMail(
      { kind: "order-status", to: "first.cod@mail.in", payload: delivered?.payload } as MailMessage,
      "https://kesar.test",
    );
    expect(text).toContain("you paid ₹4,378 in cash to our courier at the door");
    expect(text).not.toContain("we have received your payment");
    const held = await dashboardFigures(db, ADMIN);
    expect(held.codWithCouriers - before.codWithCouriers).toBe(437_800 + 261_800);
    expect(held.revenue - before.revenue).toBe(0);
    // The chart counts what the buyers paid, in cash at the door too, on the day they ordered.
    const chartDay = (await salesChart(db, ADMIN)).find((day) => day.date === indiaDay(now));
    expect(chartDay).toMatchObject({ orders: 2, revenue: 437_800 + 261_800 });

    // The courier remits the first order's cash.
    const remittedOn = indiaDay(now + 2 * DAY);
    await recordOrderRemittance(db, ADMIN, first.id, { remittedOn, reference: "UTR DEL2611 0042" });
    expect(await findOrder(db, { id: first.id })).toMatchObject({ paymentStatus: "cod-remitted" });
    const remitted = await dashboardFigures(db, ADMIN);
    expect(remitted.revenue - before.revenue).toBe(437_800);
    expect(remitted.received - before.received).toBe(437_800);
    expect(remitted.codWithCouriers - before.codWithCouriers).toBe(261_800);

    const story = await moneyStory(db, ADMIN, first.id);
    expect(story.map((event) => event.label)).toEqual([
      "Tax invoice issued",
      "Cash collected by the courier",
      "Cash remitted by the courier",
    ]);
    expect(story.at(-1)).toMatchObject({ amount: 437_800, reference: "UTR DEL2611 0042" });
    // The administrator sees where the cash is; the buyer sees that it is paid.
    expect((await adminOrderWithMoney(db, ADMIN, first.id)).payment.label).toBe("Cash remitted");
    expect((await adminOrderWithMoney(db, ADMIN, second.id)).payment.label).toBe("Cash collected");
    expect((await adminOrderWithMoney(db, ADMIN, second.id)).canRecordRemittance).toBe(true);
    expect((await orderByAccessToken(db, first.accessToken)).payment.label).toBe("Paid in cash on delivery");
  });

  it("a courier's remittance of several orders is recorded whole or not at all, once", async () => {
    const { db } = database();
    const now = Date.now() - 3 * DAY;
    const a = await deliveredCashOrder(99_900, "a.cod@mail.in", now);
    const b = await deliveredCashOrder(149_900, "b.cod@mail.in", now);
    const buyer = makeVisitor();
    await addToCart(db, buyer, { productId: await makeProduct(db), size: "M", quantity: 1 });
    const notDelivered = await placeOrder(db, buyer, checkoutDetails(), atShop(now));
    const remittedOn = indiaDay(now + 2 * DAY);

    // One order whose cash the courier has not collected: nothing is recorded, and the refusal names it.
    const refused = await failure(
      recordCashRemittance(db, SYSTEM, { orderIds: [a.id, notDelivered.id, b.id], remittedOn, reference: "BATCH-77" }),
    );
    expect(refused).toMatchObject({ code: "invalid-transition" });
    expect(refused.message).toContain(notDelivered.orderNumber);
    expect(await findOrder(db, { id: a.id })).toMatchObject({ paymentStatus: "cod-collected" });

    // A courier's room calls the same service with its report: two orders, one reference.
    expect(
      await recordCashRemittance(db, SYSTEM, { orderIds: [b.id, a.id], remittedOn, reference: "BATCH-77" }),
    ).toEqual({ remitted: 2 });
    expect(await findOrder(db, { id: b.id })).toMatchObject({ paymentStatus: "cod-remitted" });
    // Twice at once from two clicks: one records it, the other is told.
    const again = await Promise.allSettled([
      recordOrderRemittance(db, ADMIN, a.id, { remittedOn, reference: "BATCH-77" }),
      recordOrderRemittance(db, ADMIN, a.id, { remittedOn, reference: "BATCH-77" }),
    ]);
    expect(again.every((attempt) => attempt.status === "rejected")).toBe(true);
    const [payment] = await findOrderPayments(db, a.id);
    expect(payment).toMatchObject({ status: "remitted", remittanceReference: "BATCH-77" });

    // Bad input: a clear refusal with the field named, nothing written.
    expect(
      await failure(recordOrderRemittance(db, ADMIN, notDelivered.id, { remittedOn: "", reference: "x" })),
    ).toMatchObject({ code: "validation-failed" });
    const tomorrow = indiaDay(Date.now() + 3 * DAY);
    expect(
      await failure(recordOrderRemittance(db, ADMIN, a.id, { remittedOn: tomorrow, reference: "BATCH-78" })),
    ).toMatchObject({ code: "validation-failed", message: "The remittance day cannot be in the future." });
    // Only the shop may say so.
    expect(
      await failure(recordCashRemittance(db, makeVisitor(), { orderIds: [a.id], remittedOn, reference: "BATCH-79" })),
    ).toMatchObject({ code: "unauthenticated" });
  });

  it("the administrator's Cash collected step before delivery is not recorded twice by the delivery", async () => {
    const { db } = database();
    const buyer = makeVisitor();
    await addToCart(db, buyer, { productId: await makeProduct(db), size: "M", quantity: 1 });
    const placed = await placeOrder(db, buyer, checkoutDetails(), atShop());
    await changeStatus(db, SYSTEM, { orderId: placed.id, from: "placed", to: "shipped" });
    await markCashCollected(db, ADMIN, placed.id);
    await changeStatus(db, SYSTEM, { orderId: placed.id, from: "shipped", to: "delivered" });
    expect((await findOrderPayments(db, placed.id)).length).toBe(1);
    const labels = (await moneyStory(db, ADMIN, placed.id)).map((event) => event.label);
    expect(labels.filter((label) => label === "Cash collected by the courier")).toHaveLength(1);
  });
});
