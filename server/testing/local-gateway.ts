import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { hmacHex } from "../payments/signatures.ts";

/*
 * A stand-in for Razorpay, for tests and local demos: an HTTP server on 127.0.0.1 that speaks the
 * parts of Razorpay's API the shop uses (orders, an order's payments, a payment, refunds with the
 * X-Refund-Idempotency header), serves a checkout.js stand-in and a test checkout page with Pay and
 * Fail buttons, and sends webhooks signed as Razorpay signs them: X-Razorpay-Signature = hex
 * HMAC-SHA256 of the raw body with the webhook secret, with an X-Razorpay-Event-Id. It keeps
 * everything in memory and never runs in production.
 */

export type LocalGatewayOptions = {
  keyId?: string;
  keySecret?: string;
  webhookSecret?: string;
  /** Where webhooks go (the shop's POST /webhooks/razorpay); none: webhooks are not sent. */
  webhookUrl?: string;
  port?: number;
};

type Order = { id: string; amount: number; currency: string; receipt: string; status: string; createdAt: number };
type Payment = { id: string; orderId: string; amount: number; currency: string; status: string; createdAt: number };
type Refund = { id: string; paymentId: string; amount: number; status: string; createdAt: number };

export type CheckoutResponse = { razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string };

export type WebhookDelivery = { event: string; eventId: string; status: number | null };

export class LocalGateway {
  readonly keyId: string;
  readonly keySecret: string;
  readonly webhookSecret: string;
  webhookUrl: string | undefined;
  readonly orders = new Map<string, Order>();
  readonly payments = new Map<string, Payment>();
  readonly refunds = new Map<string, Refund>();
  readonly deliveries: WebhookDelivery[] = [];
  /** Webhooks still on their way, so that a test (or close) can wait for them. */
  readonly #inFlight = new Set<Promise<unknown>>();
  readonly #idempotentRefunds = new Map<string, Refund>();
  #server: Server | null = null;
  #url = "";

  constructor(options: LocalGatewayOptions = {}) {
    this.keyId = options.keyId ?? "rzp_test_local0000";
    this.keySecret = options.keySecret ?? "local-key-secret-0000";
    this.webhookSecret = options.webhookSecret ?? "local-webhook-secret-0000";
    this.webhookUrl = options.webhookUrl;
  }

  /** The base address (http://127.0.0.1:port): RAZORPAY_API_URL. */
  get url(): string {
    return this.#url;
  }

  /** RAZORPAY_CHECKOUT_URL. */
  get checkoutUrl(): string {
    return `${this.#url}/v1/checkout.js`;
  }

  /** The settings a shop needs to use this gateway. */
  settings() {
    return {
      keyId: this.keyId,
      keySecret: this.keySecret,
      webhookSecret: this.webhookSecret,
      apiUrl: this.url,
      checkoutUrl: this.checkoutUrl,
    };
  }

