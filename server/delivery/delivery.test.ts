import { expect, it } from "vitest";
import { SYSTEM } from "#core/actor.ts";
import { NO_COD_LIMITS } from "#core/cash-on-delivery.ts";
import { addToCart } from "../cart/cart.service.ts";
import type { Db } from "../db/schema.ts";
import { changeStatus, customerOrder } from "../orders/orders.service.ts";
import { placeOrder } from "../orders/place-order.ts";
import { failure } from "../testing/app-error.ts";
import { actorFor, atShop, checkoutDetails, makeCustomer, makeProduct, makeVisitor } from "../testing/factories.ts";
import { mailsTo } from "../testing/outbox.ts";
import { describeEachDatabase } from "../testing/test-databases.ts";
import { checkDelivery, deliveryPromise } from "./delivery.service.ts";
import { changeDelivery, deliveryAdminView } from "./delivery-admin.service.ts";
import { DEFAULT_DELIVERY_SETTINGS } from "./delivery-settings.ts";

// A Wednesday morning in Mumbai: before the cut-off, so the order leaves on Thursday.
const WEDNESDAY = Date.parse("2026-11-25T10:00:00+05:30");
const settings = DEFAULT_DELIVERY_SETTINGS;

async function admin(db: Db) {
  return actorFor(await makeCustomer(db), "admin");
}

const COURIER_CSV = [
  "pincode,prepaid,cod,reverse_pickup,min_days,max_days",
  "560034,Y,N,Y,2,3",
  "744101,N,N,N,5,9",
  "110001,yes,yes,no,1,2",
].join("\r\n");

