import { sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Db } from "../db/schema.ts";
import { orderRow } from "../orders/order-rows.service.ts";
import { failure } from "../testing/app-error.ts";
import { type LocalCourier, startLocalCourier } from "../testing/local-courier.ts";
import { webhookTimestamp } from "../testing/local-courier-lives.ts";
import { book, courierNews, placedOrder, shipmentOf } from "../testing/shipping.ts";
import { describeEachDatabase } from "../testing/test-databases.ts";
import { orderParcel, orderTrackingUrl, parcelTracking } from "./parcel-views.service.ts";
import { recordCarrierNews } from "./shipment-news.service.ts";
import { receiveShipmentWebhook } from "./shipment-webhook.service.ts";
import { insertShipmentEvent, listShipmentEvents } from "./shipments.repository.ts";
import { ShiprocketCarrier } from "./shiprocket.ts";
import { BOOKING_RETRY_AFTER_MS, retryBookings, SILENT_AFTER_MS, trackSilentShipments } from "./tracking-job.ts";

/*
 * Following a parcel (record 43): the buyer's tracking page by its token alone, news that came
 * before the booking stored its AWB, the tracking API asked about parcels silent for 6 hours, and
 * bookings the courier was too busy for tried again by the job.
 */

const HOUR = 60 * 60 * 1000;

/** PostgreSQL sessions of this database waiting for another's lock. */
async function writesWaiting(db: Db): Promise<number> {
  const { rows } = await sql<{ waiting: number }>`
    select count(*)::int as waiting from pg_stat_activity
    where datname = current_database() and wait_event_type = 'Lock'`.execute(db);
  return rows[0]?.waiting ?? 0;
}

