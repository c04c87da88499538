import fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type Actor, SYSTEM } from "#core/actor.ts";
import { codOffer } from "#core/cash-on-delivery.ts";
import { PAYMENT_WINDOW_MS } from "#core/payment-status.ts";
import { addToCart } from "../cart/cart.service.ts";
import { findProduct } from "../catalog/catalog.service.ts";
import { type DatabaseHandle, openDatabase } from "../db/database.ts";
import type { Db } from "../db/schema.ts";
import { registerPaymentWebhook } from "../http/payment-webhook.ts";
import { COD_FEE_DESCRIPTION } from "../invoices/invoicing.ts";
import { findOrder } from "../orders/orders.repository.ts";
import { cancelOrderAsBuyer, changeStatus } from "../orders/orders.service.ts";
import { placeOrder, type Sale } from "../orders/place-order.ts";
import { DEMO_SELLER } from "../tax/seller.ts";
import { failure } from "../testing/app-error.ts";
import { actorFor, checkoutDetails, makeCustomer, makeProduct, makeVisitor } from "../testing/factories.ts";
import { type LocalGateway, startLocalGateway } from "../testing/local-gateway.ts";
import { mailsTo } from "../testing/outbox.ts";
import { describeEachDatabase } from "../testing/test-databases.ts";
import { markCashCollected } from "./cash-payments.service.ts";
import type { PaymentGateway } from "./gateway.ts";
import { moneyStory } from "./money-story.ts";
import { confirmCheckout, paymentPage, retryPayment } from "./online-payments.service.ts";
import { reconcilePayments, sendRefunds } from "./payment-jobs.ts";
import { findPaymentEvents } from "./payments.repository.ts";
import { RazorpayGateway } from "./razorpay.ts";

const ADMIN: Actor = {
  kind: "user",
  userId: "admin",
  email: "admin@shop.test",
  name: "Admin",
  role: "owner",
  guestId: null,
};
const START = Date.parse("2026-03-02T10:00:00+05:30");

function sale(now: number, payments: Partial<NonNullable<Sale["payments"]>> = {}): Sale {
  return { seller: DEMO_SELLER, now, payments: { online: true, codMaxPaise: 1_000_000, codFeePaise: 0, ...payments } };
}

async function stockOf(db: Db, productId: number, size = "M") {
  return (await findProduct(db, productId))?.sizes.find((entry) => entry.size === size)?.stock;
}

