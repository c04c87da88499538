import { afterAll, beforeAll, expect, it } from "vitest";
import { SYSTEM } from "#core/actor.ts";
import { addToCart } from "#server/cart/cart.service.ts";
import { changeStatus } from "#server/orders/orders.service.ts";
import { placeOrder } from "#server/orders/place-order.ts";
import {
  actorFor,
  atShop,
  checkoutDetails,
  makeCustomer,
  makeProduct,
  makeVisitor,
} from "#server/testing/factories.ts";
import { describeEachDatabase } from "#server/testing/test-databases.ts";
import { cookiesFrom, FORM, form, startTestShop, type TestShop } from "./test-shop.ts";

describeEachDatabase("tax invoices over HTTP, from the attacker's side", (database) => {
  let shop: TestShop;
  const order = { id: 0, number: "", token: "" };
  const cookies = { owner: "", stranger: "", admin: "" };

  beforeAll(async () => {
    shop = await startTestShop(database());
    const { db } = shop.services;
    const owner = await makeCustomer(db);
    const stranger = await makeCustomer(db);
    const product = await makeProduct(db, { price: 329_900, hsn: "6204", sizes: { M: 5 } });
    await addToCart(db, actorFor(owner), { productId: product, size: "M" });
    const placed = await placeOrder(
      db,
      actorFor(owner),
      checkoutDetails({ city: "Kolkata", stateCode: "19", pincode: "700016" }),
      atShop(),
    );
    Object.assign(order, { id: placed.id, number: placed.orderNumber, token: placed.accessToken });
    const logIn = async (email: string, password: string) =>
      cookiesFrom(
        await shop.request({ method: "POST", url: "/login", headers: FORM, payload: form({ email, password }) }),
      );
    cookies.owner = await logIn(owner.email, owner.password);
    cookies.stranger = await logIn(stranger.email, stranger.password);
    cookies.admin = await logIn("admin@shop.test", "Admin-password-1");
    // An order of someone else, to show a guest link opens only its own.
    const visitor = makeVisitor();
    await addToCart(db, visitor, { productId: product, size: "M" });
    await placeOrder(db, visitor, checkoutDetails(), atShop());
  });
  afterAll(() => shop?.dispose());

  const get = (url: string, cookie = "") => shop.request({ method: "GET", url, headers: cookie ? { cookie } : {} });

  it("serves the invoice as a private PDF to its customer, its guest link and the administrator", async () => {
    for (const [url, cookie] of [
      [`/order/${order.number}/invoice`, cookies.owner],
      [`/orders/${order.token}/invoice`, ""],
      [`/admin/orders/${order.id}/invoice`, cookies.admin],
    ] as const) {
      const response = await get(url, cookie);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["content-type"]).toBe("application/pdf");
      expect(response.headers["cache-control"]).toBe("private, no-store");
      expect(response.headers["content-disposition"]).toMatch(/^inline; filename="KS-\d\d-\d\d-\d{6}\.pdf"$/);
      expect(response.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    }
  });

  it("shows no one else's invoice, and no credit note before a cancellation", async () => {
    expect((await get(`/order/${order.number}/invoice`, cookies.stranger)).statusCode).toBe(404);
    expect((await get(`/order/${order.number}/invoice`)).statusCode).toBe(302);
    expect((await get(`/orders/${"x".repeat(43)}/invoice`)).statusCode).toBe(404);
    expect((await get(`/admin/orders/${order.id}/invoice`, cookies.owner)).statusCode).toBe(302);
    expect((await get(`/orders/${order.token}/receipt`)).statusCode).toBe(404);
    expect((await get(`/orders/${order.token}/credit-note`)).statusCode).toBe(404);
    expect((await get(`/admin/orders/99999999/invoice`, cookies.admin)).statusCode).toBe(404);
    expect((await get(`/admin/orders/1e3/invoice`, cookies.admin)).statusCode).toBe(404);
  });

  it("offers the credit note once the order is cancelled, and reports the month as CSV to the admin only", async () => {
    await changeStatus(shop.services.db, SYSTEM, { orderId: order.id, from: "placed", to: "cancelled" });
    const note = await get(`/orders/${order.token}/credit-note`);
    expect(note.statusCode).toBe(200);
    expect(note.headers["content-disposition"]).toMatch(/filename="CN-\d\d-\d\d-\d{6}\.pdf"/);
    const page = await get(`/order/${order.number}`, cookies.owner);
    expect(page.body).toContain(`/order/${order.number}/credit-note`);

    const month = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 7);
    expect((await get(`/admin/gst.csv?month=${month}`, cookies.owner)).statusCode).toBe(302);
    const csv = await get(`/admin/gst.csv?month=${month}`, cookies.admin);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.body).toContain("B2CS: other sales to unregistered buyers");
    // The Kolkata order was invoiced and cancelled this month: its credit note nets it out of B2C small.
    expect(csv.body).toMatch(/Totals\r\n,Taxable value,CGST,SGST,IGST\r\nInvoices,[\d.]+,[\d.]+,[\d.]+,[1-9]/);
    expect(csv.body).toMatch(/Credit notes,[\d.]+,0\.00,0\.00,[1-9]/);
    expect(csv.body).toMatch(/27-Maharashtra,Intra-state,18%,/);
    expect(csv.body).not.toMatch(/19-West Bengal/);
    const json = await get(`/admin/gst.json?month=${month}`, cookies.admin);
    expect(json.statusCode).toBe(200);
    expect(json.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(JSON.parse(json.body)).toMatchObject({ fp: `${month.slice(5)}${month.slice(0, 4)}` });
    expect((await get(`/admin/gst.json?month=${month}`, cookies.owner)).statusCode).toBe(302);
    const bad = await get("/admin/gst.csv?month=2026-13", cookies.admin);
    expect(bad.statusCode).toBe(400);
    const report = await get(`/admin/gst?month=${month}`, cookies.admin);
    expect(report.statusCode).toBe(200);
    expect(report.body).toContain("Maharashtra");
  });
});
