import type { FastifyInstance } from "fastify";
import { receiveWebhook } from "../payments/payment-webhooks.ts";
import type { AppServices } from "../services.ts";
import { refusalOf } from "./service-errors.ts";

/** Where Razorpay posts its events: set this address in the Razorpay dashboard's webhooks. */
export const RAZORPAY_WEBHOOK_PATH = "/webhooks/razorpay";
/** Razorpay's events are a few kilobytes; anything much larger is not one. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

/**
 * `POST /webhooks/razorpay`: the gateway's events. The body is read raw, as bytes, because the
 * signature is over the exact bytes sent; the route is exempt from the same-site check (the gateway
 * is not a page of the shop) and proved by that signature instead: a bad one gets 400 and changes
 * nothing. A recorded, duplicate or unknown event gets 200, so the gateway stops retrying it.
 */
export function registerPaymentWebhook(app: FastifyInstance, services: Pick<AppServices, "db" | "payments">): void {
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) =>
      done(null, body),
    );
    scope.post(RAZORPAY_WEBHOOK_PATH, async (request, reply) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      try {
        const outcome = await receiveWebhook(services.db, services.payments, body, request.headers);
        return reply.code(200).send({ status: outcome });
      } catch (error) {
        const refusal = refusalOf(error);
        if (!refusal) throw error;
        return reply.code(refusal.status).send({ error: refusal.code, message: refusal.message });
      }
    });
  });
}
