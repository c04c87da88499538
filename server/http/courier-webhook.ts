import type { FastifyInstance } from "fastify";
import type { AppServices } from "../services.ts";
import { receiveShipmentWebhook } from "../shipping/shipment-webhook.service.ts";
import { MAX_WEBHOOK_BYTES } from "../shipping/shipment-webhook.ts";
import { refusalOf } from "./service-errors.ts";

/** Where the courier posts parcels' news: set this address in Shiprocket's panel (Settings → API → Webhooks). */
export const SHIPMENT_WEBHOOK_PATH = "/webhooks/shipments";

/**
 * `POST /webhooks/shipments`: the courier's status updates. The body is read raw and checked by
 * the shipping room (the `x-api-key` token, then one schema); the route is exempt from the
 * same-site check (the courier is not a page of the shop) and proved by that token instead: a
 * wrong or missing one gets 401 and changes nothing, a body it cannot read 400. Recorded,
 * duplicate and unknown news get 200, as Shiprocket counts only a 200 as received; a status the
 * shop does not know is logged.
 */
export function registerCourierWebhook(app: FastifyInstance, services: Pick<AppServices, "db" | "config">): void {
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: MAX_WEBHOOK_BYTES }, (_request, body, done) =>
      done(null, body),
    );
    scope.post(SHIPMENT_WEBHOOK_PATH, async (request, reply) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const token = request.headers["x-api-key"];
      try {
        const outcome = await receiveShipmentWebhook(services.db, services.config.shiprocket, { token, body });
        if (!outcome.known) request.log.warn({ awb: outcome.awb, status: outcome.rawStatus }, "Unknown courier status");
        return reply.code(200).send({ status: outcome.status, moved: outcome.moved });
      } catch (error) {
        const refusal = refusalOf(error);
        if (!refusal) throw error;
        return reply.code(refusal.status).send({ error: refusal.code, message: refusal.message });
      }
    });
  });
}
