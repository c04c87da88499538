import { expect, it } from "vitest";
import { SYSTEM } from "#core/actor.ts";
import { addToCart } from "../cart/cart.service.ts";
import type { Db } from "../db/schema.ts";
import { changeStatus } from "../orders/orders.service.ts";
import { placeOrder } from "../orders/place-order.ts";
import { failure } from "../testing/app-error.ts";
import { atShop, checkoutDetails, makeProduct, makeVisitor } from "../testing/factories.ts";
import { ADMIN } from "../testing/return-fixtures.ts";
import { placedOrder } from "../testing/shipping.ts";
import { describeEachDatabase } from "../testing/test-databases.ts";
import { deliveryPromise } from "./delivery.service.ts";
import { DEFAULT_DELIVERY_SETTINGS } from "./delivery-settings.ts";
import { insertParcelOutcome } from "./parcel-outcomes.repository.ts";
import { RTO_MIN_COD_PARCELS, RTO_WINDOW_MS, rtoRates } from "./parcel-outcomes.ts";

/*
 * Returns to origin per pincode and the rule COD_MAX_RTO_RATE sets on them (record 43): each
 * finished parcel counted once by how it ended, and cash on delivery paused where more than the
 * rate of at least 20 cash parcels in 180 days came back, the checkout saying why.
 */

const RULE = { ...DEFAULT_DELIVERY_SETTINGS, codMaxRtoRate: 0.3 };

/** `parcels` finished cash parcels at a pincode, `rto` of them back to the shop, `daysAgo` days ago. */
async function history(db: Db, pincode: string, parcels: number, rto: number, daysAgo = 10) {
  const at = Date.now() - daysAgo * 24 * 60 * 60 * 1000;
  for (let index = 0; index < parcels; index++) {
    const { id } = await placedOrder(db, { details: { pincode, city: "Pune", stateCode: "27" } });
    await insertParcelOutcome(db, {
      orderId: id,
      pincode,
      cod: true,
      outcome: index < rto ? "rto" : "delivered",
      finishedAt: at,
    });
  }
}

describeEachDatabase("returns to origin per pincode", (database) => {
  it("counts each finished parcel once by how it ended, from the order's own moves", async () => {
    const { db } = database();
    const delivered = await placedOrder(db, { details: { pincode: "411045", city: "Pune", stateCode: "27" } });
    const refused = await placedOrder(db, { details: { pincode: "411045", city: "Pune", stateCode: "27" } });
    const cancelledEarly = await placedOrder(db, { details: { pincode: "411045", city: "Pune", stateCode: "27" } });
    for (const order of [delivered, refused]) {
      await changeStatus(db, SYSTEM, { orderId: order.id, from: "placed", to: "shipped" });
    }
    await changeStatus(db, SYSTEM, { orderId: delivered.id, from: "shipped", to: "delivered" });
    await changeStatus(db, SYSTEM, { orderId: refused.id, from: "shipped", to: "returned-to-origin" });
    await changeStatus(db, SYSTEM, {
      orderId: cancelledEarly.id,
      from: "placed",
      to: "cancelled",
      reason: "out-of-stock",
    });
    const outcomes = await db.selectFrom("parcelOutcomes").selectAll().where("pincode", "=", "411045").execute();
    expect(outcomes.map((row) => [row.orderId, row.outcome, row.cod]).sort()).toEqual(
      [
        [delivered.id, "delivered", 1],
        [refused.id, "rto", 1],
      ].sort(),
    );
    const rates = await rtoRates(db, ADMIN, RULE, { page: 1, now: Date.now() });
    expect(rates.rows.find((row) => row.pincode === "411045")).toMatchObject({
      parcels: 2,
      rto: 1,
      rate: 0.5,
      codPaused: false,
    });
  });

  it("pauses cash on delivery above the rate once 20 cash parcels finished, and the checkout says why", async () => {
    const { db } = database();
    await history(db, "411001", RTO_MIN_COD_PARCELS, 7);
    // 6 of 20 is exactly the rate: not above it.
    await history(db, "411002", RTO_MIN_COD_PARCELS, 6);
    // 7 of 19: too few parcels to judge yet.
    await history(db, "411004", RTO_MIN_COD_PARCELS - 1, 7);
    // 7 of 20, but more than 180 days ago.
    await history(db, "411006", RTO_MIN_COD_PARCELS, 7, RTO_WINDOW_MS / 86_400_000 + 1);
    const now = Date.now();
    const paused = await deliveryPromise(db, RULE, "411001", now);
    expect(paused).toMatchObject({
      cod: false,
      prepaid: true,
      codNote:
        "Cash on delivery is paused for pincode 411001: too many cash parcels there could not be delivered and came back to us.",
    });
    for (const pincode of ["411002", "411004", "411006"]) {
      expect(await deliveryPromise(db, RULE, pincode, now)).toMatchObject({ cod: true, codNote: null });
    }
    // Without the setting, the rule is off.
    expect(await deliveryPromise(db, DEFAULT_DELIVERY_SETTINGS, "411001", now)).toMatchObject({ cod: true });

    const kurta = await makeProduct(db, { price: 149_900, sizes: { M: 5 } });
    const buyer = makeVisitor();
    await addToCart(db, buyer, { productId: kurta, size: "M" });
    const details = checkoutDetails({ pincode: "411001", city: "Pune", stateCode: "27" });
    const online = { online: true, codMaxPaise: 1_000_000, codFeePaise: 0 };
    expect(await failure(placeOrder(db, buyer, details, { ...atShop(), delivery: RULE, payments: online }))).toEqual({
      code: "cod-not-offered",
      message:
        "Cash on delivery is paused for pincode 411001: too many cash parcels there could not be delivered and came back to us. Please pay online.",
    });

    const rates = await rtoRates(db, ADMIN, RULE, { page: 1, now });
    expect(rates.maxRate).toBe(0.3);
    expect(rates.rows.find((row) => row.pincode === "411001")).toMatchObject({ codRate: 0.35, codPaused: true });
    expect(rates.rows.find((row) => row.pincode === "411002")).toMatchObject({ codRate: 0.3, codPaused: false });
    expect(rates.rows.some((row) => row.pincode === "411006")).toBe(false);
  });
});
