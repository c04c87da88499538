import { afterAll, beforeAll, expect, it } from "vitest";
import type { Actor } from "#core/actor.ts";
import type { Db } from "#server/db/schema.ts";
import { requestReturn } from "#server/returns/returns.service.ts";
import { actorFor, makeCustomer, makeProduct, makeVisitor } from "#server/testing/factories.ts";
import { deliveredOrder, takeThrough } from "#server/testing/returns.ts";
import { describeEachDatabase } from "#server/testing/test-databases.ts";
import { shopBrowser, startTestShop, type TestShop } from "./test-shop.ts";

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

describeEachDatabase("returns over HTTP", (database) => {
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
});
