import { afterAll, beforeAll, expect, it } from "vitest";
import type { Db } from "../db/schema.ts";
import { orderRow } from "../orders/order-rows.service.ts";
import { changeStatus } from "../orders/orders.service.ts";
import { findRefunds } from "../payments/payments.repository.ts";
import { pointsSummary } from "../rewards/rewards.service.ts";
import { failure } from "../testing/app-error.ts";
import { auditEntriesOf, staffActor } from "../testing/back-office.ts";
import { actorFor, makeCustomer } from "../testing/factories.ts";
import { type LocalCourier, startLocalCourier } from "../testing/local-courier.ts";
import { mailsTo } from "../testing/outbox.ts";
import { ADMIN, stockOf } from "../testing/return-fixtures.ts";
import { book, courierNews, paidOnlineOrder, placedOrder, shipmentOf } from "../testing/shipping.ts";
import { describeEachDatabase } from "../testing/test-databases.ts";
import { checkInParcel } from "./check-in.service.ts";
import { recordCarrierNews } from "./shipment-news.service.ts";
import { ShiprocketCarrier } from "./shiprocket.ts";

/*
 * The order follows its parcel through the order machine (record 43): Shipped when the courier
 * picks it up, Delivered when it is delivered, with every effect of the administrator's own moves
 * (points, cash collected, the review invitation, the return window, the mails with the tracking
 * page); a parcel that comes back is Returned to origin (cash, unpaid) or Cancelled and refunded
 * (paid), its pieces on the shelf only once it is checked in.
 */

const HOUR = 60 * 60 * 1000;