  async start(port = 0): Promise<this> {
    const server = createServer((request, response) => {
      this.#handle(request, response).catch((error) => {
        send(response, 500, { error: { code: "SERVER_ERROR", description: String(error) } });
      });
    });
    await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
    this.#server = server;
    this.#url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    await this.settled();
    await new Promise<void>((resolve) => {
      this.#server?.closeAllConnections();
      this.#server?.close(() => resolve());
    });
  }

  /** Resolves once every webhook sent so far has been answered. */
  async settled(): Promise<void> {
    while (this.#inFlight.size > 0) await Promise.allSettled([...this.#inFlight]);
  }

  /** A buyer pays the gateway order: a captured payment, and (unless told not to) its webhooks. */
  pay(orderId: string, options: { webhooks?: boolean; amount?: number } = {}): CheckoutResponse {
    const order = this.orders.get(orderId);
    if (!order) throw new Error(`No gateway order ${orderId}.`);
    const payment = this.#newPayment(order, "captured", options.amount);
    order.status = "paid";
    if (options.webhooks !== false) {
      void this.send("payment.captured", { payment: { entity: paymentEntity(payment) } });
      void this.send("order.paid", {
        payment: { entity: paymentEntity(payment) },
        order: { entity: orderEntity(order) },
      });
    }
    return {
      razorpay_payment_id: payment.id,
      razorpay_order_id: order.id,
      razorpay_signature: hmacHex(this.keySecret, `${order.id}|${payment.id}`),
    };
  }

  /** A buyer's attempt fails: a failed payment and its webhook. */
  fail(orderId: string): Payment {
    const order = this.orders.get(orderId);
    if (!order) throw new Error(`No gateway order ${orderId}.`);
    const payment = this.#newPayment(order, "failed");
    order.status = "attempted";
    void this.send("payment.failed", { payment: { entity: paymentEntity(payment) } });
    return payment;
  }

  /** The refunds made of a payment. */
  refundsOf(paymentId: string): Refund[] {
    return [...this.refunds.values()].filter((refund) => refund.paymentId === paymentId);
  }

  /** The latest gateway order made for one of the shop's receipts (its order number). */
  orderFor(receipt: string): Order | undefined {
    return [...this.orders.values()].filter((order) => order.receipt === receipt).at(-1);
  }

  /**
   * Sends a webhook as Razorpay does; a test may give its own event id (a replay), secret (a
   * forgery) or body. Answers once the shop has answered, with the status.
   */
  send(
    event: string,
    payload: object,
    options: { eventId?: string; secret?: string; body?: string } = {},
  ): Promise<number | null> {
    const url = this.webhookUrl;
    if (!url) return Promise.resolve(null);
    const body =
      options.body ??
      JSON.stringify({
        entity: "event",
        account_id: "acc_local",
        event,
        contains: Object.keys(payload),
        payload,
        created_at: Math.floor(Date.now() / 1000),
      });
    const eventId = options.eventId ?? `evt_${randomId()}`;
    const delivery: WebhookDelivery = { event, eventId, status: null };
    this.deliveries.push(delivery);
    const sending = fetch(url, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "X-Razorpay-Signature": hmacHex(options.secret ?? this.webhookSecret, body),
        "X-Razorpay-Event-Id": eventId,
        "User-Agent": "Razorpay-Webhook/v1 (local stand-in)",
      },
      body,
    })
      .then(async (response) => {
        await response.arrayBuffer();
        delivery.status = response.status;
        return response.status;
      })
      .catch(() => null)
      .finally(() => this.#inFlight.delete(sending));
    this.#inFlight.add(sending);
    return sending;
  }

  #newPayment(order: Order, status: string, amount = order.amount): Payment {
    const payment = {
      id: `pay_${randomId()}`,
      orderId: order.id,
      amount,
      currency: order.currency,
      status,
      createdAt: now(),
    };
    this.payments.set(payment.id, payment);
    return payment;
  }

  async #handle(request: IncomingMessage, response: ServerResponse): Promise<true> {
    const url = new URL(request.url ?? "/", this.#url);
    const route = `${request.method} ${url.pathname}`;
    if (route === "GET /v1/checkout.js") return sendText(response, "text/javascript", CHECKOUT_JS);
    if (route === "GET /checkout") return sendText(response, "text/html", checkoutPage(url));
    if (route === "POST /checkout/attempt") return this.#attempt(await readJson(request), response);
    if (!this.#authorised(request)) {
      return send(response, 401, { error: { code: "BAD_REQUEST_ERROR", description: "Authentication failed" } });
    }
    const body = request.method === "POST" ? await readJson(request) : {};
    return this.#api(route, body, request.headers["x-refund-idempotency"], response);
  }

  /** The API's routes: orders, an order's payments, a payment, a refund. */
  #api(route: string, body: Record<string, unknown>, refundKey: unknown, response: ServerResponse): true {
    if (route === "POST /v1/orders") return this.#createOrder(body, response);
    const orderPayments = route.match(/^GET \/v1\/orders\/(\w+)\/payments$/);
    if (orderPayments) {
      const items = [...this.payments.values()]
        .filter((payment) => payment.orderId === orderPayments[1])
        .map(paymentEntity);
      return send(response, 200, { entity: "collection", count: items.length, items });
    }
    const payment = route.match(/^GET \/v1\/payments\/(\w+)$/);
    if (payment) {
      const found = this.payments.get(payment[1] ?? "");
      return found ? send(response, 200, paymentEntity(found)) : notFound(response);
    }
    const refund = route.match(/^POST \/v1\/payments\/(\w+)\/refund$/);
    if (refund) return this.#refund(refund[1] ?? "", body, refundKey, response);
    return notFound(response);
  }

  #authorised(request: IncomingMessage): boolean {
    const expected = `Basic ${Buffer.from(`${this.keyId}:${this.keySecret}`).toString("base64")}`;
    return request.headers.authorization === expected;
  }

  #createOrder(body: Record<string, unknown>, response: ServerResponse): true {
    const amount = Number(body.amount);
    if (!Number.isSafeInteger(amount) || amount < 100) {
      return send(response, 400, {
        error: { code: "BAD_REQUEST_ERROR", description: "The amount must be at least INR 1.00." },
      });
    }
    const order: Order = {
      id: `order_${randomId()}`,
      amount,
      currency: String(body.currency ?? "INR"),
      receipt: String(body.receipt ?? ""),
      status: "created",
      createdAt: now(),
    };
    this.orders.set(order.id, order);
    return send(response, 200, orderEntity(order));
  }

  #refund(paymentId: string, body: Record<string, unknown>, key: unknown, response: ServerResponse): true {
    const payment = this.payments.get(paymentId);
    if (!payment) return notFound(response);
    if (typeof key === "string" && this.#idempotentRefunds.has(key)) {
      return send(response, 200, refundEntity(this.#idempotentRefunds.get(key) as Refund));
    }
    const amount = body.amount === undefined ? payment.amount : Number(body.amount);
    const refunded = this.refundsOf(paymentId).reduce((sum, refund) => sum + refund.amount, 0);
    if (payment.status !== "captured" && payment.status !== "refunded") {
      return send(response, 400, { error: { code: "BAD_REQUEST_ERROR", description: "The payment is not captured." } });
    }
    if (refunded + amount > payment.amount) {
      return send(response, 400, {
        error: { code: "BAD_REQUEST_ERROR", description: "The payment has been fully refunded already" },
      });
    }
    const refund: Refund = { id: `rfnd_${randomId()}`, paymentId, amount, status: "processed", createdAt: now() };
    this.refunds.set(refund.id, refund);
    if (typeof key === "string") this.#idempotentRefunds.set(key, refund);
    payment.status = "refunded";
    send(response, 200, refundEntity(refund));
    void this.send("refund.processed", {
      refund: { entity: refundEntity(refund) },
      payment: { entity: paymentEntity(payment) },
    });
    return true;
  }

  /** The test checkout page's Pay and Fail buttons. */
  #attempt(body: Record<string, unknown>, response: ServerResponse): true {
    const orderId = String(body.order_id ?? "");
    if (!this.orders.has(orderId)) return notFound(response);
    if (body.outcome === "pay") return send(response, 200, { ok: true, response: this.pay(orderId) });
    const failed = this.fail(orderId);
    return send(response, 200, {
      ok: false,
      error: { code: "BAD_REQUEST_ERROR", description: "Payment failed (test)", metadata: { payment_id: failed.id } },
    });
  }
}

