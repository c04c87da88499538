import type { FastifyInstance, FastifyReply } from "fastify";
import { receiveWhatsappStatus, whatsappHandshake } from "../messaging/whatsapp-webhook.ts";
import type { AppServices } from "../services.ts";
import { refusalOf } from "./service-errors.ts";

/** Where Meta posts WhatsApp's status webhooks and makes its handshake: set it in the Meta app's webhooks. */
export const WHATSAPP_WEBHOOK_PATH = "/webhooks/whatsapp";
/** A status notification is a few kilobytes; anything much larger is not one. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

/**
 * `POST /webhooks/whatsapp`: the Cloud API's status notifications (sent, delivered, read, failed)
 * and the buyers' replies. The body is read raw, as bytes, because the signature
 * (X-Hub-Signature-256) is over the exact bytes sent, before any parser touches them: a body whose
 * signature does not match gets 401 and changes nothing. It is exempt from the same-site check (Meta
 * is not a page of the shop) and proved by that signature instead. `GET` answers Meta's handshake:
 * `hub.challenge` echoed for the right verify token, 403 otherwise. With WhatsApp off, both are 404.
 */
export function registerMessagingWebhook(app: FastifyInstance, services: Pick<AppServices, "db" | "config">): void {
  const settings = services.config.messaging.whatsapp;
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) =>
      done(null, body),
    );
    scope.post(WHATSAPP_WEBHOOK_PATH, async (request, reply) => {
      if (!settings) return notSetUp(reply);
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      try {
        const outcome = await receiveWhatsappStatus(
          services.db,
          settings,
          body,
          request.headers["x-hub-signature-256"],
        );
        return reply.code(200).send(outcome);
      } catch (error) {
        return refuse(reply, error);
      }
    });
    scope.get(WHATSAPP_WEBHOOK_PATH, async (request, reply) => {
      if (!settings) return notSetUp(reply);
      const query = request.query as Record<string, unknown>;
      try {
        const challenge = whatsappHandshake(settings, {
          mode: query["hub.mode"],
          verifyToken: query["hub.verify_token"],
          challenge: query["hub.challenge"],
        });
        return reply.code(200).type("text/plain; charset=utf-8").send(challenge);
      } catch (error) {
        return refuse(reply, error);
      }
    });
  });
}

function notSetUp(reply: FastifyReply) {
  return reply.code(404).send({ error: "not-found", message: "WhatsApp is not set up on this shop." });
}

function refuse(reply: FastifyReply, error: unknown) {
  const refusal = refusalOf(error);
  if (!refusal) throw error;
  return reply.code(refusal.status).send({ error: refusal.code, message: refusal.message });
}