describeEachDatabase("following a parcel", (database) => {
  let courier: LocalCourier;
  let carrier: ShiprocketCarrier;

  beforeAll(async () => {
    courier = await startLocalCourier();
    carrier = new ShiprocketCarrier(courier.settings(), { attempts: 1, maxWaitMs: 0, baseDelayMs: 0 });
  });
  afterAll(async () => courier.close());

  /** The AWB the courier gives the order, asked for as the booking asks, before the booking stores it. */
  async function awbBeforeBooking(orderNumber: string): Promise<string> {
    const created = await carrier.createShipment({
      reference: orderNumber,
      orderedAt: Date.now(),
      to: {
        name: "Asha Verma",
        address: "Flat 7, Palm Court",
        city: "Mumbai",
        state: "Maharashtra",
        pincode: "400050",
        phone: "9820012345",
        email: "a@mail.in",
      },
      items: [{ name: "Kurta", sku: "K-M", quantity: 1, unitPrice: 149_900 }],
      payment: { method: "cod", collect: 149_900 },
      value: 149_900,
      parcel: { weightGrams: 530, lengthCm: 32, breadthCm: 26, heightCm: 5 },
    });
    const [assigned] = await carrier.assignAwbs([created.carrierShipmentId]);
    if (!assigned?.ok) throw new Error("The courier gave no AWB.");
    return assigned.value.awb;
  }

  it("shows the buyer's tracking page by its token only: the courier, the AWB, the place, each scan newest first", async () => {
    const { db } = database();
    const order = await placedOrder(db, { details: { city: "Pune", stateCode: "27", pincode: "411001" } });
    await book(db, carrier, order.id);
    const shipment = await shipmentOf(db, order.id);
    const awb = shipment.awb ?? "";
    const at = Date.now();
    await recordCarrierNews(db, { ...courierNews(awb, "PICKED UP", at), location: "Bhiwandi_DC (Maharashtra)" }, at);
    await recordCarrierNews(db, courierNews(awb, "OUT FOR PICKUP", at - HOUR), at);
    await recordCarrierNews(
      db,
      courierNews(awb, "IN TRANSIT", at + HOUR, "Shipment in transit"),
      at,
      at + 3 * 24 * HOUR,
    );

    const view = await parcelTracking(db, shipment.trackingToken);
    expect(view).toMatchObject({
      orderNumber: order.orderNumber,
      courierName: "Delhivery Surface",
      awb,
      status: "in-transit",
      statusLabel: "In transit",
      destination: "Pune 411001",
      expectedDeliveryAt: at + 3 * 24 * HOUR,
      ndr: null,
    });
    expect(view.amountDue).toBeGreaterThan(0);
    expect(view.scans.map((scan) => [scan.label, scan.activity, scan.location])).toEqual([
      ["In transit", "Shipment in transit", null],
      ["Picked up", null, "Bhiwandi DC (Maharashtra)"],
      ["Out for pickup", null, null],
    ]);
    // The page shows no street, no phone (not even part of it) and no e-mail of the buyer. The AWB,
    // checked above, is left out of the search: its random digits may hold any five in a row.
    expect(JSON.stringify({ ...view, awb: undefined })).not.toMatch(/Palm Court|98200|@mail\.in/);

    const changed = `${shipment.trackingToken.slice(0, -1)}${shipment.trackingToken.endsWith("A") ? "B" : "A"}`;
    for (const token of [changed, order.accessToken, "short", `${shipment.trackingToken}/../x`]) {
      expect(await failure(parcelTracking(db, token))).toMatchObject({ code: "not-found" });
    }
    expect(await orderParcel(db, order.actor, { accessToken: order.accessToken })).toMatchObject({
      awb,
      statusLabel: "In transit",
      trackingPath: `/track/${shipment.trackingToken}`,
    });
    expect(await orderTrackingUrl(db, "https://kesar.example", order.id)).toBe(
      `https://kesar.example/track/${shipment.trackingToken}`,
    );
  });

  it("keeps news that came before the booking stored its AWB, and applies it once the AWB is stored", async () => {
    const { db } = database();
    const order = await placedOrder(db);
    // The courier's answer with the AWB is slow; its first webhook is not.
    const awb = await awbBeforeBooking(order.orderNumber);
    const at = Date.now();
    expect(await recordCarrierNews(db, courierNews(awb, "PICKED UP", at), at)).toMatchObject({
      shipmentId: null,
      moved: null,
    });

    expect(await book(db, carrier, order.id)).toMatchObject({ outcome: "booked", awb });
    const shipment = await shipmentOf(db, order.id);
    expect(shipment).toMatchObject({ status: "picked-up", awb });
    expect((await listShipmentEvents(db, shipment.id)).map((event) => [event.rawStatus, event.applied])).toEqual([
      ["PICKED UP", 1],
    ]);
    expect((await orderRow(db, { id: order.id }))?.status).toBe("shipped");
  });

  it("applies news whose webhook was still being recorded while the booking stored its AWB, once both have committed", async () => {
    const { db, engine } = database();
    const order = await placedOrder(db);
    const awb = await awbBeforeBooking(order.orderNumber);
    const at = Math.floor(Date.now() / 1000) * 1000;
    const body = JSON.stringify({
      awb,
      current_status: "PICKED UP",
      current_timestamp: webhookTimestamp(at),
      order_id: order.orderNumber,
      scans: [],
    });
    const receive = () =>
      receiveShipmentWebhook(db, courier.settings(), { token: courier.webhookToken, body: Buffer.from(body) });
    if (engine === "sqlite") {
      // One writer at a time: the webhook and the booking follow each other, the news first.
      expect(await receive()).toMatchObject({ status: "unknown-awb" });
      expect(await book(db, carrier, order.id)).toMatchObject({ outcome: "booked", awb });
    } else {
      // The webhook has looked for the AWB (not stored yet) and is writing its news when the booking
      // stores the AWB and commits: a transaction writing the same news holds the webhook's write
      // until the booking is done, then gives way.
      let giveWay = () => {};
      const held = new Promise<void>((resolve) => {
        giveWay = resolve;
      });
      let holding = () => {};
      const holds = new Promise<void>((resolve) => {
        holding = resolve;
      });
      const holder = db
        .transaction()
        .execute(async (trx) => {
          await insertShipmentEvent(trx, {
            shipmentId: null,
            awb,
            rawStatus: "PICKED UP",
            rawStatusId: null,
            status: "picked-up",
            known: 1,
            applied: 0,
            happenedAt: at,
            receivedAt: at,
            location: null,
            activity: null,
          });
          holding();
          await held;
          throw new Error("given way");
        })
        .catch(() => undefined);
      try {
        await holds;
        const webhook = receive();
        await expect.poll(() => writesWaiting(db), { timeout: 5_000 }).toBeGreaterThan(0);
        expect(await book(db, carrier, order.id)).toMatchObject({ outcome: "booked", awb });
        giveWay();
        await holder;
        expect(await webhook).toMatchObject({ status: "recorded", moved: "booked → picked-up" });
      } finally {
        giveWay();
      }
    }
    const shipment = await shipmentOf(db, order.id);
    expect(shipment).toMatchObject({ status: "picked-up", awb });
    expect((await listShipmentEvents(db, shipment.id)).map((event) => [event.rawStatus, event.applied])).toEqual([
      ["PICKED UP", 1],
    ]);
    expect((await orderRow(db, { id: order.id }))?.status).toBe("shipped");
  });

  it("asks the tracking API about parcels silent for 6 hours, records what it says once, and waits 6 hours more", async () => {
    const { db } = database();
    const order = await placedOrder(db);
    await book(db, carrier, order.id);
    const awb = (await shipmentOf(db, order.id)).awb ?? "";
    // The courier moved the parcel on, but its webhooks never came (this courier sends none).
    for (let step = 0; step < 3; step++) await courier.advance(awb);
    const later = Date.now() + SILENT_AFTER_MS + HOUR;
    const first = await trackSilentShipments(db, carrier, later);
    expect(first.asked).toBeGreaterThanOrEqual(1);
    const shipment = await shipmentOf(db, order.id);
    expect(shipment).toMatchObject({ status: "in-transit", lastEventAt: later });
    expect(shipment.expectedDeliveryAt).not.toBeNull();
    expect((await listShipmentEvents(db, shipment.id)).map((event) => event.rawStatus)).toEqual([
      "PICKED UP",
      "SHIPPED",
      "IN TRANSIT",
    ]);
    expect((await orderRow(db, { id: order.id }))?.status).toBe("shipped");
    const again = await trackSilentShipments(db, carrier, later + HOUR);
    expect(again.asked).toBe(0);
  });

  it("tries a booking again once the courier was too busy for it, and books it", async () => {
    const { db } = database();
    const order = await placedOrder(db);
    courier.rateLimit(1, 60);
    expect(await book(db, carrier, order.id)).toMatchObject({ outcome: "failed", error: { retryable: true } });
    courier.rateLimit(0, null);
    expect(await retryBookings(db, carrier, Date.now())).toEqual([]);
    const results = await retryBookings(db, carrier, Date.now() + BOOKING_RETRY_AFTER_MS + 1000);
    expect(results.find((result) => result.orderId === order.id)).toMatchObject({ outcome: "booked" });
    expect(await shipmentOf(db, order.id)).toMatchObject({ status: "booked", bookingError: null });
  });
});
