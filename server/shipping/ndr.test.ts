import { afterAll, beforeAll, expect, it } from "vitest";
import { indiaDay } from "#core/dates.ts";
import { orderRow } from "../orders/order-rows.service.ts";
import { failure } from "../testing/app-error.ts";
import { auditEntriesOf, staffActor } from "../testing/back-office.ts";
import { actorFor, makeCustomer } from "../testing/factories.ts";
import { type LocalCourier, startLocalCourier } from "../testing/local-courier.ts";
import { ADMIN } from "../testing/return-fixtures.ts";
import { book, courierNews, placedOrder, shipmentOf } from "../testing/shipping.ts";
import { describeEachDatabase } from "../testing/test-databases.ts";
import { answerFailedDelivery, answerFailedDeliveryAsAdmin, NDR_WINDOW_MS, openNdrs } from "./ndr.service.ts";
import { parcelTracking } from "./parcel-views.service.ts";
import { recordCarrierNews } from "./shipment-news.service.ts";
import { ShiprocketCarrier } from "./shiprocket.ts";

/*
 * Rescuing a failed delivery (record 43): after an NDR the buyer, on the parcel's tracking page, or
 * the administrator asks the courier to deliver again on a day within its window, at a new address
 * or phone, or to bring the parcel back; one answer per attempt, sent as the courier's NDR action.
 */

const DAY = 24 * 60 * 60 * 1000;

