import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type LocalCourier, startLocalCourier } from "../testing/local-courier.ts";
import { CarrierError, type ShipmentRequest } from "./carrier.ts";
import { ShiprocketCarrier } from "./shiprocket.ts";

/*
 * The Shiprocket client against the local courier, which keeps Shiprocket's rules: every call the
 * shop makes, and every refusal the shop must survive.
 */

const FAST_RETRY = { attempts: 3, maxWaitMs: 5_000, baseDelayMs: 10 };

let reference = 0;
function booking(overrides: Partial<ShipmentRequest> = {}): ShipmentRequest {
  reference += 1;
  return {
    reference: `KS-${200000 + reference}-${process.pid}`,
    orderedAt: Date.parse("2026-11-27T10:30:00+05:30"),
    to: {
      name: "Asha Verma",
      address: "Flat 7, Palm Court, Linking Road, Bandra West",
      city: "Mumbai",
      state: "Maharashtra",
      pincode: "400050",
      phone: "+91 98200 12345",
      email: "asha@mail.in",
    },
    items: [
      { name: "Zainab Lawn Suit, Size M", sku: "P12-M", quantity: 1, unitPrice: 429_900, hsn: "6204" },
      { name: "Kundan Jhumka, One Size", sku: "P31-ONE", quantity: 2, unitPrice: 89_900, hsn: "7117" },
    ],
    payment: { method: "cod", collect: 609_700 },
    value: 609_700,
    parcel: { weightGrams: 700, lengthCm: 30, breadthCm: 25, heightCm: 5 },
    ...overrides,
  };
}

async function failureOf(promise: Promise<unknown>): Promise<CarrierError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof CarrierError)) throw new Error(`Expected a CarrierError, got ${String(error)}`);
  return error;
}

function firstError<T>(results: readonly ({ ok: true; value: T } | { ok: false; error: CarrierError })[]) {
  const [result] = results;
  if (!result || result.ok) throw new Error("Expected the call to fail for the shipment.");
  return result.error;
}

