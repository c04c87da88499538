import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type Actor, SYSTEM } from "#core/actor.ts";
import { addToCart } from "#server/cart/cart.service.ts";
import type { Db } from "#server/db/schema.ts";
import { changeStatus } from "#server/orders/orders.service.ts";
import { placeOrder } from "#server/orders/place-order.ts";
import { requestReturn } from "#server/returns/returns.service.ts";
import {
  actorFor,
  atShop,
  checkoutDetails,
  makeCustomer,
  makeProduct,
  makeVisitor,
} from "#server/testing/factories.ts";
import { deliveredOrder, takeThrough } from "#server/testing/return-fixtures.ts";
import { describeOnSqlite } from "#server/testing/test-databases.ts";
import { checkoutForm } from "./live-shop.ts";
import { multipart, shopBrowser, startTestShop, type TestShop } from "./test-shop.ts";

/** A delivered order of one piece of each product, in size M. */
const delivered = (db: Db, actor: Actor, productIds: number[]) =>
  deliveredOrder(
    db,
    actor,
    productIds.map((productId) => ({ productId, size: "M", quantity: 1 })),
  );

async function signedIn(shop: TestShop, who: { email: string; password: string }) {
  const browser = shopBrowser(shop);
  const login = await browser.post("/login", { email: who.email, password: who.password });
  expect(login.statusCode).toBe(302);
  return browser;
}

