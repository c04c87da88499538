import { createHash } from "node:crypto";
import type { RazorpaySettings } from "../config/payment-settings.ts";
import {
  type CheckoutResult,
  GatewayError,
  type GatewayEvent,
  type GatewayOrder,
  type GatewayPayment,
  type GatewayRefund,
  type PaymentGateway,
} from "./gateway.ts";
import { hmacHex, signatureMatches } from "./signatures.ts";

/** How long one call to the gateway may take before the shop gives up on it (and retries later). */
const CALL_TIMEOUT_MS = 10_000;

type RazorpayPayment = { id: string; order_id: string; amount: number; currency: string; status: string };
type RazorpayRefund = { id: string; payment_id: string; amount: number; status: string };

/**
 * Razorpay's Orders, Payments and Refunds APIs as the shop uses them, on `fetch` with basic auth
 * (key id and secret), and its two signatures: the checkout's (HMAC-SHA256 of
 * `order_id|payment_id` with the key secret) and the webhook's (HMAC-SHA256 of the raw body with
 * the webhook secret). No SDK: see record 24.
 */
export class RazorpayGateway implements PaymentGateway {
  readonly name = "Razorpay";
  readonly #settings: RazorpaySettings;
  readonly #auth: string;

  constructor(settings: RazorpaySettings) {
    this.#settings = settings;
    this.#auth = `Basic ${Buffer.from(`${settings.keyId}:${settings.keySecret}`).toString("base64")}`;
  }

  get publicKey(): string {
    return this.#settings.keyId;
  }

  get checkoutScriptUrl(): string {
    return this.#settings.checkoutUrl;
  }

  async createOrder(input: { amount: number; currency: "INR"; receipt: string }): Promise<GatewayOrder> {
    const order = await this.#call<{ id: string; amount: number; currency: string; receipt: string; status: string }>(
      "POST",
      "/v1/orders",
      { amount: input.amount, currency: input.currency, receipt: input.receipt },
    );
    return {
      id: order.id,
      amount: order.amount,
      currency: order.currency,
      receipt: order.receipt,
      status: order.status,
    };
  }

  async fetchOrderPayments(gatewayOrderId: string): Promise<GatewayPayment[]> {
    const list = await this.#call<{ items: RazorpayPayment[] }>(
      "GET",
      `/v1/orders/${encodeURIComponent(gatewayOrderId)}/payments`,
    );
    return list.items.map(paymentOf);
  }

  async fetchPayment(paymentId: string): Promise<GatewayPayment> {
    return paymentOf(await this.#call<RazorpayPayment>("GET", `/v1/payments/${encodeURIComponent(paymentId)}`));
  }

  async refund(paymentId: string, input: { amount: number; idempotencyKey: string }): Promise<GatewayRefund> {
    const refund = await this.#call<RazorpayRefund>(
      "POST",
      `/v1/payments/${encodeURIComponent(paymentId)}/refund`,
      { amount: input.amount, speed: "normal" },
      { "X-Refund-Idempotency": input.idempotencyKey },
    );
    return refundOf(refund);
  }

  verifyCheckoutSignature(result: CheckoutResult): boolean {
    const expected = hmacHex(this.#settings.keySecret, `${result.gatewayOrderId}|${result.paymentId}`);
    return signatureMatches(expected, result.signature);
  }

  verifyWebhook(
    rawBody: Buffer,
    headers: Readonly<Record<string, string | string[] | undefined>>,
  ): GatewayEvent | null {
    const signature = headers["x-razorpay-signature"];
    if (!signatureMatches(hmacHex(this.#settings.webhookSecret, rawBody), signature)) return null;
    let body: unknown;
    try {
      body = JSON.parse(rawBody.toString("utf8"));
    } catch {
      return null;
    }
    return eventOf(rawBody, body);
  }

  async #call<T>(method: string, path: string, body?: object, headers: Record<string, string> = {}): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${this.#settings.apiUrl}${path}`, {
        method,
        headers: {
          Authorization: this.#auth,
          Accept: "application/json",
          ...(body ? { "Content-Type": "application/json" } : {}),
          ...headers,
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      });
    } catch (error) {
      throw new GatewayError(`Razorpay could not be reached: ${error instanceof Error ? error.message : error}`, null);
    }
    const text = await response.text();
    if (!response.ok) {
      throw new GatewayError(
        `Razorpay answered ${response.status} to ${method} ${path}: ${text.slice(0, 200)}`,
        response.status,
      );
    }
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new GatewayError(`Razorpay answered ${method} ${path} with something that is not JSON.`, response.status);
    }
  }
}

function paymentOf(payment: RazorpayPayment): GatewayPayment {
  return {
    id: String(payment.id),
    orderId: String(payment.order_id ?? ""),
    amount: Number(payment.amount),
    currency: String(payment.currency),
    status: String(payment.status),
  };
}

function refundOf(refund: RazorpayRefund): GatewayRefund {
  return {
    id: String(refund.id),
    paymentId: String(refund.payment_id),
    amount: Number(refund.amount),
    status: String(refund.status),
  };
}

const EVENT_KINDS: Record<string, GatewayEvent["kind"]> = {
  "payment.captured": "payment-captured",
  "payment.failed": "payment-failed",
  "order.paid": "order-paid",
  "refund.processed": "refund-processed",
};

/**
 * What makes a webhook one event, from what its signature covers (record 32): the event's name with
 * the refund's or payment's id and status. The `X-Razorpay-Event-Id` header is not signed, so a
 * body caught once and re-posted under fresh ids is the same event; and Razorpay's own second
 * delivery of the same news under another id is, rightly, too. A body about neither is known by
 * its digest.
 */
function eventKey(name: string, entity: { id: string; status: string } | null, rawBody: Buffer): string {
  if (entity) return `${name}:${entity.id}:${entity.status}`.slice(0, 200);
  return `${name.slice(0, 60)}:sha256:${createHash("sha256").update(rawBody).digest("hex")}`;
}

/** A webhook's body as the shop reads it; shapes it does not know are "other" and change nothing. */
function eventOf(rawBody: Buffer, body: unknown): GatewayEvent {
  const event = (body ?? {}) as {
    event?: unknown;
    payload?: { payment?: { entity?: RazorpayPayment }; refund?: { entity?: RazorpayRefund } };
  };
  const name = typeof event.event === "string" ? event.event : "";
  const payment = event.payload?.payment?.entity;
  const refund = event.payload?.refund?.entity;
  const paid = payment && typeof payment.id === "string" ? paymentOf(payment) : null;
  const refunded = refund && typeof refund.id === "string" ? refundOf(refund) : null;
  return {
    eventId: eventKey(name, refunded ?? paid, rawBody),
    name,
    kind: EVENT_KINDS[name] ?? "other",
    payment: paid,
    refund: refunded,
  };
}

/** The shop's gateway, when online payment is configured. */
export function paymentGatewayFor(settings: RazorpaySettings | null): PaymentGateway | null {
  return settings ? new RazorpayGateway(settings) : null;
}
