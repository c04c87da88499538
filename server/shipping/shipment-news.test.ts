import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { addToCart } from "../cart/cart.service.ts";
import type { Db } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { randomId } from "../ids.ts";
import { placeOrder } from "../orders/place-order.ts";
import { atShop, checkoutDetails, makeProduct, makeVisitor } from "../testing/factories.ts";
import { type LocalCourier, startLocalCourier } from "../testing/local-courier.ts";
import { describeEachDatabase } from "../testing/test-databases.ts";
import { recordCarrierNews } from "./shipment-news.service.ts";
import { readShipmentWebhook, webhookTokenMatches } from "./shipment-webhook.ts";
import {
  findLiveShipment,
  findShipment,
  findShipmentByTrackingToken,
  insertShipment,
  listShipmentEvents,
  listSilentShipments,
  listUnknownEvents,
  updateShipmentBooking,
} from "./shipments.repository.ts";
import { ShiprocketCarrier } from "./shiprocket.ts";

/*
 * The local courier plays parcels' lives through its webhook (duplicates and out-of-order
 * deliveries included) to a receiver that does what the shop's webhook route will do: check the
 * token, read the body, record the news. The shipments end where their lives end, each status
 * recorded once.
 */

/** A receiver of status webhooks in front of the database given. */
async function startReceiver(database: () => { db: Db }, token: string): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const answer = async () => {
        if (!webhookTokenMatches(token, request.headers["x-api-key"])) return 401;
        const webhook = readShipmentWebhook(Buffer.concat(chunks));
        await recordCarrierNews(database().db, webhook.event, Date.now());
        return 200;
      };
      void answer()
        .catch((error: unknown) => (error instanceof AppError ? error.status : 500))
        .then((status) => {
          response.writeHead(status).end();
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/shipments` };
}

describeEachDatabase("courier news of shipments", (database) => {
  let courier: LocalCourier;
  let carrier: ShiprocketCarrier;
  let receiver: Server;

  beforeAll(async () => {
    const token = `hook-${randomId(12)}`;
    const started = await startReceiver(database, token);
    receiver = started.server;
    courier = await startLocalCourier({ webhookUrl: started.url, webhookToken: token });
    carrier = new ShiprocketCarrier(courier.settings());
  });
  afterAll(async () => {
    await courier.close();
    await new Promise((resolve) => receiver.close(resolve));
  });

  /** An order placed and booked with the courier as the booking step will: a shipment with its AWB, pickup asked. */
  async function bookedParcel(life: string) {
    const { db } = database();
    const visitor = makeVisitor();
    const product = await makeProduct(db, { price: 149_900, sizes: { M: 5 } });
    await addToCart(db, visitor, { productId: product, size: "M" });
    const address = `Flat 7, Palm Court, Linking Road ${life}`;
    const order = await placeOrder(db, visitor, checkoutDetails({ address }), atShop());
    const now = Date.now();
    const shipmentId = await insertShipment(db, {
      orderId: order.id,
      carrier: "shiprocket",
      reference: order.orderNumber,
      carrierOrderId: null,
      carrierShipmentId: null,
      awb: null,
      courierName: null,
      status: "booking",
      statusAt: now,
      rawStatus: null,
      rawStatusId: null,
      paymentMethod: "cod",
      codAmount: 149_900,
      weightGrams: 500,
      lengthCm: 30,
      breadthCm: 25,
      heightCm: 4,
      labelUrl: null,
      trackingToken: randomId(),
      bookingError: null,
      pickupRequestedAt: null,
      lastEventAt: null,
      createdAt: now,
      updatedAt: now,
    });
    if (shipmentId === null) throw new Error("The shipment was not made.");
    const created = await carrier.createShipment({
      reference: order.orderNumber,
      orderedAt: now,
      to: {
        name: "Asha Verma",
        address,
        city: "Mumbai",
        state: "Maharashtra",
        pincode: "400050",
        phone: "9820012345",
        email: "a@mail.in",
      },
      items: [{ name: "Kurta, Size M", sku: `P${product}-M`, quantity: 1, unitPrice: 149_900 }],
      payment: { method: "cod", collect: 149_900 },
      value: 149_900,
      parcel: { weightGrams: 500, lengthCm: 30, breadthCm: 25, heightCm: 4 },
    });
    const [awb] = await carrier.assignAwbs([created.carrierShipmentId]);
    if (!awb?.ok) throw new Error("No AWB.");
    await carrier.requestPickups([created.carrierShipmentId]);
    await updateShipmentBooking(
      db,
      shipmentId,
      {
        carrierOrderId: created.carrierOrderId,
        carrierShipmentId: created.carrierShipmentId,
        awb: awb.value.awb,
        courierName: awb.value.courierName,
        pickupRequestedAt: now,
      },
      now,
    );
    await db.updateTable("shipments").set({ status: "booked" }).where("id", "=", shipmentId).execute();
    return { orderId: order.id, shipmentId, awb: awb.value.awb };
  }

  async function shipment(id: number) {
    const row = await findShipment(database().db, id);
    if (!row) throw new Error(`No shipment ${id}.`);
    return row;
  }

  it("follows a parcel delivered at the first attempt, each status recorded once though every webhook came twice", async () => {
    const parcel = await bookedParcel("life:delivered+dup");
    await courier.play(parcel.awb);
    const deliveries = courier.deliveries.filter((delivery) => delivery.awb === parcel.awb);
    expect(deliveries).toHaveLength(12);
    expect(deliveries.every((delivery) => delivery.answer === 200)).toBe(true);
    expect(await shipment(parcel.shipmentId)).toMatchObject({
      status: "delivered",
      rawStatus: "DELIVERED",
      rawStatusId: 7,
      attempts: 0,
    });
    const events = await listShipmentEvents(database().db, parcel.shipmentId);
    expect(events.map((event) => event.rawStatus)).toEqual([
      "PICKED UP",
      "SHIPPED",
      "IN TRANSIT",
      "REACHED AT DESTINATION HUB",
      "OUT FOR DELIVERY",
      "DELIVERED",
    ]);
  });

  it("ends a failed attempt then a delivery at delivered, with its news shuffled and repeated", async () => {
    const parcel = await bookedParcel("life:ndr+chaos");
    await courier.play(parcel.awb);
    const row = await shipment(parcel.shipmentId);
    expect(row).toMatchObject({ status: "delivered", attempts: 1 });
    const events = await listShipmentEvents(database().db, parcel.shipmentId);
    expect(events).toHaveLength(8);
    // Out of order, some news came after newer news and moved nothing, though it was kept.
    expect(events.filter((event) => event.applied === 0).length).toBeGreaterThan(0);
  });

  it("ends three failed attempts back at the seller, counting each attempt once", async () => {
    const parcel = await bookedParcel("life:rto+chaos");
    await courier.play(parcel.awb);
    expect(await shipment(parcel.shipmentId)).toMatchObject({
      status: "rto-delivered",
      rawStatus: "RTO DELIVERED",
      attempts: 3,
    });
    expect(await listShipmentEvents(database().db, parcel.shipmentId)).toHaveLength(12);
  });

  it("brings a parcel back when the shop answers its failed attempt with a return", async () => {
    const parcel = await bookedParcel("life:ndr");
    for (let step = 0; step < 6; step++) await courier.advance(parcel.awb);
    expect(await shipment(parcel.shipmentId)).toMatchObject({ status: "delivery-failed", attempts: 1 });
    await carrier.ndrAction(parcel.awb, "return", "The buyer refused the parcel");
    await courier.play(parcel.awb);
    expect(await shipment(parcel.shipmentId)).toMatchObject({ status: "rto-delivered", attempts: 1 });
  });

  it("records the tracking API's scans and the webhooks' news of the same events once", async () => {
    const parcel = await bookedParcel("life:delivered");
    await courier.play(parcel.awb);
    const tracked = await carrier.track(parcel.awb);
    expect(tracked.scans).toHaveLength(6);
    for (const scan of tracked.scans) {
      expect(await recordCarrierNews(database().db, scan, Date.now())).toMatchObject({ recorded: false, moved: null });
    }
    expect(await listShipmentEvents(database().db, parcel.shipmentId)).toHaveLength(6);
  });

  it("keeps news of a status it does not know, and of an AWB it does not know, moving nothing", async () => {
    const parcel = await bookedParcel("life:delivered");
    await courier.advance(parcel.awb);
    const body = (label: string, awb: string) => ({
      awb,
      current_status: label,
      current_status_id: 99,
      current_timestamp: "28 11 2026 10:15:00",
      order_id: "KS-1",
      scans: [],
    });
    expect(await courier.send(body("HELD AT CUSTOMS", parcel.awb))).toBe(200);
    expect(await courier.send(body("DELIVERED", "99999999999999"))).toBe(200);
    expect(await shipment(parcel.shipmentId)).toMatchObject({ status: "picked-up" });
    const unknown = await listUnknownEvents(database().db, 50);
    expect(unknown.find((event) => event.awb === parcel.awb)).toMatchObject({
      rawStatus: "HELD AT CUSTOMS",
      known: 0,
      applied: 0,
    });
    const stray = await database()
      .db.selectFrom("shipmentEvents")
      .selectAll()
      .where("awb", "=", "99999999999999")
      .executeTakeFirst();
    expect(stray).toMatchObject({ shipmentId: null, rawStatus: "DELIVERED", known: 1 });
  });

  it("refuses a forged or missing token, and a malformed body, recording nothing", async () => {
    const parcel = await bookedParcel("life:delivered");
    const news = {
      awb: parcel.awb,
      current_status: "DELIVERED",
      current_timestamp: "28 11 2026 18:00:00",
      order_id: "KS-1",
    };
    expect(await courier.send(news, { token: "guessed-token" })).toBe(401);
    expect(await courier.send(news, { token: null })).toBe(401);
    expect(await courier.send({ ...news, current_timestamp: "yesterday" })).toBe(400);
    expect(await courier.send("{not json")).toBe(400);
    expect(await listShipmentEvents(database().db, parcel.shipmentId)).toEqual([]);
    expect(await shipment(parcel.shipmentId)).toMatchObject({ status: "booked" });
  });

  it("keeps one live shipment per order, and lets a cancelled one be followed by another", async () => {
    const { db } = database();
    const parcel = await bookedParcel("life:delivered");
    const first = await shipment(parcel.shipmentId);
    expect((await findShipmentByTrackingToken(db, first.trackingToken))?.id).toBe(first.id);
    expect(await findShipmentByTrackingToken(db, randomId())).toBeUndefined();
    const again = { ...first, trackingToken: randomId(), reference: `${first.reference}-2` };
    const { id: _id, attempts: _attempts, ...copy } = again;
    expect(await insertShipment(db, copy)).toBeNull();
    await db.updateTable("shipments").set({ status: "cancelled" }).where("id", "=", first.id).execute();
    const next = await insertShipment(db, { ...copy, awb: null });
    expect(next).not.toBeNull();
    expect((await findLiveShipment(db, parcel.orderId))?.id).toBe(next);
  });

  it("lists the shipments on their way whose courier has been silent, never-heard-of first, and no finished ones", async () => {
    const { db } = database();
    const silent = await bookedParcel("life:delivered");
    const heard = await bookedParcel("life:delivered");
    await courier.advance(heard.awb);
    const finished = await bookedParcel("life:delivered");
    await courier.play(finished.awb);
    const listed = (await listSilentShipments(db, Date.now() + 1000, 500)).map((row) => row.id);
    expect(listed).toContain(silent.shipmentId);
    expect(listed).toContain(heard.shipmentId);
    expect(listed).not.toContain(finished.shipmentId);
    expect(listed.indexOf(silent.shipmentId)).toBeLessThan(listed.indexOf(heard.shipmentId));
    const recent = (await listSilentShipments(db, Date.now() - 60_000, 500)).map((row) => row.id);
    expect(recent).toContain(silent.shipmentId);
    expect(recent).not.toContain(heard.shipmentId);
  });
});