describeEachDatabase("a failed delivery and its rescue", (database) => {
  let courier: LocalCourier;
  let carrier: ShiprocketCarrier;

  beforeAll(async () => {
    courier = await startLocalCourier();
    carrier = new ShiprocketCarrier(courier.settings());
  });
  afterAll(async () => courier.close());

  /** A booked order whose first delivery attempt failed an hour ago (as the courier's tracking also says). */
  async function failedDelivery() {
    const { db } = database();
    // The local courier's parcel leads a life with a failed attempt, so that it takes NDR actions.
    const order = await placedOrder(db, { details: { address: "Flat 7, Palm Court, Linking Road life:ndr" } });
    await book(db, carrier, order.id);
    const shipment = await shipmentOf(db, order.id);
    const awb = shipment.awb ?? "";
    for (let step = 0; step < 6; step++) await courier.advance(awb);
    const failedAt = Date.now() - 60 * 60 * 1000;
    for (const [label, at] of [
      ["PICKED UP", failedAt - 3 * 60 * 60 * 1000],
      ["OUT FOR DELIVERY", failedAt - 60 * 60 * 1000],
      ["UNDELIVERED", failedAt],
    ] as const) {
      await recordCarrierNews(db, courierNews(awb, label, at, "Consignee unavailable"), Date.now());
    }
    return { order, token: shipment.trackingToken, awb, shipmentId: shipment.id, failedAt };
  }

  it("offers the next three days, sends the day chosen as a re-attempt, and takes one answer per attempt", async () => {
    const { db } = database();
    const parcel = await failedDelivery();
    const now = Date.now();
    const view = await parcelTracking(db, parcel.token, now);
    const days = [1, 2, 3].map((n) => indiaDay(now + n * DAY));
    expect(view).toMatchObject({ status: "delivery-failed", ndr: { attempt: 1, open: true, days, asked: null } });

    const notOffered = indiaDay(now + 6 * DAY);
    expect(
      await failure(
        answerFailedDelivery({ db, carrier }, parcel.token, { choice: "deliver-again", deliverOn: notOffered }),
      ),
    ).toMatchObject({
      code: "validation-failed",
      message: "Please choose one of the days offered.",
    });
    const deps = { db, carrier };
    const choose = () => answerFailedDelivery(deps, parcel.token, { choice: "deliver-again", deliverOn: days[1] });
    const both = await Promise.allSettled([choose(), choose()]);
    expect(both.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    expect(courier.parcelByAwb(parcel.awb)?.ndrActions).toMatchObject([
      { action: "re-attempt", deferredDate: days[1], comments: `Please deliver again on ${days[1]}.` },
    ]);
    expect(await failure(choose())).toMatchObject({ code: "stale-update" });
    expect((await parcelTracking(db, parcel.token)).ndr).toMatchObject({
      open: false,
      asked: { action: "re-attempt", deliverOn: days[1] },
    });
  });

  it("sends a corrected address and phone with the re-attempt", async () => {
    const { db } = database();
    const parcel = await failedDelivery();
    await answerFailedDelivery({ db, carrier }, parcel.token, {
      choice: "change-details",
      address: "Flat 12, Sea View Towers, Carter Road, Bandra West",
      phone: "+91 98765 43210",
    });
    expect(courier.parcelByAwb(parcel.awb)?.ndrActions).toMatchObject([
      {
        action: "re-attempt",
        address1: "Flat 12, Sea View Towers",
        address2: "Carter Road, Bandra West",
        phone: "9876543210",
      },
    ]);
    const request = await db
      .selectFrom("ndrRequests")
      .selectAll()
      .where("shipmentId", "=", parcel.shipmentId)
      .executeTakeFirst();
    expect(request).toMatchObject({ askedBy: "buyer", status: "sent", phone: "9876543210" });
  });

  it("brings the parcel back when the buyer cancels, and the order ends as the parcel comes back", async () => {
    const { db } = database();
    const parcel = await failedDelivery();
    expect(await answerFailedDelivery({ db, carrier }, parcel.token, { choice: "cancel" })).toBe(
      "The courier will bring the parcel back to us, and the order will be cancelled.",
    );
    expect(courier.parcelByAwb(parcel.awb)?.ndrActions).toMatchObject([{ action: "return" }]);
    const at = Date.now();
    await recordCarrierNews(db, courierNews(parcel.awb, "RTO INITIATED", at), at);
    await recordCarrierNews(db, courierNews(parcel.awb, "RTO DELIVERED", at + 1000), at);
    expect((await orderRow(db, { id: parcel.order.id }))?.status).toBe("returned-to-origin");
  });

  it("refuses an answer after the courier's window, a bad phone, and a parcel not waiting on an attempt", async () => {
    const { db } = database();
    const parcel = await failedDelivery();
    const late = parcel.failedAt + NDR_WINDOW_MS + 1000;
    expect(
      await failure(answerFailedDelivery({ db, carrier }, parcel.token, { choice: "cancel" }, late)),
    ).toMatchObject({
      code: "invalid-transition",
      message: "It is too late to choose for this attempt: the courier tries again by itself.",
    });
    expect(
      await failure(answerFailedDelivery({ db, carrier }, parcel.token, { choice: "change-details", phone: "12345" })),
    ).toMatchObject({ code: "validation-failed" });
    expect(await failure(answerFailedDelivery({ db, carrier }, "x".repeat(43), { choice: "cancel" }))).toMatchObject({
      code: "not-found",
    });
    const order = await placedOrder(db);
    await book(db, carrier, order.id);
    const booked = await shipmentOf(db, order.id);
    expect(
      await failure(answerFailedDelivery({ db, carrier }, booked.trackingToken, { choice: "cancel" })),
    ).toMatchObject({
      code: "invalid-transition",
    });
  });

  it("takes the answer back when the courier refuses it, so that it can be given again", async () => {
    const { db } = database();
    const parcel = await failedDelivery();
    // The courier has moved the parcel on (out for delivery again): it refuses an NDR action now.
    await courier.advance(parcel.awb);
    expect(await failure(answerFailedDelivery({ db, carrier }, parcel.token, { choice: "cancel" }))).toMatchObject({
      code: "courier-refused",
      message: "The courier did not take the request: Action cannot be taken: the shipment is not in NDR.",
    });
    expect(
      await db.selectFrom("ndrRequests").selectAll().where("shipmentId", "=", parcel.shipmentId).execute(),
    ).toEqual([]);
    expect((await parcelTracking(db, parcel.token)).ndr).toMatchObject({ open: true, asked: null });
  });

  it("lists the open failed deliveries for the administrator, with each attempt and answer, and lets the administrator answer", async () => {
    const { db } = database();
    const parcel = await failedDelivery();
    const customer = actorFor(await makeCustomer(db));
    expect(await failure(openNdrs(db, customer, 1))).toMatchObject({ code: "forbidden" });
    const days = [1, 2, 3].map((n) => indiaDay(Date.now() + n * DAY));
    await answerFailedDeliveryAsAdmin({ db, carrier }, ADMIN, parcel.shipmentId, {
      choice: "deliver-again",
      deliverOn: days[0],
    });
    const pages = [];
    for (let page = 1; ; page++) {
      const listed = await openNdrs(db, ADMIN, page);
      pages.push(...listed.rows);
      if (!listed.hasNext) break;
    }
    const row = pages.find((entry) => entry.id === parcel.shipmentId);
    // The answer a member of staff gave is an audit entry; the buyer's own answers are not.
    expect(await auditEntriesOf(db, parcel.order.id)).toContainEqual(
      expect.objectContaining({
        kind: "order.failed-delivery-answered",
        after: { awb: parcel.awb, action: "re-attempt", attempt: 1, deliverOn: days[0] },
      }),
    );
    expect(await failure(openNdrs(db, staffActor("packer"), 1))).toMatchObject({ code: "forbidden" });
    expect(row).toMatchObject({
      orderNumber: parcel.order.orderNumber,
      attempts: 1,
      attemptsSeen: [{ at: parcel.failedAt, activity: "Consignee unavailable" }],
      requests: [{ action: "re-attempt", deliverOn: days[0], askedBy: "owner:admin@shop.test", status: "sent" }],
      until: parcel.failedAt + NDR_WINDOW_MS,
    });
  });
});