describeEachDatabase("online payment through the local gateway", (database) => {
  let local: LocalGateway;
  let gateway: PaymentGateway;
  let shop: FastifyInstance;

  beforeAll(async () => {
    local = await startLocalGateway();
    gateway = new RazorpayGateway(local.settings());
    // The shop's webhook route, over real HTTP, on this suite's database.
    shop = fastify();
    registerPaymentWebhook(shop, { db: database().db, payments: gateway });
    const address = await shop.listen({ port: 0, host: "127.0.0.1" });
    local.webhookUrl = `${address}/webhooks/razorpay`;
  });
  afterAll(async () => {
    await local.close();
    await shop.close();
  });

  /** A guest's online order of `quantity` pieces of a product, and the gateway order for it. */
  async function onlineOrder(productId: number, now = START, options: { open?: boolean } = {}) {
    const { db } = database();
    const buyer = makeVisitor();
    const email = `${buyer.guestId}@mail.in`;
    await addToCart(db, buyer, { productId, size: "M", quantity: 1 });
    const placed = await placeOrder(db, buyer, checkoutDetails({ email, paymentMethod: "online" }), sale(now));
    const page = options.open === false ? null : await paymentPage(db, gateway, placed.accessToken, now);
    return { ...placed, email, buyer, gatewayOrderId: page?.checkout?.gatewayOrderId ?? "" };
  }

  async function orderRow(id: number) {
    const row = await findOrder(database().db, { id });
    if (!row) throw new Error("no order");
    return row;
  }

  it("holds the stock without invoice or mail, then pays: Paid, invoiced and confirmed once", async () => {
    const { db } = database();
    const kurta = await makeProduct(db, { price: 149_900, sizes: { M: 3 } });
    const order = await onlineOrder(kurta);
    expect(await stockOf(db, kurta)).toBe(2);
    const before = await orderRow(order.id);
    expect(before).toMatchObject({ paymentStatus: "awaiting", invoiceNumber: null, status: "placed" });
    expect(local.orders.get(order.gatewayOrderId)).toMatchObject({ amount: before.total, receipt: order.orderNumber });
    expect(await mailsTo(db, order.email)).toEqual([]);
    // Its SMS waits for the payment too: the order stands only then.
    const texts = () =>
      db.selectFrom("messages").select("kind").where("payload", "like", `%${order.orderNumber}%`).execute();
    expect(await texts()).toEqual([]);
    expect(await failure(changeStatus(db, SYSTEM, { orderId: order.id, from: "placed", to: "shipped" }))).toMatchObject(
      {
        code: "invalid-transition",
      },
    );

    const result = local.pay(order.gatewayOrderId, { webhooks: false });
    expect(await confirmCheckout(db, gateway, order.accessToken, result, START + 60_000)).toBe("paid");
    // The browser's news again (a reload) changes nothing.
    expect(await confirmCheckout(db, gateway, order.accessToken, result, START + 61_000)).toBe("paid");

    const paid = await orderRow(order.id);
    expect(paid).toMatchObject({ paymentStatus: "paid", paymentId: result.razorpay_payment_id });
    expect(paid.invoiceNumber).toMatch(/^KS\//);
    const mails = await mailsTo(db, order.email);
    expect(mails.map((mail) => mail.kind)).toEqual(["order-placed"]);
    expect(mails[0]?.payload).toMatchObject({ paymentMethod: "online", total: paid.total });
    expect(await texts()).toEqual([{ kind: "order-placed" }]);
  });

  it("refuses a checkout result whose signature is not the gateway's, and changes nothing", async () => {
    const { db } = database();
    const order = await onlineOrder(await makeProduct(db));
    const result = local.pay(order.gatewayOrderId, { webhooks: false });
    const forged = { ...result, razorpay_signature: "0".repeat(64) };
    expect(await failure(confirmCheckout(db, gateway, order.accessToken, forged))).toMatchObject({
      code: "payment-unverified",
    });
    // Signed for another gateway order: refused too, whichever order the browser names.
    const other = await onlineOrder(await makeProduct(db));
    const elsewhere = local.pay(other.gatewayOrderId, { webhooks: false });
    expect(await failure(confirmCheckout(db, gateway, order.accessToken, elsewhere))).toMatchObject({
      code: "payment-unverified",
    });
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: "awaiting", invoiceNumber: null });
  });

  it("fails, then the buyer tries again and pays", async () => {
    const { db } = database();
    const order = await onlineOrder(await makeProduct(db));
    local.fail(order.gatewayOrderId);
    await local.settled();
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: "awaiting" });
    expect((await findPaymentEvents(db, order.id)).map((event) => event.kind)).toContain("payment-failed");

    const result = local.pay(order.gatewayOrderId, { webhooks: false });
    expect(await confirmCheckout(db, gateway, order.accessToken, result)).toBe("paid");
  });

  it("completes the order from the webhook alone when the browser never comes back", async () => {
    const { db } = database();
    const order = await onlineOrder(await makeProduct(db));
    local.pay(order.gatewayOrderId);
    await local.settled();
    const paid = await orderRow(order.id);
    expect(paid.paymentStatus).toBe("paid");
    expect(paid.invoiceNumber).toBeTruthy();
    // payment.captured and order.paid both came; one confirmation, one invoice.
    expect((await mailsTo(db, order.email)).length).toBe(1);
    const kinds = (await findPaymentEvents(db, order.id)).map((event) => event.kind);
    expect(kinds).toEqual(["gateway-order", "payment.captured".replace(".", "-"), "order-paid"]);
  });

  it("releases the stock of an order unpaid after 15 minutes; the buyer can try again and pay", async () => {
    const { db } = database();
    const kurta = await makeProduct(db, { sizes: { M: 1 } });
    const order = await onlineOrder(kurta);
    expect(await stockOf(db, kurta)).toBe(0);

    await reconcilePayments(db, gateway, START + PAYMENT_WINDOW_MS - 1);
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: "awaiting" });
    await reconcilePayments(db, gateway, START + PAYMENT_WINDOW_MS);
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: "failed", status: "placed" });
    expect(await stockOf(db, kurta)).toBe(1);
    // A second node running the same job at the same moment changes nothing more.
    await reconcilePayments(db, gateway, START + PAYMENT_WINDOW_MS + 1);
    expect(await stockOf(db, kurta)).toBe(1);

    const later = START + PAYMENT_WINDOW_MS + 60_000;
    await retryPayment(db, order.accessToken, later);
    expect(await stockOf(db, kurta)).toBe(0);
    const page = await paymentPage(db, gateway, order.accessToken, later);
    expect(page).toMatchObject({ paymentStatus: "awaiting", expiresAt: later + PAYMENT_WINDOW_MS });
    const result = local.pay(page.checkout?.gatewayOrderId ?? "", { webhooks: false });
    expect(await confirmCheckout(db, gateway, order.accessToken, result, later + 1000)).toBe("paid");
    expect(await stockOf(db, kurta)).toBe(0);
  });

  it("takes a payment the browser and the webhook both missed when reconciling", async () => {
    const { db } = database();
    const order = await onlineOrder(await makeProduct(db));
    local.pay(order.gatewayOrderId, { webhooks: false });
    expect(await reconcilePayments(db, gateway, START + 60_000)).toMatchObject({ paid: 1 });
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: "paid" });
  });

  it("refuses a forged webhook with 400 and changes nothing", async () => {
    const { db } = database();
    const order = await onlineOrder(await makeProduct(db));
    const payment = {
      id: "pay_forged0001",
      order_id: order.gatewayOrderId,
      amount: 1,
      currency: "INR",
      status: "captured",
    };
    const before = (await findPaymentEvents(db, order.id)).length;
    expect(await local.send("payment.captured", { payment: { entity: payment } }, { secret: "not-the-secret" })).toBe(
      400,
    );
    // A signature that is not even hex, and none at all.
    const bad = await fetch(local.webhookUrl ?? "", {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Razorpay-Event-Id": "evt_x" },
      body: "{}",
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: "payment-unverified" });
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: "awaiting" });
    expect((await findPaymentEvents(db, order.id)).length).toBe(before);
  });

  it("records a replayed webhook once: the same event id changes nothing the second time", async () => {
    const { db } = database();
    const order = await onlineOrder(await makeProduct(db));
    const result = local.pay(order.gatewayOrderId, { webhooks: false });
    const payment = local.payments.get(result.razorpay_payment_id);
    const entity = {
      id: payment?.id,
      order_id: order.gatewayOrderId,
      amount: payment?.amount,
      currency: "INR",
      status: "captured",
    };
    expect(await local.send("payment.captured", { payment: { entity } }, { eventId: "evt_replayed_1" })).toBe(200);
    const events = (await findPaymentEvents(db, order.id)).length;
    const mails = (await mailsTo(db, order.email)).length;
    expect(await local.send("payment.captured", { payment: { entity } }, { eventId: "evt_replayed_1" })).toBe(200);
    expect((await findPaymentEvents(db, order.id)).length).toBe(events);
    expect((await mailsTo(db, order.email)).length).toBe(mails);
    expect(mails).toBe(1);
  });

  it("ignores a webhook for an order that is not ours, and flags it", async () => {
    const { db } = database();
    const entity = {
      id: "pay_stranger0001",
      order_id: "order_nobody0001",
      amount: 5000,
      currency: "INR",
      status: "captured",
    };
    expect(await local.send("payment.captured", { payment: { entity } }, { eventId: "evt_unknown_1" })).toBe(200);
    const row = await db
      .selectFrom("paymentEvents")
      .selectAll()
      .where("reference", "=", "pay_stranger0001")
      .executeTakeFirst();
    expect(row).toMatchObject({ orderId: null, flagged: 1 });
  });

  it("refuses a payment of another amount and flags it for the administrator", async () => {
    const { db } = database();
    const order = await onlineOrder(await makeProduct(db));
    const total = (await orderRow(order.id)).total;
    local.pay(order.gatewayOrderId, { amount: total - 100 });
    await local.settled();
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: "awaiting", invoiceNumber: null });
    const story = await moneyStory(db, ADMIN, order.id);
    expect(story.filter((event) => event.flagged).map((event) => event.label)).toContain(
      "Payment refused: amount does not match",
    );
    expect(await mailsTo(db, order.email)).toEqual([]);
  });

  it("twenty buyers for the last ten units: ten orders hold stock and are paid, never more", async () => {
    const { db } = database();
    const lehenga = await makeProduct(db, { sizes: { M: 10 } });
    const attempts = await Promise.allSettled(
      Array.from({ length: 20 }, () => onlineOrder(lehenga, START, { open: false })),
    );
    const placed = attempts.flatMap((attempt) => (attempt.status === "fulfilled" ? [attempt.value] : []));
    expect(placed.length).toBe(10);
    expect(await stockOf(db, lehenga)).toBe(0);
    for (const order of placed) {
      const page = await paymentPage(db, gateway, order.accessToken, START);
      local.pay(page.checkout?.gatewayOrderId ?? "");
    }
    await local.settled();
    const statuses = await Promise.all(placed.map(async (order) => (await orderRow(order.id)).paymentStatus));
    expect(statuses.filter((status) => status === "paid").length).toBe(10);
    expect(await stockOf(db, lehenga)).toBe(0);
  });

  it("refunds a payment that arrives after its stock went to another buyer", async () => {
    const { db } = database();
    const saree = await makeProduct(db, { sizes: { M: 1 } });
    const late = await onlineOrder(saree);
    await reconcilePayments(db, gateway, START + PAYMENT_WINDOW_MS);
    const prompt = await onlineOrder(saree, START + PAYMENT_WINDOW_MS + 1000);
    local.pay(prompt.gatewayOrderId);
    await local.settled();
    expect(await orderRow(prompt.id)).toMatchObject({ paymentStatus: "paid" });

    const result = local.pay(late.gatewayOrderId);
    await local.settled();
    expect(await orderRow(late.id)).toMatchObject({ status: "cancelled", paymentStatus: "refunding" });
    expect(await stockOf(db, saree)).toBe(0);
    await sendRefunds(db, gateway, START + PAYMENT_WINDOW_MS + 5000);
    await local.settled();
    expect(local.refundsOf(result.razorpay_payment_id).length).toBe(1);
    expect(await orderRow(late.id)).toMatchObject({ paymentStatus: "refunded" });
  });

  it("cancelling an unpaid order whose stock already went back puts nothing back twice", async () => {
    const { db } = database();
    const dupatta = await makeProduct(db, { sizes: { M: 2 } });
    const order = await onlineOrder(dupatta);
    await reconcilePayments(db, gateway, START + PAYMENT_WINDOW_MS);
    expect(await stockOf(db, dupatta)).toBe(2);
    await cancelOrderAsBuyer(db, order.buyer, { accessToken: order.accessToken }, { reason: "changed-mind" });
    expect(await stockOf(db, dupatta)).toBe(2);
    expect(await orderRow(order.id)).toMatchObject({
      status: "cancelled",
      paymentStatus: "failed",
      creditNoteNumber: null,
    });
  });

  it("refunds a payment that arrives for an order cancelled before it was paid", async () => {
    const { db } = database();
    const order = await onlineOrder(await makeProduct(db));
    await cancelOrderAsBuyer(db, order.buyer, { accessToken: order.accessToken }, { reason: "changed-mind" });
    const result = local.pay(order.gatewayOrderId);
    await local.settled();
    await sendRefunds(db, gateway, START + 1000);
    await local.settled();
    expect(local.refundsOf(result.razorpay_payment_id).length).toBe(1);
    expect(await orderRow(order.id)).toMatchObject({ status: "cancelled", invoiceNumber: null });
  });

  it("cancelling a paid order refunds it once, clicked twice and sent from two nodes", async () => {
    const { db, url } = database();
    const order = await onlineOrder(await makeProduct(db, { price: 249_900 }));
    const result = local.pay(order.gatewayOrderId);
    await local.settled();
    const total = (await orderRow(order.id)).total;

    const clicks = await Promise.allSettled([
      cancelOrderAsBuyer(db, order.buyer, { accessToken: order.accessToken }, { reason: "changed-mind" }),
      cancelOrderAsBuyer(db, order.buyer, { accessToken: order.accessToken }, { reason: "changed-mind" }),
    ]);
    expect(clicks.filter((click) => click.status === "fulfilled").length).toBe(1);
    expect(await orderRow(order.id)).toMatchObject({ status: "cancelled", paymentStatus: "refunding" });

    // Another node: its own connection to the same database, its own gateway client.
    const other: DatabaseHandle = openDatabase(url);
    try {
      const sent = await Promise.all([
        sendRefunds(db, gateway, START + 1000),
        sendRefunds(other.db, new RazorpayGateway(local.settings()), START + 1000),
      ]);
      expect(sent[0] + sent[1]).toBe(1);
      // Later rounds find nothing left to send.
      expect(await sendRefunds(other.db, gateway, START + 120_000)).toBe(0);
    } finally {
      await other.close();
    }
    await local.settled();
    expect(local.refundsOf(result.razorpay_payment_id)).toEqual([
      expect.objectContaining({ amount: total, status: "processed" }),
    ]);
    const cancelled = await orderRow(order.id);
    expect(cancelled.paymentStatus).toBe("refunded");
    expect(cancelled.creditNoteNumber).toBeTruthy();
    const mail = (await mailsTo(db, order.email)).find((entry) => entry.subject.endsWith("has been cancelled"));
    expect(mail?.payload).toMatchObject({ refundAmount: total });
    const labels = (await moneyStory(db, ADMIN, order.id)).map((event) => event.label);
    expect(labels).toEqual(
      expect.arrayContaining([
        "Payment received",
        "Tax invoice issued",
        "Refund asked for",
        "Refund sent to the gateway",
        "Refund completed",
        "Credit note issued",
      ]),
    );
  });

  it("a second payment of a paid order goes back on its own; a later cancel still refunds the first", async () => {
    const { db } = database();
    const order = await onlineOrder(await makeProduct(db, { price: 1_899_00 }));
    // Two tabs: the buyer pays the same gateway order twice.
    const first = local.pay(order.gatewayOrderId);
    await local.settled();
    const second = local.pay(order.gatewayOrderId);
    await local.settled();
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: "paid", paymentId: first.razorpay_payment_id });
    await sendRefunds(db, gateway, START + 1000);
    await local.settled();
    expect(local.refundsOf(second.razorpay_payment_id).length).toBe(1);
    expect(local.refundsOf(first.razorpay_payment_id)).toEqual([]);
    // The second payment is refunded; the order is still paid by the first.
    expect(await orderRow(order.id)).toMatchObject({ status: "placed", paymentStatus: "paid" });

    await cancelOrderAsBuyer(db, order.buyer, { accessToken: order.accessToken }, { reason: "changed-mind" });
    expect(await orderRow(order.id)).toMatchObject({ status: "cancelled", paymentStatus: "refunding" });
    await sendRefunds(db, gateway, START + 2000);
    await local.settled();
    expect(local.refundsOf(first.razorpay_payment_id).length).toBe(1);
    expect(local.refundsOf(second.razorpay_payment_id).length).toBe(1);
    expect(await orderRow(order.id)).toMatchObject({ status: "cancelled", paymentStatus: "refunded" });
  });

  it("asks the gateway only for what store credit leaves, and refunds only that when the order is cancelled", async () => {
    const { db } = database();
    const customer = await makeCustomer(db);
    await db.updateTable("users").set({ storeCreditBalance: 1_000_00 }).where("id", "=", customer.id).execute();
    const actor = actorFor(customer);
    await addToCart(db, actor, { productId: await makeProduct(db, { price: 249_900 }), size: "M" });
    const placed = await placeOrder(
      db,
      actor,
      checkoutDetails({ paymentMethod: "online", storeCredit: 1_000_00 }),
      sale(START),
    );
    expect(placed.payOnline).toBe(true);
    const page = await paymentPage(db, gateway, placed.accessToken, START);
    expect(page).toMatchObject({ total: 159_900, checkout: { amount: 159_900 } });
    expect(local.orders.get(page.checkout?.gatewayOrderId ?? "")).toMatchObject({ amount: 159_900 });
    const result = local.pay(page.checkout?.gatewayOrderId ?? "", { webhooks: false });
    expect(await confirmCheckout(db, gateway, placed.accessToken, result, START + 1000)).toBe("paid");
    expect(await orderRow(placed.id)).toMatchObject({ total: 259_900, storeCreditUsed: 1_000_00 });

    await cancelOrderAsBuyer(db, actor, { orderNumber: placed.orderNumber }, { reason: "changed-mind" });
    await sendRefunds(db, gateway, START + 2000);
    await local.settled();
    expect(local.refundsOf(result.razorpay_payment_id).map((refund) => refund.amount)).toEqual([159_900]);
    expect(
      await db.selectFrom("users").select("storeCreditBalance").where("id", "=", customer.id).executeTakeFirst(),
    ).toEqual({ storeCreditBalance: 1_000_00 });
  });
});

