import { randomBytes } from "node:crypto";
import type { ServerResponse } from "node:http";
import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";

type WithNonce = ServerResponse & { scriptNonce?: string };

/** The nonce that this response's inline scripts carry, for the CSP header and the page. */
export function scriptNonceOf(response: ServerResponse): string | undefined {
  return (response as WithNonce).scriptNonce;
}

/**
 * Security headers on every response. Scripts run only from this site or with the per-request nonce
 * that the page's own inline scripts carry; nothing may frame the shop. Inline styles stay allowed
 * (the toast library injects its stylesheet at run time), so style-src deliberately has no nonce: a
 * nonce there would switch 'unsafe-inline' off.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { strictCsp: boolean; paymentOrigins?: readonly string[] },
) {
  // The payment checkout's script and the frame it opens, only when online payment is on.
  const payment = options.paymentOrigins ?? [];
  if (options.strictCsp) {
    app.addHook("onRequest", async (_request, reply) => {
      (reply.raw as WithNonce).scriptNonce = randomBytes(16).toString("base64");
    });
  }
  await app.register(helmet, {
    contentSecurityPolicy: options.strictCsp
      ? {
          useDefaults: false,
          directives: {
            defaultSrc: ["'self'"],
            scriptSrc: [
              "'self'",
              (_request, response) => `'nonce-${scriptNonceOf(response as ServerResponse)}'`,
              ...payment,
            ],
            ...(payment.length > 0 ? { frameSrc: ["'self'", ...payment] } : {}),
            styleSrc: ["'self'", "'unsafe-inline'"],
            // Product pictures may be given as https URLs by the administrator.
            imgSrc: ["'self'", "data:", "https:"],
            fontSrc: ["'self'"],
            connectSrc: ["'self'", ...payment],
            objectSrc: ["'none'"],
            baseUri: ["'self'"],
            formAction: ["'self'"],
            frameAncestors: ["'none'"],
          },
        }
      : false,
    // The development server's hot reload needs inline scripts; it gets no CSP at all.
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    frameguard: { action: "deny" },
    // Browsers heed HSTS only when it arrives over HTTPS, so it is harmless on a local http start.
    hsts: { maxAge: 180 * 24 * 60 * 60, includeSubDomains: false },
  });
}
