import { afterAll, beforeAll, expect, it } from "vitest";
import { INDIA_OFFSET_MS } from "#core/dates.ts";
import { orderRow } from "#server/orders/order-rows.service.ts";
import { findLiveShipment, listShipmentEvents } from "#server/shipping/shipments.repository.ts";
import { ShiprocketCarrier } from "#server/shipping/shiprocket.ts";
import { makeCustomer } from "#server/testing/factories.ts";
import { type LocalCourier, startLocalCourier } from "#server/testing/local-courier.ts";
import { pdfText } from "#server/testing/pdf-text.ts";
import { placedOrder } from "#server/testing/shipping.ts";
import { describeEachDatabase } from "#server/testing/test-databases.ts";
import { cookiesFrom, FORM, form, startTestShop, type TestShop } from "./test-shop.ts";

/*
 * Courier fulfilment over HTTP (record 43): the order screen books the courier and prints the label
 * and slip, the courier's status webhook is proved by its token alone (a wrong or missing one is a
 * 401 that changes nothing), recorded once whatever comes twice or out of order, and the buyer's
 * tracking page opens by its unguessable token only, kept out of indexes, shared caches and Referers.
 */

const HOUR = 60 * 60 * 1000;

/** "23 05 2023 11:43:52": the webhook's clock, India time. */
function indiaClock(at: number): string {
  const [date = "", time = ""] = new Date(at + INDIA_OFFSET_MS).toISOString().slice(0, 19).split("T");
  const [year, month, day] = date.split("-");
  return `${day} ${month} ${year} ${time}`;
}

/** A status webhook's body as Shiprocket sends it. */
function statusBody(awb: string, label: string, at: number, orderId = "KS-0") {
  return JSON.stringify({
    awb,
    current_status: label,
    current_timestamp: indiaClock(at),
    order_id: orderId,
    scans: [],
  });
}