describe("the Shiprocket client against the local courier", () => {
  let courier: LocalCourier;
  let carrier: ShiprocketCarrier;
  const logins = () => courier.calls.filter((call) => call.path === "/auth/login").length;

  beforeAll(async () => {
    courier = await startLocalCourier({ unserviceablePincodes: ["799001"] });
    carrier = new ShiprocketCarrier(courier.settings(), FAST_RETRY);
  });
  afterAll(async () => {
    await courier.close();
  });
  afterEach(() => {
    courier.rateLimit(0, null);
    courier.refuseEveryToken(false);
  });

  it("books a cash parcel under our order number: shipment, AWB, pickup, label and tracking", async () => {
    const request = booking();
    const created = await carrier.createShipment(request);
    expect(created).toMatchObject({ carrierStatus: "NEW" });
    const booked = courier.parcelByReference(request.reference);
    expect(booked?.order).toMatchObject({
      order_id: request.reference,
      order_date: "2026-11-27 10:30",
      pickup_location: courier.pickupLocation,
      payment_method: "COD",
      sub_total: 6097,
      billing_phone: "9820012345",
      billing_pincode: "400050",
      weight: 0.7,
      order_items: [
        { sku: "P12-M", units: 1, selling_price: 4299 },
        { sku: "P31-ONE", units: 2, selling_price: 899 },
      ],
    });

    const [awb] = await carrier.assignAwbs([created.carrierShipmentId]);
    if (!awb?.ok) throw new Error("The AWB was not assigned.");
    expect(awb.value).toMatchObject({ awb: booked?.awb, courierName: "Delhivery Surface" });
    const [pickup] = await carrier.requestPickups([created.carrierShipmentId]);
    expect(pickup).toMatchObject({ ok: true, value: { reference: expect.stringContaining("LOCAL") } });

    const labels = await carrier.labels([created.carrierShipmentId]);
    expect(labels).toMatchObject({ made: [created.carrierShipmentId], notMade: [] });
    const pdf = await fetch(labels.url ?? "");
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect((await pdf.arrayBuffer()).byteLength).toBeGreaterThan(1000);

    expect(await carrier.track(awb.value.awb)).toMatchObject({ latest: null, scans: [] });
    await courier.advance(awb.value.awb);
    await courier.advance(awb.value.awb);
    const tracked = await carrier.track(awb.value.awb);
    expect(tracked.scans.map((scan) => [scan.rawStatus, scan.status])).toEqual([
      ["PICKED UP", "picked-up"],
      ["SHIPPED", "picked-up"],
    ]);
    expect(tracked.latest).toMatchObject({ rawStatus: "SHIPPED", rawStatusId: 6, status: "picked-up", known: true });
    expect(tracked.expectedDeliveryAt).toBeGreaterThan(Date.now());
  });

  it("books a prepaid parcel with its declared value", async () => {
    const request = booking({ payment: { method: "prepaid" }, value: 129_900 });
    await carrier.createShipment(request);
    expect(courier.parcelByReference(request.reference)?.order).toMatchObject({
      payment_method: "Prepaid",
      sub_total: 1299,
    });
  });

  it("makes one shipment of the same order number booked twice", async () => {
    const request = booking();
    const first = await carrier.createShipment(request);
    const second = await carrier.createShipment(request);
    expect(second).toEqual(first);
    expect(courier.parcels.filter((parcel) => parcel.reference === request.reference)).toHaveLength(1);
  });

  it("fits a long name, address and city into Shiprocket's 30-character fields without losing a word of the address", async () => {
    const address = "Flat 1402, Tower B, Lodha Bellissimo, Apollo Mills Compound, N M Joshi Marg, Mahalaxmi";
    const request = booking({
      to: {
        ...booking().to,
        name: "Venkata Lakshmi Narasimha Ramachandran Subramaniam",
        address,
        city: "Thiruvananthapuram Corporation Area",
      },
    });
    await carrier.createShipment(request);
    const order = courier.parcelByReference(request.reference)?.order ?? {};
    expect(order).toMatchObject({
      billing_customer_name: "Venkata Lakshmi Narasimha",
      billing_last_name: "Ramachandran Subramaniam",
      billing_address: "Flat 1402, Tower B, Lodha",
      billing_city: "Thiruvananthapuram Corporation",
    });
    for (const field of ["billing_customer_name", "billing_last_name", "billing_address", "billing_city"]) {
      expect(String(order[field]).length).toBeLessThanOrEqual(30);
    }
    expect(`${order.billing_address} ${order.billing_address_2}`).toBe(address);
  });

  it("refuses an order number over 50 characters before asking Shiprocket, and says it will not pass on a retry", async () => {
    const before = courier.calls.length;
    const error = await failureOf(carrier.createShipment(booking({ reference: `KS-${"9".repeat(48)}` })));
    expect(error).toMatchObject({ call: "create-shipment", status: null, retryable: false });
    expect(error.message).toContain("1 to 50 characters");
    expect(courier.calls.length).toBe(before);
  });

  it("passes on Shiprocket's own refusal of a booking, naming the field", async () => {
    const misplaced = new ShiprocketCarrier({ ...courier.settings(), pickupLocation: "Nowhere" }, FAST_RETRY);
    const error = await failureOf(misplaced.createShipment(booking()));
    expect(error).toMatchObject({ call: "create-shipment", status: 422, retryable: false });
    expect(error.carrierMessage).toContain("pickup_location: Pickup location does not exist.");
  });

  it("refuses a pickup and a label before the AWB, each for its own shipment, and labels the others", async () => {
    const withAwb = await carrier.createShipment(booking());
    const without = await carrier.createShipment(booking());
    await carrier.assignAwbs([withAwb.carrierShipmentId]);

    const pickups = await carrier.requestPickups([without.carrierShipmentId, withAwb.carrierShipmentId]);
    expect(pickups.map((result) => [result.carrierShipmentId, result.ok])).toEqual([
      [without.carrierShipmentId, false],
      [withAwb.carrierShipmentId, true],
    ]);
    expect(firstError(pickups)).toMatchObject({ call: "request-pickup", status: 400, retryable: false });

    const labels = await carrier.labels([withAwb.carrierShipmentId, without.carrierShipmentId]);
    expect(labels.made).toEqual([withAwb.carrierShipmentId]);
    expect(labels.notMade.map((entry) => [entry.carrierShipmentId, entry.error.call, entry.error.retryable])).toEqual([
      [without.carrierShipmentId, "label", false],
    ]);
    const none = await carrier.labels([without.carrierShipmentId]);
    expect(none).toMatchObject({ url: null, made: [] });
    expect(none.notMade[0]?.error.carrierMessage).toBe("No valid shipment ids to print label");
  });

  it("reports an AWB refused for one shipment (a pincode no courier serves) while the others get theirs", async () => {
    const served = await carrier.createShipment(booking());
    const remote = await carrier.createShipment(booking({ to: { ...booking().to, pincode: "799001" } }));
    const results = await carrier.assignAwbs([remote.carrierShipmentId, served.carrierShipmentId]);
    expect(results.map((result) => result.ok)).toEqual([false, true]);
    expect(firstError(results)).toMatchObject({
      call: "assign-awb",
      retryable: false,
      carrierMessage: "No courier serves pincode 799001.",
    });
  });

  it("logs in once for many calls, and once again when its token has expired", async () => {
    const fresh = new ShiprocketCarrier(courier.settings(), FAST_RETRY);
    const before = logins();
    await Promise.all([
      fresh.createShipment(booking()),
      fresh.createShipment(booking()),
      fresh.createShipment(booking()),
    ]);
    expect(logins() - before).toBe(1);

    courier.expireTokens();
    const created = await fresh.createShipment(booking());
    expect(created.carrierShipmentId).toMatch(/^\d+$/);
    expect(logins() - before).toBe(2);
  });

  it("logs in again once on a 401 and never loops: refused again, the call fails for good", async () => {
    const fresh = new ShiprocketCarrier(courier.settings(), FAST_RETRY);
    await fresh.createShipment(booking());
    const before = logins();
    const callsBefore = courier.calls.length;
    courier.refuseEveryToken(true);
    const error = await failureOf(fresh.createShipment(booking()));
    expect(error).toMatchObject({ call: "create-shipment", status: 401, retryable: false });
    expect(logins() - before).toBe(1);
    expect(courier.calls.slice(callsBefore).map((call) => `${call.path} ${call.status}`)).toEqual([
      "/orders/create/adhoc 401",
      "/auth/login 200",
      "/orders/create/adhoc 401",
    ]);
  });

  it("takes a wrong password as a refusal of the login", async () => {
    const wrong = new ShiprocketCarrier({ ...courier.settings(), password: "not-the-password" }, FAST_RETRY);
    const error = await failureOf(wrong.track("123"));
    expect(error).toMatchObject({ call: "login", status: 400, retryable: false });
    expect(error.carrierMessage).toContain("Invalid email and password");
  });

  it("waits out a burst of 429s as Retry-After says, never early, then gets its answer", async () => {
    const request = booking();
    const fresh = new ShiprocketCarrier(courier.settings(), FAST_RETRY);
    await fresh.createShipment(booking());
    const callsBefore = courier.calls.length;
    courier.rateLimit(1, 1);
    const early = courier.earlyRetries;
    const created = await fresh.createShipment(request);
    expect(created.carrierShipmentId).toMatch(/^\d+$/);
    expect(courier.earlyRetries).toBe(early);
    expect(courier.calls.slice(callsBefore).map((call) => call.status)).toEqual([429, 200]);
  });

  it("gives up after its bounded tries on a burst of 429s, saying the call can be tried again", async () => {
    courier.rateLimit(5, null);
    const callsBefore = courier.calls.length;
    const error = await failureOf(carrier.track("70000000000001"));
    expect(error).toMatchObject({ call: "track", status: 429, retryable: true });
    expect(courier.calls.length - callsBefore).toBe(FAST_RETRY.attempts);
  });

  it("hands a Retry-After longer than it waits back to the caller at once", async () => {
    courier.rateLimit(1, 120);
    const callsBefore = courier.calls.length;
    const error = await failureOf(carrier.track("70000000000001"));
    expect(error).toMatchObject({ status: 429, retryable: true, retryAfterMs: 120_000 });
    expect(courier.calls.length - callsBefore).toBe(1);
  });

  it("takes NDR actions only on an undelivered parcel, and a return as final", async () => {
    const request = booking({ reference: `KS-${300000 + reference++}-life:ndr` });
    const created = await carrier.createShipment(request);
    const [awb] = await carrier.assignAwbs([created.carrierShipmentId]);
    if (!awb?.ok) throw new Error("The AWB was not assigned.");
    await carrier.requestPickups([created.carrierShipmentId]);

    const early = await failureOf(carrier.ndrAction(awb.value.awb, "re-attempt", "Buyer home after 6 pm"));
    expect(early).toMatchObject({ call: "ndr-action", status: 400, retryable: false });

    for (let step = 0; step < 6; step++) await courier.advance(awb.value.awb);
    expect(courier.parcelByAwb(awb.value.awb)?.history.at(-1)?.status.label).toBe("UNDELIVERED");
    await carrier.ndrAction(awb.value.awb, "re-attempt", "Buyer home after 6 pm");
    await carrier.ndrAction(awb.value.awb, "return", "Buyer refused the parcel");
    const again = await failureOf(carrier.ndrAction(awb.value.awb, "re-attempt", "Try once more"));
    expect(again.carrierMessage).toContain("already requested");
    expect(courier.parcelByAwb(awb.value.awb)?.ndrActions.map((action) => action.action)).toEqual([
      "re-attempt",
      "return",
    ]);

    await courier.play(awb.value.awb);
    const tracked = await carrier.track(awb.value.awb);
    expect(tracked.latest).toMatchObject({ rawStatus: "RTO DELIVERED", status: "rto-delivered" });
  });

  it("cancels a booking before pickup; its order number cannot be booked again, and a picked-up one cannot be cancelled", async () => {
    const request = booking();
    const created = await carrier.createShipment(request);
    await carrier.cancel([created.carrierOrderId]);
    expect(courier.parcelByReference(request.reference)?.cancelled).toBe(true);
    const rebooked = await failureOf(carrier.createShipment(request));
    expect(rebooked).toMatchObject({ status: 422, retryable: false });

    const moving = await carrier.createShipment(booking());
    const [awb] = await carrier.assignAwbs([moving.carrierShipmentId]);
    await carrier.requestPickups([moving.carrierShipmentId]);
    if (!awb?.ok) throw new Error("The AWB was not assigned.");
    await courier.advance(awb.value.awb);
    const late = await failureOf(carrier.cancel([moving.carrierOrderId]));
    expect(late).toMatchObject({ call: "cancel", status: 400, retryable: false });
  });

  it("says a courier it cannot reach may be tried again", async () => {
    const closed = await startLocalCourier();
    const settings = closed.settings();
    await closed.close();
    const error = await failureOf(new ShiprocketCarrier(settings, FAST_RETRY).track("1234"));
    expect(error).toMatchObject({ call: "login", status: null, retryable: true });
  });
});