describeEachDatabase("cash on delivery's rules", (database) => {
  it("is not offered above the cap, and its fee is on the invoice with its tax", async () => {
    const { db } = database();
    const rules = { codMaxPaise: 10_000_00, codFeePaise: 49_00 };
    expect(codOffer(rules, { total: 10_000_00, pincode: "400050" })).toEqual({ offered: true, fee: 49_00 });
    expect(codOffer(rules, { total: 10_000_01, pincode: "400050" })).toMatchObject({ offered: false });

    const dear = await makeProduct(db, { price: 12_000_00 });
    const buyer = makeVisitor();
    await addToCart(db, buyer, { productId: dear, size: "M", quantity: 1 });
    expect(
      await failure(
        placeOrder(db, buyer, checkoutDetails({ paymentMethod: "cod" }), sale(START, { ...rules, online: false })),
      ),
    ).toMatchObject({ code: "cod-not-offered", message: expect.stringContaining("₹10,000") });
    // Online payment off: an online order is refused with a clear message.
    expect(
      await failure(
        placeOrder(db, buyer, checkoutDetails({ paymentMethod: "online" }), sale(START, { ...rules, online: false })),
      ),
    ).toMatchObject({ code: "online-payment-off" });

    const kurta = await makeProduct(db, { price: 1_299_00 });
    const guest = makeVisitor();
    await addToCart(db, guest, { productId: kurta, size: "M", quantity: 1 });
    const placed = await placeOrder(db, guest, checkoutDetails({ paymentMethod: "cod" }), sale(START, rules));
    const order = await findOrder(db, { id: placed.id });
    expect(order).toMatchObject({ paymentStatus: "cod-due", codFee: 49_00, total: 1_299_00 + 100_00 + 49_00 });
    const rows = await db.selectFrom("orderTaxLines").selectAll().where("orderId", "=", placed.id).execute();
    const fee = rows.filter((row) => row.description === COD_FEE_DESCRIPTION);
    expect(fee.length).toBeGreaterThan(0);
    const feeGross = fee.reduce((sum, row) => sum + Number(row.gross), 0);
    const feeTax = fee.reduce((sum, row) => sum + Number(row.cgst) + Number(row.sgst) + Number(row.igst), 0);
    expect(feeGross).toBe(49_00);
    expect(feeTax).toBeGreaterThan(0);
    // The invoice adds up to what the buyer pays.
    const invoiceTotal = rows.reduce((sum, row) => sum + Number(row.gross) - Number(row.discount), 0);
    expect(invoiceTotal).toBe(order?.total);
  });

  it("lets the administrator mark the cash collected once the order has shipped, once", async () => {
    const { db } = database();
    const buyer = makeVisitor();
    await addToCart(db, buyer, { productId: await makeProduct(db), size: "M", quantity: 1 });
    const placed = await placeOrder(db, buyer, checkoutDetails(), sale(START));
    expect(await failure(markCashCollected(db, ADMIN, placed.id, START))).toMatchObject({ code: "invalid-transition" });
    await changeStatus(db, SYSTEM, { orderId: placed.id, from: "placed", to: "shipped" });
    await markCashCollected(db, ADMIN, placed.id, START + 1000);
    expect(await failure(markCashCollected(db, ADMIN, placed.id, START + 2000))).toMatchObject({
      message: "The cash for this order is already marked as collected.",
    });
    expect(await findOrder(db, { id: placed.id })).toMatchObject({ paymentStatus: "cod-collected" });
    const story = await moneyStory(db, ADMIN, placed.id);
    expect(story.map((event) => event.label)).toEqual(["Tax invoice issued", "Cash collected by the courier"]);
  });
});
