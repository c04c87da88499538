import { afterAll, beforeAll, expect, it } from "vitest";
import { SYSTEM } from "#core/actor.ts";
import { addToCart } from "#server/cart/cart.service.ts";
import { orderForAdmin } from "#server/orders/orders.service.ts";
import { placeOrder } from "#server/orders/place-order.ts";
import { actorFor, atShop, checkoutDetails, makeCustomer, makeProduct } from "#server/testing/factories.ts";
import { describeEachDatabase } from "#server/testing/test-databases.ts";
import { cookiesFrom, FORM, form, startTestShop, type TestShop } from "./test-shop.ts";

const KOLKATA = { address: "12 Park Street", city: "Kolkata", stateCode: "19", pincode: "700016" };
/** What the admin enters when shipping; the buyer's shipped mail gives it. */
const SHIPMENT = { courier: "Blue Dart", trackingNumber: "BD44172290", expectedDelivery: "2026-04-02" };

describeEachDatabase("e-way bills over HTTP", (database) => {
  let shop: TestShop;
  const orders = { large: 0, small: 0 };
  const cookies = { customer: "", admin: "" };

  beforeAll(async () => {
    shop = await startTestShop(database());
    const { db } = shop.services;
    const customer = await makeCustomer(db);
    const buyer = actorFor(customer);
    const lehenga = await makeProduct(db, { title: "Bridal Lehenga", price: 7_490_000, hsn: "6204", sizes: { M: 5 } });
    const kurta = await makeProduct(db, { price: 249_900, hsn: "6204", sizes: { M: 5 } });
    await addToCart(db, buyer, { productId: lehenga, size: "M" });
    orders.large = (await placeOrder(db, buyer, checkoutDetails(KOLKATA), atShop())).id;
    await addToCart(db, buyer, { productId: kurta, size: "M" });
    orders.small = (await placeOrder(db, buyer, checkoutDetails(KOLKATA), atShop())).id;
    const logIn = async (email: string, password: string) =>
      cookiesFrom(
        await shop.request({ method: "POST", url: "/login", headers: FORM, payload: form({ email, password }) }),
      );
    cookies.customer = await logIn(customer.email, customer.password);
    cookies.admin = await logIn("admin@shop.test", "Admin-password-1");
  });
  afterAll(() => shop?.dispose());

  const get = (url: string, cookie = "") => shop.request({ method: "GET", url, headers: cookie ? { cookie } : {} });
  const post = (fields: Record<string, string>) =>
    shop.request({
      method: "POST",
      url: `/admin/orders/${orders.large}`,
      headers: { ...FORM, cookie: cookies.admin, "sec-fetch-mode": "navigate" },
      payload: form(fields),
    });

  it("gives the administrator Part A as a JSON file, and nobody else", async () => {
    const url = `/admin/orders/${orders.large}/eway-bill.json`;
    const response = await get(url, cookies.admin);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(response.headers["cache-control"]).toBe("private, no-store");
    expect(response.headers["content-disposition"]).toMatch(/^attachment; filename="EWB-KS-\d\d-\d\d-\d{6}\.json"$/);
    const partA = JSON.parse(response.body);
    expect(partA.version).toBe("1.0.0621");
    expect(partA.billLists[0]).toMatchObject({ supplyType: "O", docType: "INV", toGstin: "URP", totInvValue: 75_000 });

    for (const cookie of [cookies.customer, ""]) {
      const refused = await get(url, cookie);
      expect(refused.statusCode).toBe(302);
      expect(refused.headers.location).toBe(`/login?redirectTo=${encodeURIComponent(url)}`);
      expect(refused.body).not.toContain("billLists");
    }
    expect((await get(`/admin/orders/${orders.small}/eway-bill.json`, cookies.admin)).statusCode).toBe(404);
    expect((await get("/admin/orders/1e3/eway-bill.json", cookies.admin)).statusCode).toBe(404);
  });

  it("marks the order on the admin's screens, and ships it only once the number is entered", async () => {
    const page = await get(`/admin/orders/${orders.large}`, cookies.admin);
    expect(page.body).toContain("E-way bill needed before shipping.");
    expect(page.body).toContain(`/admin/orders/${orders.large}/eway-bill.json`);
    const table = await get("/admin/orders?tab=all", cookies.admin);
    expect(table.body.match(/data-testid="eway-bill-needed"/g)).toHaveLength(1);

    const early = await post({ from: "placed", to: "shipped", ...SHIPMENT });
    expect(early.statusCode).toBe(409);
    expect(early.body).toContain("Enter the e-way bill number before shipping this order.");
    const malformed = await post({ intent: "eway-bill", ewayBillNumber: "18123456789" });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.body).toContain("The e-way bill number has 12 digits.");

    const saved = await post({ intent: "eway-bill", ewayBillNumber: "1812 3456 7890" });
    expect(saved.statusCode).toBe(302);
    expect(saved.headers.location).toBe(`/admin/orders/${orders.large}`);
    const entered = await get(`/admin/orders/${orders.large}`, cookies.admin);
    expect(entered.body).toContain("1812 3456 7890");
    expect(entered.body).not.toContain("E-way bill needed before shipping.");

    expect((await post({ from: "placed", to: "shipped", ...SHIPMENT })).statusCode).toBe(302);
    expect((await orderForAdmin(shop.services.db, SYSTEM, orders.large)).status).toBe("shipped");
  });
});