// What these check is the HTTP side (forms, pages, headers, signatures): SQLite alone (record 17);
// the returns' rules, documents and money are tested on both databases in server/returns and server/store-credit.
describeOnSqlite("returns over HTTP", (database) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startTestShop(database());
  });
  afterAll(() => shop?.dispose());

  it("lets the owner ask once from the order's return page, and shows the request and its credit note", async () => {
    const { db } = shop.services;
    const owner = await makeCustomer(db);
    const kurta = await makeProduct(db, { title: "Returnable Kurta", price: 149_900, sizes: { M: 3, L: 2 } });
    const nose = await makeProduct(db, { title: "Nose Pin", price: 49_900, sizes: { M: 3 }, nonReturnable: true });
    const order = await delivered(db, actorFor(owner), [kurta, nose]);
    expect((await shopBrowser(shop).get(`/productinfo/${nose}`)).body).toContain("This piece cannot be returned.");
    expect((await shopBrowser(shop).get(`/productinfo/${kurta}`)).body).not.toContain("This piece cannot be returned.");
    const browser = await signedIn(shop, owner);
    const orderPage = await browser.get(`/order/${order.orderNumber}`);
    expect(orderPage.body).toContain(`href="/order/${order.orderNumber}/return"`);
    const page = await browser.get(`/order/${order.orderNumber}/return`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Returnable Kurta");
    expect(page.body).toContain("This piece cannot be returned.");
    expect(page.body).toContain("₹1,499");
    expect(page.body).toMatch(/courier picks the parcel up|post the parcel back/);

    const bad = await browser.post(`/order/${order.orderNumber}/return`, {
      position: "0",
      quantity: "1",
      kind: "refund",
      reason: "",
      refundMethod: "upi",
      upiId: "not a upi",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain("Please choose a reason.");
    const badUpi = await browser.post(`/order/${order.orderNumber}/return`, {
      position: "0",
      quantity: "1",
      kind: "refund",
      reason: "too-small",
      refundMethod: "upi",
      upiId: "not a upi",
    });
    expect(badUpi.statusCode).toBe(400);
    expect(badUpi.body).toContain("Enter a UPI ID such as name@okbank.");

    const fields = { position: "0", quantity: "1", kind: "refund", reason: "too-small", refundMethod: "store-credit" };
    const asked = await browser.post(`/order/${order.orderNumber}/return`, fields);
    expect(asked.statusCode).toBe(302);
    expect(asked.headers.location).toBe(`/order/${order.orderNumber}`);
    const again = await browser.post(`/order/${order.orderNumber}/return`, fields);
    expect(again.statusCode).toBe(409);
    const refused = await browser.post(`/order/${order.orderNumber}/return`, { ...fields, position: "1" });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode).toBeLessThan(500);
    expect(refused.body).toContain("This piece cannot be returned.");

    const row = await db
      .selectFrom("returns")
      .select("id")
      .where("status", "=", "requested")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect((await browser.get(`/order/${order.orderNumber}/returns/${row.id}/credit-note`)).statusCode).toBe(404);
    await takeThrough(db, row.id, "refunded");
    const shown = await browser.get(`/order/${order.orderNumber}`);
    expect(shown.body).toContain("Refunded");
    expect(shown.body).toContain(`/order/${order.orderNumber}/returns/${row.id}/credit-note`);
    const profile = await browser.get("/profile");
    expect(profile.body).toMatch(/Store credit: <span[^>]*>₹1,499<\/span>/);
    expect(profile.body).toMatch(new RegExp(`Refund of a return(<!-- -->)? \\(order (<!-- -->)?${order.orderNumber}`));
    const note = await browser.get(`/order/${order.orderNumber}/returns/${row.id}/credit-note`);
    expect(note.statusCode).toBe(200);
    expect(note.headers["content-type"]).toBe("application/pdf");
    expect(note.headers["content-disposition"]).toMatch(/RC-\d\d-\d\d-\d{6}\.pdf/);

    // Someone else, signed in or holding another order's link, is told nothing exists.
    const stranger = await signedIn(shop, await makeCustomer(db));
    expect((await stranger.get(`/order/${order.orderNumber}/return`)).statusCode).toBe(404);
    expect((await stranger.get(`/order/${order.orderNumber}/returns/${row.id}/credit-note`)).statusCode).toBe(404);
    const other = await delivered(db, actorFor(await makeCustomer(db)), [kurta]);
    expect((await shopBrowser(shop).get(`/orders/${other.accessToken}/returns/${row.id}/credit-note`)).statusCode).toBe(
      404,
    );
    const anonymous = await shopBrowser(shop).get(`/order/${order.orderNumber}/return`);
    expect(anonymous.statusCode).toBe(302);
    expect(anonymous.headers.location).toContain("/login");
    expect((await shopBrowser(shop).get("/admin/returns/1/credit-note")).statusCode).toBe(302);
  });

  it("lets a guest ask from the order's secret page, with a refund to a UPI ID", async () => {
    const { db } = shop.services;
    const guest = makeVisitor();
    const saree = await makeProduct(db, { title: "Guest Saree", price: 99_900, sizes: { M: 2 } });
    const order = await delivered(db, guest, [saree]);
    const browser = shopBrowser(shop);
    const page = await browser.get(`/orders/${order.accessToken}/return`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("To my UPI ID");
    expect(page.body).not.toContain("Store credit");
    const asked = await browser.post(`/orders/${order.accessToken}/return`, {
      position: "0",
      quantity: "1",
      kind: "refund",
      reason: "changed-mind",
      refundMethod: "upi",
      upiId: "asha@okaxis",
    });
    expect(asked.statusCode).toBe(302);
    expect(asked.headers.location).toBe(`/orders/${order.accessToken}`);
    const shown = await browser.get(`/orders/${order.accessToken}`);
    expect(shown.body).toContain("Requested");
    expect((await browser.get(`/orders/${"x".repeat(40)}/return`)).statusCode).toBe(404);
  });

  it("takes an exchange as the form sends it, with the refund method's first choice still ticked and no UPI ID", async () => {
    const { db } = shop.services;
    const guest = makeVisitor();
    const kurta = await makeProduct(db, { title: "Exchange Kurta", price: 89_900, sizes: { M: 2, L: 2 } });
    const order = await delivered(db, guest, [kurta]);
    const browser = shopBrowser(shop);
    // A cash order's return page offers a refund to a UPI ID first, ticked; an exchange leaves it so.
    expect((await browser.get(`/orders/${order.accessToken}/return`)).body).toContain("To my UPI ID");
    const asked = await browser.post(`/orders/${order.accessToken}/return`, {
      position: "0",
      quantity: "1",
      kind: "exchange",
      reason: "too-small",
      note: "",
      exchangeSize: "L",
      refundMethod: "upi",
      upiId: "",
    });
    expect(asked.statusCode).toBe(302);
    const row = await db
      .selectFrom("returns")
      .select(["kind", "exchangeSize", "refundMethod"])
      .where("orderId", "=", order.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ kind: "exchange", exchangeSize: "L", refundMethod: null });
  });

  it("serves an accepted exchange's replacement invoice to its owner only", async () => {
    const { db } = shop.services;
    const owner = await makeCustomer(db);
    const kurta = await makeProduct(db, { title: "Swapped Kurta", price: 149_900, sizes: { M: 3, L: 2 } });
    const order = await delivered(db, actorFor(owner), [kurta]);
    const { id } = await requestReturn(
      db,
      { returnDays: 14 },
      actorFor(owner),
      { orderNumber: order.orderNumber },
      { position: 0, quantity: 1, kind: "exchange", reason: "too-small", exchangeSize: "L" },
    );
    const browser = await signedIn(shop, owner);
    const path = `/order/${order.orderNumber}/returns/${id}/invoice`;
    expect((await browser.get(path)).statusCode).toBe(404);
    await takeThrough(db, id, "exchange-shipped");
    const shown = await browser.get(`/order/${order.orderNumber}`);
    expect(shown.body).toContain(path);
    expect(shown.body).toMatch(/Tax invoice (<!-- -->)?KS\/\d\d-\d\d\/\d{6}/);
    const invoice = await browser.get(path);
    expect(invoice.statusCode).toBe(200);
    expect(invoice.headers["content-disposition"]).toMatch(/KS-\d\d-\d\d-\d{6}\.pdf/);
    expect((await browser.get(`/order/${order.orderNumber}/returns/${id}/receipt`)).statusCode).toBe(404);
    const stranger = await signedIn(shop, await makeCustomer(db));
    expect((await stranger.get(path)).statusCode).toBe(404);
    expect((await shopBrowser(shop).get(`/admin/returns/${id}/invoice`)).statusCode).toBe(302);
  });

  it("takes a photo with a request, and refuses a file that is not a picture or is too large with a clear 4xx", async () => {
    const { db } = shop.services;
    const owner = await makeCustomer(db);
    const kurta = await makeProduct(db, { title: "Pictured Kurta", price: 149_900, sizes: { M: 3 } });
    const order = await delivered(db, actorFor(owner), [kurta]);
    const browser = await signedIn(shop, owner);
    const fields = { position: "0", quantity: "1", kind: "refund", reason: "defective", refundMethod: "store-credit" };
    const send = async (data: Buffer, type: string) => {
      const body = await multipart(fields, { field: "photo", name: "piece.jpg", type, data });
      return shop.request({
        method: "POST",
        url: `/order/${order.orderNumber}/return`,
        headers: { ...body.headers, cookie: browser.cookies },
        payload: body.payload,
      });
    };
    const text = await send(Buffer.from("<svg onload=alert(1)>"), "image/jpeg");
    expect(text.statusCode).toBe(415);
    expect(text.body).toContain("Please upload a JPEG, PNG or WebP image of at most 5 MB.");
    const huge = await send(Buffer.alloc(6 * 1024 * 1024, 7), "image/jpeg");
    expect(huge.statusCode).toBe(413);
    expect(await db.selectFrom("returns").select("id").where("orderId", "=", order.id).execute()).toEqual([]);

    const photo = await sharp({ create: { width: 600, height: 800, channels: 3, background: "#b03030" } })
      .jpeg()
      .toBuffer();
    expect((await send(photo, "image/jpeg")).statusCode).toBe(302);
    const admin = await signedIn(shop, { email: "admin@shop.test", password: "Admin-password-1" });
    const queue = await admin.get("/admin/returns?status=requested");
    const src = queue.body.match(/src="(\/uploads\/returns\/[^"]+)"/)?.[1] ?? "";
    expect(src).not.toBe("");
    const served = await shopBrowser(shop).get(src.replace(/&amp;/g, "&"));
    expect(served.statusCode).toBe(200);
    expect(served.headers["cache-control"]).toBe("private, no-cache");
  });

  it("pays with store credit at checkout: the cart offers it, the order shows it, and a stale amount is refused", async () => {
    const { db } = shop.services;
    const owner = await makeCustomer(db);
    await db.updateTable("users").set({ storeCreditBalance: 500_00 }).where("id", "=", owner.id).execute();
    const kurta = await makeProduct(db, { title: "Credit Kurta", price: 149_900, sizes: { M: 3 } });
    const browser = await signedIn(shop, owner);
    await browser.post("/cart", { intent: "add", productId: String(kurta), size: "M" });
    const offered = await browser.get("/cart");
    expect(offered.body).toContain("Pay ₹500 of this order with store credit");
    const using = await browser.get("/cart?checkout&credit=1");
    expect(using.body).toMatch(/Paid by store credit/);
    expect(using.body).toMatch(/To pay on delivery.*₹1,099/s);
    expect(using.body).toContain('name="storeCredit" value="50000"');
    const quote = using.body.match(/name="seenQuote" value="([^"]+)"/)?.[1] ?? "";
    const fields = {
      ...checkoutForm(),
      intent: "checkout",
      seenQuote: quote.replace(/&amp;/g, "&"),
      storeCredit: "40000",
    };
    const stale = await browser.post("/cart?checkout&credit=1", fields);
    expect(stale.statusCode).toBe(409);
    expect(stale.body).toContain("Your store credit has changed: it pays ₹500 of this order now (you saw ₹400).");
    const placed = await browser.post("/cart?checkout&credit=1", { ...fields, storeCredit: "50000" });
    expect(placed.statusCode).toBe(302);
    const order = await db
      .selectFrom("orders")
      .select(["orderNumber", "storeCreditUsed", "total"])
      .where("userId", "=", owner.id)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({ storeCreditUsed: 500_00, total: 159_900 });
    const page = await browser.get(`/order/${order.orderNumber}`);
    expect(page.body).toMatch(/Paid by store credit.*₹500.*To pay on delivery.*₹1,099/s);
    const invoice = await browser.get(`/order/${order.orderNumber}/invoice`);
    expect(invoice.statusCode).toBe(200);
  });

  it("offers Returned to origin for a shipped cash order only, and shows it to the buyer", async () => {
    const { db } = shop.services;
    const owner = await makeCustomer(db);
    await addToCart(db, actorFor(owner), { productId: await makeProduct(db, { sizes: { M: 2 } }), size: "M" });
    const placed = await placeOrder(db, actorFor(owner), checkoutDetails(), atShop());
    await changeStatus(db, SYSTEM, { orderId: placed.id, from: "placed", to: "shipped" });
    const admin = await signedIn(shop, { email: "admin@shop.test", password: "Admin-password-1" });
    const form = await admin.get(`/admin/orders/${placed.id}`);
    expect(form.body).toContain('<option value="returned-to-origin">Returned to origin</option>');
    const moved = await admin.post(`/admin/updateorderstatus?id=${placed.id}`, {
      from: "shipped",
      to: "returned-to-origin",
    });
    expect(moved.statusCode).toBeLessThan(400);
    const again = await admin.post(`/admin/updateorderstatus?id=${placed.id}`, {
      from: "shipped",
      to: "returned-to-origin",
    });
    expect(again.statusCode).toBe(409);
    const page = await (await signedIn(shop, owner)).get(`/order/${placed.orderNumber}`);
    expect(page.body).toContain("Returned to origin");
    expect(page.body).toContain("Not paid: the parcel was refused");
    expect(page.body).toContain(`/order/${placed.orderNumber}/credit-note`);
    const listed = await admin.get("/admin/orders?tab=delivery-failed");
    expect(listed.body).toContain(placed.orderNumber);
  });
});