/** A local gateway, started. */
export async function startLocalGateway(options: LocalGatewayOptions = {}): Promise<LocalGateway> {
  return new LocalGateway(options).start(options.port ?? 0);
}

function now(): number {
  return Math.floor(Date.now() / 1000);
}

function randomId(): string {
  return randomBytes(7).toString("hex");
}

function orderEntity(order: Order) {
  const paid = order.status === "paid" ? order.amount : 0;
  return {
    id: order.id,
    entity: "order",
    amount: order.amount,
    amount_paid: paid,
    amount_due: order.amount - paid,
    currency: order.currency,
    receipt: order.receipt,
    status: order.status,
    attempts: 0,
    notes: [],
    created_at: order.createdAt,
  };
}

function paymentEntity(payment: Payment) {
  return {
    id: payment.id,
    entity: "payment",
    amount: payment.amount,
    currency: payment.currency,
    status: payment.status,
    order_id: payment.orderId,
    method: "upi",
    captured: payment.status === "captured" || payment.status === "refunded",
    created_at: payment.createdAt,
  };
}

function refundEntity(refund: Refund) {
  return {
    id: refund.id,
    entity: "refund",
    amount: refund.amount,
    currency: "INR",
    payment_id: refund.paymentId,
    status: refund.status,
    speed_processed: "normal",
    created_at: refund.createdAt,
  };
}

function send(response: ServerResponse, status: number, body: unknown): true {
  response.writeHead(status, { "Content-Type": "application/json" });
  response.end(JSON.stringify(body));
  return true;
}

function sendText(response: ServerResponse, type: string, text: string): true {
  response.writeHead(200, { "Content-Type": `${type}; charset=utf-8`, "Cache-Control": "no-store" });
  response.end(text);
  return true;
}

