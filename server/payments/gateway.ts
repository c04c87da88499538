/*
 * What the shop needs of a payment gateway, in the gateway's neutral words, so that another
 * gateway (Cashfree, PhonePe) can be added beside Razorpay without touching the order's rules.
 * Amounts are integer paise.
 */

/** The gateway's order: the amount it will collect for one of our orders. */
export type GatewayOrder = { id: string; amount: number; currency: string; receipt: string; status: string };

/** A payment attempt against a gateway order. */
export type GatewayPayment = {
  id: string;
  orderId: string;
  amount: number;
  currency: string;
  /** created, authorized, captured, refunded or failed. */
  status: string;
};

export type GatewayRefund = { id: string; paymentId: string; amount: number; status: string };

/** What the browser hands back after a successful checkout. */
export type CheckoutResult = { gatewayOrderId: string; paymentId: string; signature: string };

/** A verified webhook, as the shop reads it: which event, and what it is about. */
export type GatewayEvent = {
  /**
   * What makes this event one, taken from the signed body (the event, and the payment's or refund's
   * id and status), never from an unsigned header: it is recorded once under it (record 32).
   */
  eventId: string;
  kind: "payment-captured" | "payment-failed" | "order-paid" | "refund-processed" | "other";
  /** The event's name as the gateway gave it. */
  name: string;
  payment: GatewayPayment | null;
  refund: GatewayRefund | null;
};

export interface PaymentGateway {
  /** The gateway's name, shown on the admin's screen. */
  readonly name: string;
  /** The public key the browser's checkout opens with, and where its script is. */
  readonly publicKey: string;
  readonly checkoutScriptUrl: string;
  createOrder(input: { amount: number; currency: "INR"; receipt: string }): Promise<GatewayOrder>;
  fetchOrderPayments(gatewayOrderId: string): Promise<GatewayPayment[]>;
  fetchPayment(paymentId: string): Promise<GatewayPayment>;
  /** A full refund of a payment, made once however often it is asked with the same key. */
  refund(paymentId: string, input: { amount: number; idempotencyKey: string }): Promise<GatewayRefund>;
  /** Whether the browser's result was signed by the gateway for this gateway order. */
  verifyCheckoutSignature(result: CheckoutResult): boolean;
  /** The webhook's event if its signature holds, else null. */
  verifyWebhook(rawBody: Buffer, headers: Readonly<Record<string, string | string[] | undefined>>): GatewayEvent | null;
}

/** The gateway answered with an error, or could not be reached. */
export class GatewayError extends Error {
  override name = "GatewayError";
  readonly status: number | null;
  constructor(message: string, status: number | null) {
    super(message);
    this.status = status;
  }
}
