import type { FastifyInstance } from "fastify";
import { isAppError } from "../errors.ts";

/**
 * Errors outside the pages (uploads, the origin check, body limits): a known AppError answers with
 * its status and safe message; anything else is logged with the request id and answered with a
 * generic 500. A stack never reaches the client.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    if (isAppError(error)) {
      return reply.code(error.status).type("text/plain; charset=utf-8").send(error.userMessage);
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      return reply.code(status).type("text/plain; charset=utf-8").send(clientMessage(status));
    }
    request.log.error({ err: error }, "unexpected error");
    return reply
      .code(500)
      .type("text/plain; charset=utf-8")
      .send(`Unexpected Application Error! Something went wrong on our side (request ${request.id}).`);
  });
}

function clientMessage(status: number): string {
  if (status === 413) return "The request is too large.";
  if (status === 429) return "Too many requests. Please wait a moment and try again.";
  if (status === 415) return "This kind of content is not accepted here.";
  return "The request could not be handled.";
}
