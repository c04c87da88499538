import type { FastifyInstance } from "fastify";
import { refusalOf, UNAVAILABLE_RETRY_SECONDS } from "./service-errors.ts";

/**
 * Errors outside the pages (uploads, the origin check, body limits): a refusal answers with its
 * status and safe message; anything else is logged with the request id and answered with a generic
 * 500. A stack never reaches the client.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const refusal = refusalOf(error);
    if (refusal?.status === 503) reply.header("Retry-After", String(UNAVAILABLE_RETRY_SECONDS));
    if (refusal) return reply.code(refusal.status).type("text/plain; charset=utf-8").send(refusal.message);
    request.log.error({ err: error }, "unexpected error");
    return reply
      .code(500)
      .type("text/plain; charset=utf-8")
      .send(`Unexpected Application Error! Something went wrong on our side (request ${request.id}).`);
  });
}