describeEachDatabase("courier fulfilment over HTTP", (database) => {
  let courier: LocalCourier;
  let shop: TestShop;
  let byHand: TestShop;
  const cookies = { admin: "", customer: "", adminByHand: "" };

  beforeAll(async () => {
    courier = await startLocalCourier();
    const settings = courier.settings();
    shop = await startTestShop(database(), {
      SHIPROCKET_EMAIL: settings.email,
      SHIPROCKET_PASSWORD: settings.password,
      SHIPROCKET_PICKUP_LOCATION: settings.pickupLocation,
      SHIPROCKET_WEBHOOK_TOKEN: settings.webhookToken,
      SHIPROCKET_API_URL: settings.apiUrl,
    });
    // The same database, without the courier's settings: the shop ships by hand.
    byHand = await startTestShop(database());
    const customer = await makeCustomer(shop.services.db);
    // Each shop signs its own sessions, so the administrator signs in to both.
    const logIn = async (email: string, password: string, on: TestShop = shop) =>
      cookiesFrom(
        await on.request({ method: "POST", url: "/login", headers: FORM, payload: form({ email, password }) }),
      );
    cookies.admin = await logIn("admin@shop.test", "Admin-password-1");
    cookies.adminByHand = await logIn("admin@shop.test", "Admin-password-1", byHand);
    cookies.customer = await logIn(customer.email, customer.password);
  });
  afterAll(async () => {
    await shop?.dispose();
    await byHand?.dispose();
    await courier?.close();
  });

  const get = (url: string, cookie = "", on: TestShop = shop) =>
    on.request({ method: "GET", url, headers: cookie ? { cookie } : {} });
  const book = (orderId: number) =>
    shop.request({
      method: "POST",
      url: `/admin/updateorderstatus?id=${orderId}`,
      headers: { ...FORM, cookie: cookies.admin, "sec-fetch-mode": "navigate" },
      payload: form({ intent: "book-courier" }),
    });
  /** A webhook as the courier posts it: no Origin, its token in x-api-key (or another, or none). */
  const hook = (body: string, token: string | null = courier.webhookToken) =>
    shop.app.inject({
      method: "POST",
      url: "/webhooks/shipments",
      headers: { "content-type": "application/json", ...(token === null ? {} : { "x-api-key": token }) },
      payload: body,
    });

  async function bookedOrder(details: Record<string, unknown> = {}) {
    const order = await placedOrder(shop.services.db, { details });
    const answer = await book(order.id);
    expect(answer.statusCode).toBe(302);
    const shipment = await findLiveShipment(shop.services.db, order.id);
    if (!shipment?.awb) throw new Error("Not booked.");
    return { order, shipment, awb: shipment.awb };
  }

  it("books from the order screen once however often it is pressed, and shows the parcel there", async () => {
    const { order, awb } = await bookedOrder();
    expect(await book(order.id)).toMatchObject({ statusCode: 302 });
    expect(courier.parcels.filter((parcel) => parcel.reference === order.orderNumber)).toHaveLength(1);
    const page = await get(`/admin/orders/${order.id}`, cookies.admin);
    expect(page.body).toContain(awb);
    expect(page.body).toContain(`/admin/orders/${order.id}/label`);
    expect(page.body).toContain(`/admin/orders/${order.id}/packing-slip`);
    const refused = await shop.request({
      method: "POST",
      url: `/admin/updateorderstatus?id=${order.id}`,
      headers: { ...FORM, cookie: cookies.customer },
      payload: form({ intent: "book-courier" }),
    });
    expect(refused.statusCode).not.toBe(302);
    expect([401, 403]).toContain(refused.statusCode);
  });

  it("books the ticked orders from the shipments page, each on its own, and shows what holds the others back", async () => {
    const plain = await placedOrder(shop.services.db);
    // ₹60,000 to Bengaluru: across states above ₹50,000, so not without its e-way bill.
    const costly = await placedOrder(shop.services.db, {
      price: 6_000_000,
      details: { city: "Bengaluru", stateCode: "29", pincode: "560001" },
    });
    const post = (payload: string, navigate = true) =>
      shop.request({
        method: "POST",
        url: "/admin/shipments?view=to-ship",
        headers: { ...FORM, cookie: cookies.admin, ...(navigate ? { "sec-fetch-mode": "navigate" } : {}) },
        payload,
      });
    const answer = await post(`intent=book&orderId=${plain.id}&orderId=${costly.id}`);
    expect(answer.statusCode).toBe(302);
    const booked = await findLiveShipment(shop.services.db, plain.id);
    expect(booked).toMatchObject({ status: "booked" });
    expect(await findLiveShipment(shop.services.db, costly.id)).toBeUndefined();
    const page = await get("/admin/shipments?view=to-ship", cookies.admin);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`Booked: Delhivery Surface ${booked?.awb}`);
    expect(page.body).toContain("Needs its e-way bill number before booking");
    expect(page.body).toContain(`formAction="/admin/shipments/labels.pdf"`);

    const none = await post("intent=book", false);
    expect(none.statusCode).toBe(400);
    expect(none.body).toContain("Tick the orders to book first.");
    const forged = await shop.request({
      method: "POST",
      url: "/admin/shipments?view=to-ship",
      headers: { ...FORM, cookie: cookies.customer },
      payload: `intent=book&orderId=${costly.id}`,
    });
    expect([401, 403]).toContain(forged.statusCode);
    expect(await findLiveShipment(shop.services.db, costly.id)).toBeUndefined();
  });

  it("links the courier's own label, passed through as a PDF; without a courier the shop's label; and the slip's tracking page", async () => {
    const { order, awb, shipment } = await bookedOrder();
    const label = await get(`/admin/orders/${order.id}/label`, cookies.admin);
    expect(label.statusCode).toBe(200);
    expect(label.headers["content-type"]).toBe("application/pdf");
    expect(label.headers["cache-control"]).toBe("private, no-store");
    expect(label.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const courierText = pdfText(label.rawPayload);
    expect(courierText).toContain(`AWB ${awb}`);
    // The local courier prints its own return address: this is its document, not the shop's.
    expect(courierText).toContain("Pickup location registered with the local courier");

    const ours = pdfText((await get(`/admin/orders/${order.id}/label`, cookies.adminByHand, byHand)).rawPayload);
    expect(ours).toContain(`AWB ${awb}`);
    expect(ours).toContain("Kesar Fashion Private Limited");

    const slip = await get(`/admin/orders/${order.id}/packing-slip`, cookies.admin);
    expect(slip.headers["content-type"]).toBe("application/pdf");
    // The tracking page's address stands whole on one line, whatever hyphens its token has.
    expect(pdfText(slip.rawPayload)).toContain(`/track/${shipment.trackingToken} `);

    for (const cookie of [cookies.customer, ""]) {
      const refused = await get(`/admin/orders/${order.id}/label`, cookie);
      expect(refused.statusCode).toBe(302);
      expect(refused.rawPayload.subarray(0, 5).toString()).not.toBe("%PDF-");
    }
    const bulk = await get(`/admin/shipments/parcel-papers.pdf?orderId=${order.id}`, cookies.admin);
    expect(bulk.headers["content-type"]).toBe("application/pdf");
    expect(pdfText(bulk.rawPayload)).toContain("Packing slip");
  });

  it("refuses a webhook with a wrong or missing token with 401, changing nothing", async () => {
    const { order, awb, shipment } = await bookedOrder();
    const body = statusBody(awb, "DELIVERED", Date.now());
    for (const token of ["guessed-token-0000000000", null, `${courier.webhookToken} `, ""]) {
      const answer = await hook(body, token);
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toMatchObject({ error: "unauthenticated" });
    }
    expect(await listShipmentEvents(shop.services.db, shipment.id)).toEqual([]);
    expect(await findLiveShipment(shop.services.db, order.id)).toMatchObject({ status: "booked" });
    expect((await orderRow(shop.services.db, { id: order.id }))?.status).toBe("placed");
    // A shop without the courier's settings takes no status updates at all.
    const plain = await byHand.app.inject({
      method: "POST",
      url: "/webhooks/shipments",
      headers: { "content-type": "application/json", "x-api-key": courier.webhookToken },
      payload: body,
    });
    expect(plain.statusCode).toBe(401);
  });

  it("records news once however often it comes, never moves a parcel back, and keeps a status it does not know", async () => {
    const { order, awb, shipment } = await bookedOrder();
    const start = Date.now();
    const picked = statusBody(awb, "PICKED UP", start, order.orderNumber);
    expect((await hook(picked)).json()).toEqual({ status: "recorded", moved: "booked → picked-up" });
    expect((await hook(picked)).json()).toEqual({ status: "duplicate", moved: null });
    expect((await orderRow(shop.services.db, { id: order.id }))?.status).toBe("shipped");

    expect((await hook(statusBody(awb, "DELIVERED", start + 3 * HOUR))).json()).toMatchObject({
      moved: "picked-up → delivered",
    });
    expect((await hook(statusBody(awb, "OUT FOR DELIVERY", start + 2 * HOUR))).json()).toEqual({
      status: "recorded",
      moved: null,
    });
    const unknown = await hook(statusBody(awb, "HELD AT CUSTOMS", start + 4 * HOUR));
    expect(unknown.statusCode).toBe(200);
    expect(await findLiveShipment(shop.services.db, order.id)).toMatchObject({ status: "delivered" });
    expect((await orderRow(shop.services.db, { id: order.id }))?.status).toBe("delivered");
    const events = await listShipmentEvents(shop.services.db, shipment.id);
    expect(events.map((event) => [event.rawStatus, event.applied, event.known])).toEqual([
      ["PICKED UP", 1, 1],
      ["OUT FOR DELIVERY", 0, 1],
      ["DELIVERED", 1, 1],
      ["HELD AT CUSTOMS", 0, 0],
    ]);
    const malformed = await hook(JSON.stringify({ awb, current_status: "DELIVERED", current_timestamp: "yesterday" }));
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toContain("current_timestamp");
    expect((await hook("{not json")).statusCode).toBe(400);
  });

  it("keeps an update for an AWB not yet stored, and the booking claims it", async () => {
    const order = await placedOrder(shop.services.db);
    // The courier gives the AWB (asked here as the booking asks it) and sends news before the shop stores it.
    const direct = new ShiprocketCarrier(courier.settings());
    const created = await direct.createShipment({
      reference: order.orderNumber,
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
    const [assigned] = await direct.assignAwbs([created.carrierShipmentId]);
    const awb = assigned?.ok ? assigned.value.awb : "";
    expect((await hook(statusBody(awb, "PICKED UP", Date.now()))).json()).toEqual({
      status: "unknown-awb",
      moved: null,
    });
    expect((await book(order.id)).statusCode).toBe(302);
    expect(await findLiveShipment(shop.services.db, order.id)).toMatchObject({ awb, status: "picked-up" });
    expect((await orderRow(shop.services.db, { id: order.id }))?.status).toBe("shipped");
  });

  it("shows the tracking page in Hindi under /hi, its status and journey in Hindi", async () => {
    const { awb, shipment } = await bookedOrder();
    await hook(statusBody(awb, "PICKED UP", Date.now()));
    const page = await get(`/hi/track/${shipment.trackingToken}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="hi-IN"');
    expect(page.body).toContain("पार्सल का सफ़र");
    expect(page.body).toContain("पिकअप हो गया");
    expect(page.body).toContain(awb);
  });

  it("opens the tracking page by its token alone, private, unindexed and without a Referer; a wrong token finds nothing", async () => {
    const { order, awb, shipment } = await bookedOrder();
    await hook(statusBody(awb, "PICKED UP", Date.now()));
    const page = await get(`/track/${shipment.trackingToken}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers["cache-control"]).toBe("private, no-store");
    expect(page.headers["referrer-policy"]).toBe("no-referrer");
    expect(page.headers["x-robots-tag"]).toBe("noindex, nofollow");
    expect(page.body).toContain('<meta name="robots" content="noindex, follow"/>');
    expect(page.body).toContain(awb);
    expect(page.body).toContain("Picked up");
    expect(page.body).not.toContain("Palm Court");
    const orderPage = await get(`/orders/${order.accessToken}`);
    expect(orderPage.body).toContain(`/track/${shipment.trackingToken}`);

    const other = await bookedOrder();
    const altered = `${shipment.trackingToken.slice(0, -2)}${shipment.trackingToken.endsWith("AA") ? "BB" : "AA"}`;
    for (const token of [altered, order.accessToken, "x"]) {
      const missing = await get(`/track/${token}`);
      expect(missing.statusCode).toBe(404);
      expect(missing.body).not.toContain(awb);
      expect(missing.body).not.toContain(other.awb);
    }
  });

  it("takes the buyer's answer to a failed delivery on the tracking page and sends it to the courier", async () => {
    const { awb, shipment } = await bookedOrder({ address: "Flat 9, Sea Breeze, Hill Road life:ndr" });
    for (let step = 0; step < 6; step++) await courier.advance(awb);
    await hook(statusBody(awb, "UNDELIVERED", Date.now() - HOUR));
    const page = await get(`/track/${shipment.trackingToken}`);
    expect(page.body).toContain("We could not deliver your parcel");
    const answer = await shop.request({
      method: "POST",
      url: `/track/${shipment.trackingToken}`,
      headers: { ...FORM, "sec-fetch-mode": "navigate" },
      payload: form({ choice: "change-details", phone: "98765 43210" }),
    });
    expect(answer.statusCode).toBe(302);
    expect(courier.parcelByAwb(awb)?.ndrActions).toMatchObject([{ action: "re-attempt", phone: "9876543210" }]);
    const again = await shop.request({
      method: "POST",
      url: `/track/${shipment.trackingToken}`,
      headers: FORM,
      payload: form({ choice: "cancel" }),
    });
    expect(again.statusCode).toBe(409);
    expect(courier.parcelByAwb(awb)?.ndrActions).toHaveLength(1);
    const list = await get("/admin/shipments?view=ndr", cookies.admin);
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain(awb);
  });
});
