import { afterAll, beforeAll, expect, it } from "vitest";
import { failure } from "../testing/app-error.ts";
import { actorFor, makeCustomer } from "../testing/factories.ts";
import { type LocalCourier, startLocalCourier } from "../testing/local-courier.ts";
import { ADMIN } from "../testing/return-fixtures.ts";
import { book, placedOrder, shipmentOf } from "../testing/shipping.ts";
import { describeEachDatabase } from "../testing/test-databases.ts";
import { productParcel, saveProductParcel } from "./product-parcels.service.ts";
import { ShiprocketCarrier } from "./shiprocket.ts";

/*
 * A product's packed weight and size (record 43): the courier is booked with what the
 * administrator measured, and a product never measured packs by its kind.
 */

const MEASURED = { weightGrams: "1200", lengthCm: "40", breadthCm: "30", heightCm: "8" };

describeEachDatabase("a product's packed size", (database) => {
  let courier: LocalCourier;
  let carrier: ShiprocketCarrier;

  beforeAll(async () => {
    courier = await startLocalCourier();
    carrier = new ShiprocketCarrier(courier.settings(), { attempts: 1, maxWaitMs: 0, baseDelayMs: 0 });
  });
  afterAll(async () => courier.close());

  it("books two measured pieces with their weight and stacked size, plus the packing", async () => {
    const { db } = database();
    const order = await placedOrder(db, { quantity: 2 });
    await saveProductParcel(db, ADMIN, order.productId, MEASURED);
    expect(await productParcel(db, ADMIN, order.productId)).toMatchObject({
      measured: { grams: 1200, lengthCm: 40, breadthCm: 30, heightCm: 8 },
      byKind: { grams: 450 },
    });
    expect(await book(db, carrier, order.id)).toMatchObject({ outcome: "booked" });
    expect(await shipmentOf(db, order.id)).toMatchObject({
      weightGrams: 2480,
      lengthCm: 40,
      breadthCm: 30,
      heightCm: 16,
    });
    expect(courier.parcelByReference(order.orderNumber)?.order).toMatchObject({ weight: 2.48, length: 40, height: 16 });
  });

  it("packs by its kind again when all four are emptied", async () => {
    const { db } = database();
    const order = await placedOrder(db);
    await saveProductParcel(db, ADMIN, order.productId, MEASURED);
    await saveProductParcel(db, ADMIN, order.productId, { weightGrams: "", lengthCm: "", breadthCm: "", heightCm: "" });
    expect((await productParcel(db, ADMIN, order.productId)).measured).toBeNull();
    await book(db, carrier, order.id);
    expect(await shipmentOf(db, order.id)).toMatchObject({ weightGrams: 530 });
  });

  it("refuses half a measurement, a weight past 30 kg and spelled numbers, and keeps what was there", async () => {
    const { db } = database();
    const { productId } = await placedOrder(db);
    await saveProductParcel(db, ADMIN, productId, MEASURED);
    for (const [input, message] of [
      [{ ...MEASURED, heightCm: "" }, "The height is a whole number of centimetres from 1 to 150."],
      [{ ...MEASURED, weightGrams: "30001" }, "The weight is a whole number of grams from 1 to 30,000."],
      [{ ...MEASURED, lengthCm: "0x20" }, "The length is a whole number of centimetres from 1 to 150."],
    ] as const) {
      expect(await failure(saveProductParcel(db, ADMIN, productId, input))).toMatchObject({
        code: "validation-failed",
        message,
      });
    }
    expect((await productParcel(db, ADMIN, productId)).measured).toMatchObject({ grams: 1200 });
  });

  it("lets only the administrator measure, and only a product that exists", async () => {
    const { db } = database();
    const { productId } = await placedOrder(db);
    const customer = actorFor(await makeCustomer(db));
    expect(await failure(saveProductParcel(db, customer, productId, MEASURED))).toMatchObject({ code: "forbidden" });
    expect(await failure(saveProductParcel(db, ADMIN, 987_654, MEASURED))).toMatchObject({ code: "not-found" });
    expect((await productParcel(db, ADMIN, productId)).measured).toBeNull();
  });
});
