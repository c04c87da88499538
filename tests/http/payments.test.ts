import { afterAll, beforeAll, expect, it } from "vitest";
import { findOrder } from "#server/orders/orders.repository.ts";
import { hmacHex } from "#server/payments/signatures.ts";
import { makeProduct } from "#server/testing/factories.ts";
import { type LocalGateway, startLocalGateway } from "#server/testing/local-gateway.ts";
import { describeEachDatabase } from "#server/testing/test-databases.ts";
import { checkoutForm } from "./live-shop.ts";
import { shopBrowser, startTestShop, type TestShop } from "./test-shop.ts";

const { email: _email, idempotencyKey: _key, ...CHECKOUT } = checkoutForm();

describeEachDatabase("online payment over HTTP, from the attacker's side", (database) => {
  let local: LocalGateway;
  let shop: TestShop;
  let plain: TestShop;
  let productId: number;

  beforeAll(async () => {
    local = await startLocalGateway();
    const settings = local.settings();
    shop = await startTestShop(database(), {
      RAZORPAY_KEY_ID: settings.keyId,
      RAZORPAY_KEY_SECRET: settings.keySecret,
      RAZORPAY_WEBHOOK_SECRET: settings.webhookSecret,
      RAZORPAY_API_URL: settings.apiUrl,
      RAZORPAY_CHECKOUT_URL: settings.checkoutUrl,
    });
    // The same database, without keys: cash on delivery only.
    plain = await startTestShop(database());
    productId = await makeProduct(database().db, { price: 189_900, sizes: { M: 50 } });
  });
  afterAll(async () => {
    await shop?.dispose();
    await plain?.dispose();
    await local?.close();
  });

  async function countEvents(): Promise<number> {
    const row = await shop.services.db
      .selectFrom("paymentEvents")
      .select(({ fn }) => fn.countAll<number | string>().as("count"))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** A guest's online order, placed through the checkout form; answers its pay page's address. */
  async function onlineOrder(on: TestShop = shop) {
    const guest = shopBrowser(on);
    await guest.post("/cart", { intent: "add", productId: String(productId), size: "M" });
    const placed = await guest.post("/guest", {
      ...CHECKOUT,
      email: "pays.online@mail.in",
      paymentMethod: "online",
      idempotencyKey: crypto.randomUUID(),
    });
    return { guest, placed };
  }

  it("sends an online order to its pay page, whose CSP allows the gateway's script and frame", async () => {
    const { guest, placed } = await onlineOrder();
    expect(placed.statusCode).toBe(302);
    const payPath = String(placed.headers.location);
    expect(payPath).toMatch(/^\/orders\/[A-Za-z0-9_-]{40,}\/pay$/);
    const page = await guest.get(payPath);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("waiting for the payment");
    const csp = String(page.headers["content-security-policy"]);
    expect(csp).toMatch(new RegExp(`script-src [^;]*${local.url}`));
    expect(csp).toMatch(new RegExp(`frame-src [^;]*${local.url}`));
    // Without keys, the shop's pages neither load nor frame anything of the gateway.
    const home = await shopBrowser(plain).get("/cart");
    expect(String(home.headers["content-security-policy"])).not.toContain(local.url);
  });

  it("refuses a forged browser result with 400, and the order still awaits its payment", async () => {
    const { guest, placed } = await onlineOrder();
    const payPath = String(placed.headers.location);
    const token = payPath.split("/")[2] ?? "";
    const order = await findOrder(shop.services.db, { accessToken: token });
    const gatewayOrder = local.orderFor(order?.orderNumber ?? "");
    const forged = await guest.post(payPath, {
      intent: "confirm",
      razorpay_order_id: gatewayOrder?.id ?? "",
      razorpay_payment_id: "pay_madeup000001",
      razorpay_signature: hmacHex("a-guessed-secret", `${gatewayOrder?.id}|pay_madeup000001`),
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.body).toContain("We could not verify this payment.");
    expect(await findOrder(shop.services.db, { accessToken: token })).toMatchObject({ paymentStatus: "awaiting" });
  });

  it("takes a signed webhook from anywhere, but refuses a forged one with 400, not as a cross-site post", async () => {
    const { guest, placed } = await onlineOrder();
    const payPath = String(placed.headers.location);
    await guest.get(payPath);
    const token = payPath.split("/")[2] ?? "";
    const order = await findOrder(shop.services.db, { accessToken: token });
    const gatewayOrder = local.orderFor(order?.orderNumber ?? "");
    const body = JSON.stringify({
      event: "payment.captured",
      payload: {
        payment: {
          entity: {
            id: "pay_http0000001",
            order_id: gatewayOrder?.id,
            amount: order?.total,
            currency: "INR",
            status: "captured",
          },
        },
      },
    });
    const post = (signature: string, eventId = "evt_http_1") =>
      shop.app.inject({
        method: "POST",
        url: "/webhooks/razorpay",
        // No Origin or Referer: the gateway is not a page of the shop.
        headers: {
          "content-type": "application/json",
          "x-razorpay-signature": signature,
          "x-razorpay-event-id": eventId,
        },
        payload: body,
      });
    const forged = await post(hmacHex("not-the-webhook-secret", body));
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ error: "payment-unverified" });
    expect(await findOrder(shop.services.db, { accessToken: token })).toMatchObject({ paymentStatus: "awaiting" });

    const genuine = await post(hmacHex(local.webhookSecret, body));
    expect(genuine.statusCode).toBe(200);
    expect(genuine.json()).toEqual({ status: "recorded" });
    expect(await findOrder(shop.services.db, { accessToken: token })).toMatchObject({ paymentStatus: "paid" });
    const replayed = await post(hmacHex(local.webhookSecret, body));
    expect(replayed.json()).toEqual({ status: "duplicate" });
    // Any other post without the shop's origin is still refused.
    const elsewhere = await shop.app.inject({ method: "POST", url: "/cart", payload: "intent=add" });
    expect(elsewhere.statusCode).toBe(403);
  });

  it("records one signed body once, however many fresh event ids it is re-posted under", async () => {
    const { guest, placed } = await onlineOrder();
    const payPath = String(placed.headers.location);
    await guest.get(payPath);
    const order = await findOrder(shop.services.db, { accessToken: payPath.split("/")[2] ?? "" });
    const gatewayOrder = local.orderFor(order?.orderNumber ?? "");
    const payment = { order_id: gatewayOrder?.id, amount: order?.total, currency: "INR" };
    const bodies = [
      {
        event: "payment.failed",
        payload: { payment: { entity: { ...payment, id: "pay_replay00001", status: "failed" } } },
      },
      {
        event: "payment.captured",
        payload: { payment: { entity: { ...payment, id: "pay_replay00002", status: "captured" } } },
      },
      // An event the shop does not act on is kept once too.
      {
        event: "payment.authorized",
        payload: { payment: { entity: { ...payment, id: "pay_replay00002", status: "authorized" } } },
      },
    ].map((body) => JSON.stringify(body));
    const before = await countEvents();
    for (const body of bodies) {
      // The header is not signed: an attacker who caught one delivery can re-post it under any id.
      const answers = [];
      for (let round = 0; round < 100; round++) {
        const reply = await shop.app.inject({
          method: "POST",
          url: "/webhooks/razorpay",
          headers: {
            "content-type": "application/json",
            "x-razorpay-signature": hmacHex(local.webhookSecret, body),
            "x-razorpay-event-id": `evt_fresh_${round}_${crypto.randomUUID()}`,
          },
          payload: body,
        });
        expect(reply.statusCode).toBe(200);
        answers.push(reply.json().status);
      }
      expect(answers.filter((status) => status !== "duplicate").length).toBe(1);
    }
    expect((await countEvents()) - before).toBe(3);
    expect(await findOrder(shop.services.db, { id: order?.id ?? 0 })).toMatchObject({ paymentStatus: "paid" });
    const kinds = await shop.services.db
      .selectFrom("paymentEvents")
      .select("kind")
      .where("orderId", "=", order?.id ?? 0)
      .orderBy("id")
      .execute();
    expect(kinds.map((event) => event.kind)).toEqual([
      "gateway-order",
      "payment-failed",
      "payment-captured",
      "payment.authorized",
    ]);
  });

  it("refuses an online order when online payment is off, and offers cash only", async () => {
    const cart = shopBrowser(plain);
    await cart.post("/cart", { intent: "add", productId: String(productId), size: "M" });
    const form = await cart.get("/guest");
    expect(form.body).toContain("Payment: cash on delivery.");
    expect(form.body).not.toContain("Pay online");
    const placed = await cart.post("/guest", {
      ...CHECKOUT,
      email: "no.online@mail.in",
      paymentMethod: "online",
      idempotencyKey: crypto.randomUUID(),
    });
    expect(placed.statusCode).toBe(409);
    expect(placed.body).toContain("Online payment is not available right now.");
  });
});