describeEachDatabase("delivery promises by pincode", (database) => {
  it("promises by distance from the warehouse where the courier's list is silent", async () => {
    const { db } = database();
    const mumbai = await deliveryPromise(db, settings, "400001", WEDNESDAY);
    expect(mumbai).toMatchObject({
      place: "Mumbai, Maharashtra",
      zone: "Up to 50 km",
      from: "2026-11-27",
      until: "2026-11-28",
      cod: true,
      prepaid: true,
      returnPickup: true,
    });
    expect(await deliveryPromise(db, settings, "560034", WEDNESDAY)).toMatchObject({
      zone: "Up to 1,000 km",
      from: "2026-11-30",
      until: "2026-12-02",
    });
    expect(await deliveryPromise(db, settings, "781001", WEDNESDAY)).toMatchObject({
      place: "Kamrup, Assam",
      zone: "Beyond 2,000 km",
    });
    expect(await failure(deliveryPromise(db, settings, "99999", WEDNESDAY))).toMatchObject({
      code: "validation-failed",
      message: "Please enter a 6-digit pincode (it never starts with 0).",
    });
    expect(await failure(deliveryPromise(db, settings, "999999", WEDNESDAY))).toMatchObject({
      code: "not-found",
      message: "We could not find pincode 999999. Please check it.",
    });
  });

  it("follows the courier's list once uploaded, and a holiday moves every promise", async () => {
    const { db } = database();
    const seller = await admin(db);
    expect(await changeDelivery(db, seller, { intent: "upload", csv: COURIER_CSV })).toBe(
      "The courier's list now has 3 pincodes.",
    );
    expect(await deliveryPromise(db, settings, "560034", WEDNESDAY)).toMatchObject({
      zone: "Courier's list",
      from: "2026-11-28",
      until: "2026-11-30",
      cod: false,
      returnPickup: true,
    });
    expect(await deliveryPromise(db, settings, "744101", WEDNESDAY)).toMatchObject({ deliverable: false });
    await changeDelivery(db, seller, { intent: "add-holiday", day: "2026-11-26", name: "Guru Nanak Jayanti" });
    expect(await deliveryPromise(db, settings, "110001", WEDNESDAY)).toMatchObject({
      from: "2026-11-28",
      until: "2026-11-30",
      returnPickup: false,
    });
    expect((await deliveryAdminView(db, seller, WEDNESDAY)).holidays).toEqual([
      { day: "2026-11-26", name: "Guru Nanak Jayanti" },
    ]);
    await changeDelivery(db, seller, { intent: "remove-holiday", day: "2026-11-26" });
    expect((await deliveryAdminView(db, seller, WEDNESDAY)).holidays).toEqual([]);
  });

  it("refuses a courier's file with bad lines whole, naming each line, and keeps the list in use", async () => {
    const { db } = database();
    const seller = await admin(db);
    await changeDelivery(db, seller, { intent: "upload", csv: COURIER_CSV });
    const bad = [
      "Pincode,COD,Prepaid,Reverse Pickup,Min Days,Max Days,Hub",
      "400001,Y,Y,Y,1,2,BOM",
      "40001,Y,Y,Y,1,2,BOM",
      "400002,maybe,Y,Y,1,2,BOM",
      "400003,Y,Y,Y,4,2,BOM",
      "400001,Y,Y,Y,1,2,BOM",
    ].join("\n");
    const refused = await failure(changeDelivery(db, seller, { intent: "upload", csv: bad }));
    expect(refused.message).toBe("Nothing was loaded: 4 lines need fixing.");
    const { fieldErrors } = (await changeDelivery(db, seller, { intent: "upload", csv: bad }).catch((e) => e)) as {
      fieldErrors: Record<string, string>;
    };
    expect(fieldErrors.file?.split("\n")).toEqual([
      'Line 3: "40001" is not a 6-digit pincode.',
      'Line 4: cod must be Y or N, not "maybe".',
      "Line 5: min_days and max_days must be whole days from 0 to 30, min_days not above max_days (line 5 has 4–2).",
      "Line 6: pincode 400001 is listed again (first on line 2).",
    ]);
    expect(await failure(changeDelivery(db, seller, { intent: "upload", csv: "pin,cod\n400001,Y" }))).toMatchObject({
      message: "Nothing was loaded: one line needs fixing.",
    });
    expect((await deliveryAdminView(db, seller, WEDNESDAY)).courierPincodes).toBe(3);
  });

  it("lets only an administrator change the list or the holidays", async () => {
    const { db } = database();
    const customer = actorFor(await makeCustomer(db));
    expect(await failure(changeDelivery(db, customer, { intent: "upload", csv: COURIER_CSV }))).toMatchObject({
      code: "forbidden",
    });
    const holiday = { intent: "add-holiday", day: "2026-12-25", name: "Christmas" } as const;
    expect(await failure(changeDelivery(db, makeVisitor(), holiday))).toMatchObject({ code: "unauthenticated" });
    expect(await failure(deliveryAdminView(db, customer, WEDNESDAY))).toMatchObject({ code: "forbidden" });
    expect(await failure(changeDelivery(db, await admin(db), { ...holiday, day: "2026-02-30" }))).toMatchObject({
      code: "validation-failed",
      message: "Please choose a date.",
    });
  });

  it("remembers the pincode a customer checked, and starts from the saved address's before that", async () => {
    const { db } = database();
    const customer = actorFor(await makeCustomer(db));
    expect(await checkDelivery(db, customer, settings, { pincode: null, remembered: null }, WEDNESDAY)).toBeNull();
    await checkDelivery(db, customer, settings, { pincode: "560034", remembered: null }, WEDNESDAY);
    const again = await checkDelivery(db, customer, settings, { pincode: null, remembered: null }, WEDNESDAY);
    expect(again?.pincode).toBe("560034");
    const cookie = await checkDelivery(db, makeVisitor(), settings, { pincode: null, remembered: "110001" }, WEDNESDAY);
    expect(cookie?.place).toBe("Central Delhi, Delhi");
  });

  it("keeps the promise with the order, mails it, and offers cash on delivery only where the courier takes it", async () => {
    const { db } = database();
    const seller = await admin(db);
    await changeDelivery(db, seller, { intent: "upload", csv: COURIER_CSV });
    const customer = await makeCustomer(db);
    const buyer = actorFor(customer);
    const kurta = await makeProduct(db, { price: 149_900, sizes: { M: 3 } });
    await addToCart(db, buyer, { productId: kurta, size: "M", quantity: 1 });

    const bengaluru = checkoutDetails({ email: customer.email, pincode: "560034", stateCode: "29", city: "Bengaluru" });
    expect(await failure(placeOrder(db, buyer, bengaluru, atShop(WEDNESDAY)))).toMatchObject({
      code: "cod-not-offered",
      message: "Cash on delivery is not available for pincode 560034.",
    });
    const online = { ...atShop(WEDNESDAY), payments: { ...NO_COD_LIMITS, online: true } };
    expect(await failure(placeOrder(db, buyer, bengaluru, online))).toMatchObject({
      message: "Cash on delivery is not available for pincode 560034. Please pay online.",
    });
    expect((await mailsTo(db, customer.email)).filter((mail) => mail.kind === "order-placed")).toEqual([]);

    const placed = await placeOrder(db, buyer, checkoutDetails({ email: customer.email }), atShop(WEDNESDAY));
    const order = await customerOrder(db, buyer, placed.orderNumber);
    expect(order.promisedDelivery).toEqual({ from: "2026-11-27", until: "2026-11-28" });
    const confirmation = (await mailsTo(db, customer.email)).find((mail) => mail.kind === "order-placed");
    expect(confirmation?.payload).toMatchObject({ deliveryFrom: "2026-11-27", deliveryUntil: "2026-11-28" });

    // Delivered on Friday: the promise table shows one order on time, 3 days promised and 2 taken.
    await changeStatus(db, SYSTEM, { orderId: placed.id, from: "placed", to: "shipped" }, WEDNESDAY + 3_600_000);
    await changeStatus(
      db,
      SYSTEM,
      { orderId: placed.id, from: "shipped", to: "delivered" },
      WEDNESDAY + 2 * 86_400_000,
    );
    expect((await deliveryAdminView(db, seller, WEDNESDAY + 3 * 86_400_000)).promises).toEqual([
      { zone: "Up to 50 km", delivered: 1, promisedDays: 3, actualDays: 2, onTime: 1 },
    ]);
  });
});
