import { afterAll, beforeAll, expect, it } from "vitest";
import { findOrder } from "#server/orders/orders.repository.ts";
import { makeProduct } from "#server/testing/factories.ts";
import { describeEachDatabase } from "#server/testing/test-databases.ts";
import { checkoutForm } from "./live-shop.ts";
import { cookiesFrom, FORM, form, shopBrowser, startTestShop, type TestShop } from "./test-shop.ts";

/*
 * A shop started with nothing but its defaults, as a new seller first runs it (record 34): without
 * online payment it must take cash whatever the order's value; until its GSTIN is set, its documents
 * are specimens and the dashboard says why.
 */

const { email: _email, idempotencyKey: _key, ...CHECKOUT } = checkoutForm();

describeEachDatabase("a fresh shop over HTTP", (database) => {
  let fresh: TestShop;
  let capped: TestShop;
  let registered: TestShop;
  let suit: number;

  beforeAll(async () => {
    fresh = await startTestShop(database());
    // The same database, with a cap on cash set by the shop, and with the seller's own registration.
    capped = await startTestShop(database(), { COD_MAX_RUPEES: "10000" });
    registered = await startTestShop(database(), {
      SHOP_LEGAL_NAME: "Rao Textiles LLP",
      SHOP_ADDRESS: "14 Linking Road, Bandra West, Mumbai 400050",
      SHOP_GSTIN: "27AAPFU0939F1ZV",
    });
    suit = await makeProduct(database().db, { title: "Zari Suit", price: 599_900, sizes: { M: 20 } });
  });
  afterAll(async () => {
    await fresh?.dispose();
    await capped?.dispose();
    await registered?.dispose();
  });

  /** A guest with two ₹5,999 suits in the cart: ₹12,098 to pay with shipping. */
  async function guestWithTwoSuits(shop: TestShop) {
    const guest = shopBrowser(shop);
    await guest.post("/cart", { intent: "add", productId: String(suit), size: "M", quantity: "2" });
    return guest;
  }

  it("takes cash on delivery for any value while online payment is off and no cap is set", async () => {
    const guest = await guestWithTwoSuits(fresh);
    const cart = await guest.get("/cart");
    expect(cart.body).toContain("₹12,098");
    expect(cart.body).not.toContain("Cash on delivery is available on orders up to");
    const checkout = await guest.get("/guest");
    expect(checkout.body).toContain("Payment: cash on delivery.");
    const placed = await guest.post("/guest", {
      ...CHECKOUT,
      email: "two.suits@mail.in",
      paymentMethod: "cod",
      idempotencyKey: crypto.randomUUID(),
    });
    expect(placed.statusCode).toBe(302);
    const token = String(placed.headers.location).split("/")[2] ?? "";
    expect(await findOrder(fresh.services.db, { accessToken: token })).toMatchObject({
      total: 12_098_00,
      paymentMethod: "cod",
      paymentStatus: "cod-due",
    });
  });

  it("says in the cart, before the checkout form, when a cap on cash applies and what to do", async () => {
    const guest = await guestWithTwoSuits(capped);
    const cart = await guest.get("/cart");
    expect(cart.body).toContain('data-testid="cod-cap-note"');
    expect(cart.body).toContain(
      "Cash on delivery is available on orders up to ₹10,000; this order is ₹12,098. To order, take pieces worth at least ₹2,098 out of your cart, or place two orders.",
    );
    // With no way to pay it as it stands, Buy Now waits for the cart to change.
    expect(cart.body).toMatch(/<button[^>]*disabled[^>]*aria-describedby="cod-cap-note"[^>]*>Buy Now/);
    expect(cart.body.indexOf("cod-cap-note")).toBeLessThan(cart.body.indexOf("Buy Now"));
  });

  it("tells the administrator why the documents are specimens until the seller's GSTIN is set", async () => {
    const dashboard = async (shop: TestShop) => {
      const login = await shop.request({
        method: "POST",
        url: "/login",
        headers: FORM,
        payload: form({ email: "admin@shop.test", password: "Admin-password-1" }),
      });
      return shop.request({ method: "GET", url: "/dashboard", headers: { cookie: cookiesFrom(login) } });
    };
    const demo = await dashboard(fresh);
    expect(demo.statusCode).toBe(200);
    expect(demo.body).toContain('data-testid="specimen-notice"');
    expect(demo.body).toContain("Invoices and credit notes are specimens: not tax invoices.");
    expect(demo.body).toContain("set SHOP_LEGAL_NAME, SHOP_ADDRESS and SHOP_GSTIN");
    const own = await dashboard(registered);
    expect(own.statusCode).toBe(200);
    expect(own.body).not.toContain("specimen-notice");
  });
});