describeEachDatabase("an order following its parcel", (database) => {
  let courier: LocalCourier;
  let carrier: ShiprocketCarrier;

  beforeAll(async () => {
    courier = await startLocalCourier();
    carrier = new ShiprocketCarrier(courier.settings());
  });
  afterAll(async () => courier.close());

  /** An order booked with the courier; answers it with its AWB and a clock for the courier's news. */
  async function booked(order: { id: number }) {
    const { db } = database();
    await book(db, carrier, order.id);
    const shipment = await shipmentOf(db, order.id);
    let at = Date.now();
    const news = async (label: string, activity: string | null = null) => {
      at += HOUR;
      return recordCarrierNews(db, courierNews(shipment.awb ?? "", label, at, activity), Date.now());
    };
    return { shipment, news };
  }

  async function status(db: Db, orderId: number) {
    return (await orderRow(db, { id: orderId }))?.status;
  }

  it("ships on pickup and delivers on delivery: points spendable, cash collected, the review asked, mails with the tracking page", async () => {
    const { db } = database();
    const customer = await makeCustomer(db);
    const actor = actorFor(customer);
    const order = await placedOrder(db, { price: 249_900, actor, details: { email: customer.email } });
    const { shipment, news } = await booked(order);
    const trackingPath = `/track/${shipment.trackingToken}`;
    expect(await status(db, order.id)).toBe("placed");

    expect((await news("PICKED UP")).moved).toEqual({ from: "booked", to: "picked-up" });
    expect(await orderRow(db, { id: order.id })).toMatchObject({
      status: "shipped",
      courier: "Delhivery Surface",
      trackingNumber: shipment.awb,
    });
    const history = await db.selectFrom("orderStatusHistory").selectAll().where("orderId", "=", order.id).execute();
    expect(history.at(-1)).toMatchObject({ fromStatus: "placed", toStatus: "shipped", actor: "system:courier" });
    await news("IN TRANSIT");
    await news("OUT FOR DELIVERY");
    expect((await pointsSummary(db, actor)).pending).toBe(24);
    await news("DELIVERED");

    expect(await orderRow(db, { id: order.id })).toMatchObject({ status: "delivered", paymentStatus: "cod-collected" });
    expect((await orderRow(db, { id: order.id }))?.deliveredAt).not.toBeNull();
    expect(await pointsSummary(db, actor)).toMatchObject({ balance: 24, pending: 0 });
    const mails = (await mailsTo(db, customer.email)).filter((mail) => mail.kind !== "verify-email");
    expect(mails.map((mail) => [mail.kind, mail.payload.status ?? mail.payload.news])).toEqual([
      ["order-placed", undefined],
      ["order-status", "shipped"],
      ["parcel-news", "out-for-delivery"],
      ["order-status", "delivered"],
      ["review-invitation", undefined],
    ]);
    for (const mail of mails.slice(1, 4)) expect(mail.payload.trackingPath).toBe(trackingPath);
    expect(mails[1]?.subject).toBe(`Your order ${order.orderNumber} has shipped`);
    expect(mails[2]?.subject).toBe(`Your order ${order.orderNumber} is out for delivery`);
  });

  it("ships and delivers a parcel whose courier skipped every scan before the delivery", async () => {
    const { db } = database();
    const order = await placedOrder(db);
    const { news } = await booked(order);
    await news("DELIVERED");
    expect(await status(db, order.id)).toBe("delivered");
    const history = await db.selectFrom("orderStatusHistory").selectAll().where("orderId", "=", order.id).execute();
    expect(history.map((entry) => entry.toStatus)).toEqual(["placed", "shipped", "delivered"]);
  });

  it("mails a failed attempt with what the courier said, and counts each attempt", async () => {
    const { db } = database();
    const order = await placedOrder(db);
    const { shipment, news } = await booked(order);
    await news("OUT FOR DELIVERY");
    await news("UNDELIVERED", "Consignee unavailable");
    expect(await shipmentOf(db, order.id)).toMatchObject({ status: "delivery-failed", attempts: 1 });
    expect(await status(db, order.id)).toBe("shipped");
    const failed = (await mailsTo(db, order.email)).find((mail) => mail.payload.news === "delivery-failed");
    expect(failed).toMatchObject({
      subject: `We could not deliver your order ${order.orderNumber}`,
      payload: { attempts: 1, activity: "Consignee unavailable", trackingPath: `/track/${shipment.trackingToken}` },
    });
  });

  it("returns an unpaid cash parcel to origin, its pieces back on the shelf only once checked in", async () => {
    const { db } = database();
    const order = await placedOrder(db, { quantity: 2 });
    expect(await stockOf(db, order.productId, "M")).toBe(8);
    const { news } = await booked(order);
    for (const label of ["PICKED UP", "OUT FOR DELIVERY", "UNDELIVERED", "RTO INITIATED", "RTO DELIVERED"]) {
      await news(label);
    }
    expect(await orderRow(db, { id: order.id })).toMatchObject({
      status: "returned-to-origin",
      paymentStatus: "cod-due",
      awaitingCheckIn: 1,
    });
    expect((await orderRow(db, { id: order.id }))?.creditNoteNumber).toMatch(/^CN\//);
    expect(await stockOf(db, order.productId, "M")).toBe(8);
    expect(await findRefunds(db, order.id)).toEqual([]);

    expect(await failure(checkInParcel(db, staffActor("catalogue"), order.id))).toMatchObject({ code: "forbidden" });
    // At the warehouse, whoever packs checks it in: once, however often it is pressed, and an audit entry.
    const packer = staffActor("packer");
    const checkIns = await Promise.allSettled([
      checkInParcel(db, packer, order.id),
      checkInParcel(db, packer, order.id),
    ]);
    expect(checkIns.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    expect((await auditEntriesOf(db, order.id)).filter((entry) => entry.kind === "order.checked-in")).toEqual([
      {
        kind: "order.checked-in",
        actor: packer.email,
        actorRole: "packer",
        after: { checkedInAt: expect.any(Number) },
      },
    ]);
    expect(await stockOf(db, order.productId, "M")).toBe(10);
    expect(await failure(checkInParcel(db, ADMIN, order.id))).toMatchObject({
      code: "invalid-transition",
      message: "This parcel was checked in already: its pieces are on the shelf.",
    });
  });

  it("cancels and refunds a paid parcel that came back, and checks it in the same way", async () => {
    const { db } = database();
    const order = await paidOnlineOrder(db);
    const { news } = await booked(order);
    for (const label of ["PICKED UP", "UNDELIVERED", "RTO DELIVERED"]) await news(label);
    const row = await orderRow(db, { id: order.id });
    expect(row).toMatchObject({
      status: "cancelled",
      cancelReason: "returned-to-sender",
      paymentStatus: "refunding",
      awaitingCheckIn: 1,
    });
    expect(await findRefunds(db, order.id)).toMatchObject([{ amount: row?.total, status: "requested" }]);
    const cancelled = (await mailsTo(db, order.email)).find((mail) => mail.payload.status === "cancelled");
    expect(cancelled?.payload).toMatchObject({ cancelReason: "returned-to-sender", refundAmount: row?.total });
    expect(await stockOf(db, order.productId, "M")).toBe(9);
    await checkInParcel(db, ADMIN, order.id);
    expect(await stockOf(db, order.productId, "M")).toBe(10);
  });

  it("leaves an order the administrator cancelled as it is, and says so on the shipment", async () => {
    const { db } = database();
    const order = await placedOrder(db);
    const { news } = await booked(order);
    await changeStatus(db, ADMIN, { orderId: order.id, from: "placed", to: "cancelled", reason: "customer-asked" });
    await news("PICKED UP");
    expect(await status(db, order.id)).toBe("cancelled");
    expect(await shipmentOf(db, order.id)).toMatchObject({
      status: "picked-up",
      orderProblem: "The order is cancelled, but the courier reports its parcel picked up.",
    });
    // A cancelled order is nothing to ship: the parcel moved, the order stays, and nothing failed.
    await news("DELIVERED");
    expect(await status(db, order.id)).toBe("cancelled");
  });
});
