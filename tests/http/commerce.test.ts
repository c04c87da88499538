import { afterAll, beforeAll, expect, it } from "vitest";
import { orderByAccessToken } from "#server/orders/orders.service.ts";
import { makeCustomer, makeProduct } from "#server/testing/factories.ts";
import { describeEachDatabase } from "#server/testing/test-databases.ts";
import { checkoutForm } from "./live-shop.ts";
import { shopBrowser, startTestShop, type TestShop } from "./test-shop.ts";

// The delivery fields of a checkout form, without its e-mail and key (each test adds its own).
const { email: _email, idempotencyKey: _key, ...CHECKOUT } = checkoutForm();

describeEachDatabase("cart and orders over HTTP, from the attacker's side", (database) => {
  let shop: TestShop;
  let productId: number;

  beforeAll(async () => {
    shop = await startTestShop(database());
    productId = await makeProduct(database().db, {
      title: "Honest Price Kurta",
      price: 250_000,
      sizes: { M: 50, L: 50 },
    });
  });
  afterAll(() => shop?.dispose());

  const browser = () => shopBrowser(shop);

  async function signedIn() {
    const customer = await makeCustomer(shop.services.db);
    const session = browser();
    await session.post("/login", { email: customer.email, password: customer.password });
    return { customer, session };
  }

  it("ignores a posted price or total: the cart and the order use the product's own price", async () => {
    const { session } = await signedIn();
    await session.post("/cart", {
      intent: "add",
      productId: String(productId),
      size: "M",
      price: "1",
      unitPrice: "1",
      total: "1",
    });
    const cart = await session.get("/cart");
    expect(cart.body).toContain("₹2,500");
    expect(cart.body).toContain("₹2,600");
    const key = cart.body.match(/name="idempotencyKey" value="([^"]+)"/)?.[1] ?? crypto.randomUUID();
    const placed = await session.post("/cart?checkout", {
      intent: "checkout",
      idempotencyKey: key,
      ...CHECKOUT,
      total: "100",
      subtotal: "1",
      shipping: "0",
    });
    expect(placed.statusCode).toBe(302);
    // A customer lands on the order's confirmation page, as a guest does, with the delivery promise
    // and the way to My Orders.
    const confirmation = String(placed.headers.location);
    expect(confirmation).toMatch(/^\/orders\/[\w-]{32,}$/);
    const page = await session.get(confirmation);
    expect(page.body).toContain("Thank you! Your order is placed.");
    expect(page.body).toMatch(/data-testid="placed-promise"[^>]*>Delivery (by|between) \w{3}, \d{1,2} \w{3,4}/);
    expect(page.body).toMatch(/<a[^>]*href="\/order"[^>]*>My Orders<\/a>/);
    expect(page.body).toContain("₹2,600");
    const orders = await session.get("/order");
    expect(orders.body).toContain("₹2,600");
  });

  it("refuses a quantity below 1 and a size the product does not have", async () => {
    const session = browser();
    await session.post("/cart", { intent: "add", productId: String(productId), size: "M" });
    for (const quantity of ["0", "-3", "1.5", "abc"]) {
      const response = await session.post("/cart", {
        intent: "quantity",
        productId: String(productId),
        size: "M",
        quantity,
      });
      expect(response.statusCode, quantity).toBe(400);
    }
    const unknownSize = await session.post("/cart", { intent: "add", productId: String(productId), size: "XXL" });
    expect(unknownSize.statusCode).toBe(400);
    expect(unknownSize.body).toContain("Please select a size");
    const missingSize = await session.post("/cart", { intent: "add", productId: String(productId), size: "XL" });
    expect(missingSize.statusCode).toBe(400);
    expect((await session.get("/cart")).body).toMatch(/aria-label="Quantity of Honest Price Kurta, size M"[^>]*>1</);
  });

  it("never touches another shopper's cart line", async () => {
    const alice = browser();
    const bob = browser();
    await alice.post("/cart", { intent: "add", productId: String(productId), size: "L" });
    const attempt = await bob.post("/cart", { intent: "remove", productId: String(productId), size: "L" });
    expect(attempt.statusCode).toBe(404);
    const change = await bob.post("/cart", {
      intent: "quantity",
      productId: String(productId),
      size: "L",
      quantity: "9",
    });
    expect(change.statusCode).toBe(404);
    expect((await alice.get("/cart")).body).toMatch(/aria-label="Quantity of Honest Price Kurta, size L"[^>]*>1</);
  });

  it("does not let a customer open another customer's order, or a guest's order without its link", async () => {
    const alice = await signedIn();
    await alice.session.post("/cart", { intent: "add", productId: String(productId), size: "M" });
    const key = crypto.randomUUID();
    await alice.session.post("/cart?checkout", { intent: "checkout", idempotencyKey: key, ...CHECKOUT });
    const aliceOrder = (await alice.session.get("/order")).body.match(/href="\/order\/(KS-\d+)"/)?.[1];
    expect(aliceOrder).toBeDefined();
    expect((await alice.session.get(`/order/${aliceOrder}`)).statusCode).toBe(200);

    const bob = await signedIn();
    const peek = await bob.session.get(`/order/${aliceOrder}`);
    expect(peek.statusCode).toBe(404);
    expect(peek.body).not.toContain(CHECKOUT.address);

    const guest = browser();
    await guest.post("/cart", { intent: "add", productId: String(productId), size: "M" });
    const placed = await guest.post("/guest", {
      ...CHECKOUT,
      email: "guest@mail.in",
      idempotencyKey: crypto.randomUUID(),
    });
    expect(placed.statusCode).toBe(302);
    const confirmation = String(placed.headers.location);
    expect(confirmation).toMatch(/^\/orders\/[A-Za-z0-9_-]{40,}$/);
    expect((await guest.get(confirmation)).body).toContain("guest@mail.in");
    const guestNumber = (await guest.get(confirmation)).body.match(/Order (KS-\d+)/)?.[1];
    expect((await bob.session.get(`/order/${guestNumber}`)).statusCode).toBe(404);
    expect((await bob.session.get(`/orders/${"x".repeat(43)}`)).statusCode).toBe(404);
    expect((await browser().get(`/orders/${confirmation.slice(8, -1)}`)).statusCode).toBe(404);
  });

  it("gives guests no points even when they ask to redeem", async () => {
    const guest = browser();
    await guest.post("/cart", { intent: "add", productId: String(productId), size: "L" });
    const placed = await guest.post("/guest", {
      ...CHECKOUT,
      email: "g2@mail.in",
      redeemPoints: "1",
      idempotencyKey: crypto.randomUUID(),
    });
    const order = await orderByAccessToken(shop.services.db, String(placed.headers.location).replace("/orders/", ""));
    expect(order).toMatchObject({ pointsRedeemed: 0, pointsEarned: 0, total: 260_000 });
  });

  it("tells an address form the city and state of a pincode, and refuses what is not one", async () => {
    const known = await browser().get("/pincode/560034");
    expect(known.statusCode).toBe(200);
    expect(JSON.parse(known.body)).toEqual({
      pincode: "560034",
      city: "Bengaluru",
      stateCode: "29",
      stateName: "Karnataka",
    });
    expect(JSON.parse((await browser().get("/pincode/194101")).body)).toMatchObject({ stateName: "Ladakh" });
    const unlisted = await browser().get("/pincode/999999");
    expect(unlisted.statusCode).toBe(404);
    expect(JSON.parse(unlisted.body)).toEqual({ message: "Pincode 999999 is not in our directory." });
    const malformed = await browser().get("/pincode/40%3Cb%3E");
    expect(malformed.statusCode).toBe(400);
    expect(JSON.parse(malformed.body)).toEqual({ message: "A pincode has six digits and does not start with 0." });
  });

  it("explains a checkout it cannot take, keeping what was typed", async () => {
    const { session } = await signedIn();
    await session.post("/cart", { intent: "add", productId: String(productId), size: "M" });
    const missing = await session.post("/cart?checkout", {
      intent: "checkout",
      idempotencyKey: crypto.randomUUID(),
      ...CHECKOUT,
      pincode: "",
    });
    expect(missing.statusCode).toBe(400);
    // The spec's message once, naming what is missing; the field says its own problem.
    expect(missing.body.match(/>All fields are required/g)).toHaveLength(1);
    expect(missing.body).toContain('href="#field-pincode"');
    // Said once on the page (beside the field), whatever the page's data carries for the scripts.
    expect(missing.body.match(/>Please enter the pincode\.</g)).toHaveLength(1);
    expect(missing.body).not.toContain("Failed to place the order");
    expect(missing.body).toContain(CHECKOUT.address);
    const malformed = await session.post("/cart?checkout", {
      intent: "checkout",
      idempotencyKey: crypto.randomUUID(),
      ...CHECKOUT,
      pincode: "4000",
    });
    expect(malformed.body).toContain("Please enter a 6-digit pincode (it never starts with 0).");
    const elsewhere = await session.post("/cart?checkout", {
      intent: "checkout",
      idempotencyKey: crypto.randomUUID(),
      ...CHECKOUT,
      stateCode: "19",
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.body).toContain("Pincode 400050 is in Maharashtra, not West Bengal.");
    // Goa's pincodes share Maharashtra's postal ranges; the directory knows 403001 is in Goa.
    const goa = await session.post("/cart?checkout", {
      intent: "checkout",
      idempotencyKey: crypto.randomUUID(),
      ...CHECKOUT,
      pincode: "403001",
    });
    expect(goa.statusCode).toBe(400);
    expect(goa.body).toContain("Pincode 403001 is in Goa, not Maharashtra.");
    const nowhere = await session.post("/cart?checkout", {
      intent: "checkout",
      idempotencyKey: crypto.randomUUID(),
      ...CHECKOUT,
      stateCode: "28",
    });
    expect(nowhere.body).toContain("Please choose the state or union territory.");
  });
});
