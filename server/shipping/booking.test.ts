import { afterAll, beforeAll, expect, it } from "vitest";
import { recordEwayBill } from "../invoices/eway-bills.service.ts";
import { orderRow } from "../orders/order-rows.service.ts";
import { failure } from "../testing/app-error.ts";
import { auditEntriesOf, staffActor } from "../testing/back-office.ts";
import { actorFor, makeCustomer } from "../testing/factories.ts";
import { type LocalCourier, startLocalCourier } from "../testing/local-courier.ts";
import { ADMIN } from "../testing/return-fixtures.ts";
import { book, paidOnlineOrder, placedOrder, shipmentOf } from "../testing/shipping.ts";
import { describeEachDatabase } from "../testing/test-databases.ts";
import { bookCouriers } from "./booking.service.ts";
import { ShiprocketCarrier } from "./shiprocket.ts";

/*
 * Booking a courier for orders (record 43), against the local courier, which keeps Shiprocket's
 * rules: one shipment per order however often it is booked, COD or prepaid as the order is paid,
 * the e-way bill first when the goods need one, a result per order, and a failure kept until a
 * retry gets through.
 */

describeEachDatabase("booking a courier", (database) => {
  let courier: LocalCourier;
  let carrier: ShiprocketCarrier;

  beforeAll(async () => {
    courier = await startLocalCourier({ unserviceablePincodes: ["682001"] });
    // 429s are handed back at once instead of waited out, so a busy courier is a retryable failure.
    carrier = new ShiprocketCarrier(courier.settings(), { attempts: 1, maxWaitMs: 0, baseDelayMs: 0 });
  });
  afterAll(async () => courier.close());

  it("books a cash order: COD for what is left to pay, the parcel's weight and size, an AWB and a pickup", async () => {
    const { db } = database();
    const order = await placedOrder(db, { quantity: 2 });
    const result = await book(db, carrier, order.id);
    expect(result).toMatchObject({ outcome: "booked", orderNumber: order.orderNumber, error: null });
    const parcel = courier.parcelByReference(order.orderNumber);
    const total = (await orderRow(db, { id: order.id }))?.total;
    expect(parcel?.order).toMatchObject({ payment_method: "COD", sub_total: (total ?? 0) / 100, weight: 0.98 });
    expect(parcel?.pickupScheduledAt).not.toBeNull();
    expect(await shipmentOf(db, order.id)).toMatchObject({
      status: "booked",
      awb: parcel?.awb,
      courierName: "Delhivery Surface",
      paymentMethod: "cod",
      codAmount: total,
      weightGrams: 980,
      heightCm: 10,
      bookingError: null,
    });
    // The order waits for the courier's pickup to be Shipped.
    expect((await orderRow(db, { id: order.id }))?.status).toBe("placed");
  });

  it("books an order paid online as prepaid, declaring its value", async () => {
    const { db } = database();
    const order = await paidOnlineOrder(db, { price: 259_900 });
    expect(await book(db, carrier, order.id)).toMatchObject({ outcome: "booked" });
    const total = (await orderRow(db, { id: order.id }))?.total ?? 0;
    expect(courier.parcelByReference(order.orderNumber)?.order).toMatchObject({
      payment_method: "Prepaid",
      sub_total: total / 100,
    });
    expect(await shipmentOf(db, order.id)).toMatchObject({ paymentMethod: "prepaid", codAmount: 0 });
  });

  it("makes one shipment of two bookings at once from two nodes, and a third finds it booked", async () => {
    const { db } = database();
    const order = await placedOrder(db);
    const otherNode = new ShiprocketCarrier(courier.settings());
    const results = await Promise.all([book(db, carrier, order.id), book(db, otherNode, order.id)]);
    // One books; the other finds it under way, or (when the first was quicker) booked.
    const outcomes = results.map((result) => result.outcome);
    const other = outcomes.filter((outcome) => outcome !== "booked");
    expect(outcomes.filter((outcome) => outcome === "booked")).toHaveLength(1);
    expect(other).toEqual([expect.stringMatching(/^(already-booked|in-progress)$/)]);
    expect(courier.parcels.filter((parcel) => parcel.reference === order.orderNumber)).toHaveLength(1);
    const rows = await db.selectFrom("shipments").selectAll().where("orderId", "=", order.id).execute();
    expect(rows).toHaveLength(1);
    expect(await book(db, carrier, order.id)).toMatchObject({ outcome: "already-booked", awb: rows[0]?.awb });
  });

  it("asks for the e-way bill before booking goods worth more than ₹50,000 across states, then sends its number", async () => {
    const { db } = database();
    const order = await placedOrder(db, {
      price: 6_200_000,
      details: { city: "Bengaluru", stateCode: "29", pincode: "560001" },
    });
    const refused = await book(db, carrier, order.id);
    expect(refused).toMatchObject({
      outcome: "failed",
      error: { message: "Enter the e-way bill number before shipping this order.", retryable: false },
    });
    expect(courier.parcelByReference(order.orderNumber)).toBeUndefined();
    expect(await db.selectFrom("shipments").selectAll().where("orderId", "=", order.id).execute()).toEqual([]);
    await recordEwayBill(db, ADMIN, { orderId: order.id, ewayBillNumber: "1812 3456 7890" });
    expect(await book(db, carrier, order.id)).toMatchObject({ outcome: "booked" });
    expect(courier.parcelByReference(order.orderNumber)?.order).toMatchObject({ ewaybill_no: "181234567890" });
  });

  it("answers each order of a batch on its own, and keeps a failure with the shipment until a retry gets through", async () => {
    const { db } = database();
    const unserved = await placedOrder(db, { details: { city: "Kochi", stateCode: "32", pincode: "682001" } });
    const fine = await placedOrder(db);
    const busy = await placedOrder(db);
    const gone = 99_999_999;
    const first = await bookCouriers({ db, carrier }, ADMIN, [unserved.id, fine.id, gone]);
    expect(first.map((result) => [result.orderId, result.outcome])).toEqual([
      [unserved.id, "failed"],
      [fine.id, "booked"],
      [gone, "failed"],
    ]);
    expect(first[0]?.error).toEqual({
      message: "Assigning the AWB was refused: No courier serves pincode 682001.",
      retryable: false,
    });
    expect(first[2]?.error?.message).toBe("This order could not be found.");
    expect(await shipmentOf(db, unserved.id)).toMatchObject({
      status: "booking",
      bookingError: "Assigning the AWB was refused: No courier serves pincode 682001.",
      bookingRetryable: 0,
    });

    // The courier is busy: a 429 whose wait is longer than the client waits by itself.
    courier.rateLimit(1, 60);
    const limited = await book(db, carrier, busy.id);
    expect(limited).toMatchObject({ outcome: "failed", error: { retryable: true } });
    expect(limited.error?.message).toMatch(
      /^Logging in to the courier could not be done now; try again|^Creating the shipment could not be done now; try again/,
    );
    expect(await shipmentOf(db, busy.id)).toMatchObject({ bookingRetryable: 1 });
    courier.rateLimit(0, null);
    expect(await book(db, carrier, busy.id)).toMatchObject({ outcome: "booked" });
    expect(await shipmentOf(db, busy.id)).toMatchObject({
      status: "booked",
      bookingError: null,
      bookingRetryable: null,
    });
    expect(courier.parcels.filter((parcel) => parcel.reference === busy.orderNumber)).toHaveLength(1);
  });

  it("lets whoever packs book, each booking an audit entry with its AWB, and writes none for a booking refused", async () => {
    const { db } = database();
    const packer = staffActor("packer");
    const order = await placedOrder(db);
    const unserved = await placedOrder(db, { details: { city: "Kochi", stateCode: "32", pincode: "682001" } });
    const results = await bookCouriers({ db, carrier }, packer, [order.id, unserved.id]);
    expect(results.map((result) => result.outcome)).toEqual(["booked", "failed"]);
    expect(await auditEntriesOf(db, order.id)).toEqual([
      {
        kind: "order.courier-booked",
        actor: packer.email,
        actorRole: "packer",
        after: { courier: "Delhivery Surface", awb: results[0]?.awb, payment: "cod", collect: expect.any(Number) },
      },
    ]);
    expect(await auditEntriesOf(db, unserved.id)).toEqual([]);
    expect(await failure(bookCouriers({ db, carrier }, staffActor("catalogue"), [unserved.id]))).toMatchObject({
      code: "forbidden",
      message: "Your role (Catalogue) does not allow this.",
    });
  });

  it("refuses what is not the administrator's to book, an order not waiting to ship, and a shop without a courier", async () => {
    const { db } = database();
    const order = await placedOrder(db);
    const customer = actorFor(await makeCustomer(db));
    expect(await failure(bookCouriers({ db, carrier }, customer, [order.id]))).toMatchObject({ code: "forbidden" });
    expect(await failure(bookCouriers({ db, carrier: null }, ADMIN, [order.id]))).toMatchObject({
      code: "courier-booking-off",
    });
    expect(await failure(bookCouriers({ db, carrier }, ADMIN, []))).toMatchObject({ code: "validation-failed" });
    await db.updateTable("orders").set({ status: "cancelled" }).where("id", "=", order.id).execute();
    expect(await book(db, carrier, order.id)).toMatchObject({
      outcome: "failed",
      error: { message: "This order is cancelled: only an order waiting to ship is booked.", retryable: false },
    });
  });
});