function notFound(response: ServerResponse): true {
  return send(response, 404, { error: { code: "BAD_REQUEST_ERROR", description: "The id provided does not exist" } });
}

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > 64 * 1024) throw new Error("Body too large.");
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString("utf8");
  if (!text) return {};
  try {
    const parsed = JSON.parse(text);
    return typeof parsed === "object" && parsed !== null ? parsed : {};
  } catch {
    return {};
  }
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * Standard Checkout's `Razorpay` class as a page uses it (`new Razorpay(options)`, `.on(
 * "payment.failed", …)`, `.open()`): it opens the test checkout page in a frame over the shop's
 * page and hands the result to `options.handler`.
 */
const CHECKOUT_JS = `(function () {
  var origin = new URL(document.currentScript.src).origin;
  function Razorpay(options) { this.options = options || {}; this.handlers = {}; }
  Razorpay.prototype.on = function (name, fn) { this.handlers[name] = fn; };
  Razorpay.prototype.open = function () {
    var self = this;
    var frame = document.createElement("iframe");
    frame.src = origin + "/checkout?order_id=" + encodeURIComponent(self.options.order_id || "") +
      "&amount=" + encodeURIComponent(self.options.amount || "") + "&name=" + encodeURIComponent(self.options.name || "");
    frame.title = "Razorpay test checkout";
    frame.setAttribute("style", "position:fixed;inset:0;width:100%;height:100%;border:0;z-index:2147483647;background:rgba(0,0,0,.55)");
    function close() { window.removeEventListener("message", listen); frame.remove(); }
    function listen(event) {
      if (event.origin !== origin || event.source !== frame.contentWindow) return;
      var data = event.data || {};
      if (data.type === "success") { close(); if (self.options.handler) self.options.handler(data.response); }
      else if (data.type === "failed") { if (self.handlers["payment.failed"]) self.handlers["payment.failed"]({ error: data.error }); }
      else if (data.type === "dismiss") { close(); var modal = self.options.modal || {}; if (modal.ondismiss) modal.ondismiss(); }
    }
    window.addEventListener("message", listen);
    document.body.appendChild(frame);
  };
  window.Razorpay = Razorpay;
})();
`;

function checkoutPage(url: URL): string {
  const orderId = escapeHtml(url.searchParams.get("order_id") ?? "");
  const amount = Number(url.searchParams.get("amount") ?? 0);
  const rupees = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR" }).format(amount / 100);
  const name = escapeHtml(url.searchParams.get("name") ?? "the shop");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Test checkout</title>
<style>
  * { box-sizing: border-box; }
  html, body { background: transparent; color-scheme: light; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; font: 16px system-ui, sans-serif; }
  main { background: #fff; color: #1f2937; width: min(22rem, 92vw); border-radius: 12px; padding: 24px; box-shadow: 0 10px 40px rgba(0,0,0,.3); }
  h1 { font-size: 1.1rem; margin: 0 0 4px; } p { margin: 6px 0 16px; color: #4b5563; }
  .amount { font-size: 1.6rem; font-weight: 700; color: #111827; margin: 8px 0 16px; }
  button { width: 100%; padding: 12px; border-radius: 8px; border: 0; font-size: 1rem; font-weight: 600; margin-top: 8px; cursor: pointer; }
  #pay { background: #166534; color: #fff; } #fail { background: #b91c1c; color: #fff; } #close { background: #e5e7eb; color: #111827; }
  [role=status] { min-height: 1.5em; font-weight: 600; }
</style></head>
<body><main>
  <h1>Test payment to ${name}</h1>
  <p>Local stand-in for Razorpay. No real money moves.</p>
  <div class="amount">${escapeHtml(rupees)}</div>
  <div role="status" id="status"></div>
  <button id="pay" type="button">Pay</button>
  <button id="fail" type="button">Fail</button>
  <button id="close" type="button">Close</button>
</main>
<script>
  var orderId = ${JSON.stringify(orderId)};
  function tell(message) { window.parent.postMessage(message, "*"); }
  function attempt(outcome) {
    document.getElementById("status").textContent = "Processing…";
    fetch("/checkout/attempt", { method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ order_id: orderId, outcome: outcome }) })
      .then(function (r) { return r.json(); })
      .then(function (result) {
        if (result.ok) { document.getElementById("status").textContent = "Paid"; tell({ type: "success", response: result.response }); }
        else { document.getElementById("status").textContent = "Payment failed. You can try again."; tell({ type: "failed", error: result.error }); }
      });
  }
  document.getElementById("pay").onclick = function () { attempt("pay"); };
  document.getElementById("fail").onclick = function () { attempt("fail"); };
  document.getElementById("close").onclick = function () { tell({ type: "dismiss" }); };
</script>
</body></html>`;
}
