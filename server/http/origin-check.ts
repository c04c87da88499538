import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "../errors.ts";
import { SHIPMENT_WEBHOOK_PATH } from "./courier-webhook.ts";
import { WHATSAPP_WEBHOOK_PATH } from "./messaging-webhook.ts";
import { RAZORPAY_WEBHOOK_PATH } from "./payment-webhook.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/**
 * Posts that come from elsewhere by design and prove themselves otherwise: the gateway's and
 * Meta's signed webhooks, and the courier's, which carries its token.
 */
const SIGNED_ELSEWHERE = new Set([RAZORPAY_WEBHOOK_PATH, SHIPMENT_WEBHOOK_PATH, WHATSAPP_WEBHOOK_PATH]);

/**
 * Cross-site request forgery: every state-changing request must come from a page of this shop. The
 * browser's Origin header (or, failing that, the Referer) has to name this site. It is one hook on
 * the root instance, so it runs before every route, present and future.
 */
export function registerOriginCheck(app: FastifyInstance): void {
  app.addHook("onRequest", async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (request.method === "POST" && SIGNED_ELSEWHERE.has(request.url.split("?")[0] ?? "")) return;
    if (!isSameSite(request)) {
      throw new AppError("cross-site-request", "This request did not come from the shop's own pages.");
    }
  });
}

export function isSameSite(request: FastifyRequest): boolean {
  const expected = originOf(`${request.protocol}://${request.host}`);
  const claimed = request.headers.origin ?? request.headers.referer;
  return Boolean(expected && claimed && originOf(claimed) === expected);
}

/** The normalised origin of a URL (so that http://shop:80 and http://shop match); null if it is none. */
function originOf(url: string): string | null {
  try {
    const origin = new URL(url).origin;
    return origin === "null" ? null : origin;
  } catch {
    return null;
  }
}
