import { randomUUID } from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import fastify, { type FastifyInstance, LogController } from "fastify";
import type { ViteDevServer } from "vite";
import type { AppServices } from "../services.ts";
import { registerAdminFeed } from "./admin-feed.ts";
import { registerCompression } from "./compression.ts";
import { registerCourierWebhook } from "./courier-webhook.ts";
import { registerErrorHandler } from "./error-handler.ts";
import { registerMessagingWebhook } from "./messaging-webhook.ts";
import { registerMetrics, registerRequestLog } from "./observability.ts";
import { registerOriginCheck } from "./origin-check.ts";
import { registerPages } from "./pages.ts";
import { registerPaymentWebhook } from "./payment-webhook.ts";
import { registerProbes } from "./probes.ts";
import { originFormOf, registerRequestHygiene } from "./request-hygiene.ts";
import { RoutePatterns } from "./route-patterns.ts";
import { registerSecurityHeaders } from "./security-headers.ts";
import { registerUploads } from "./uploads.ts";

export const PROJECT_ROOT = fileURLToPath(new URL("../..", import.meta.url));
export const BUILD_DIR = path.join(PROJECT_ROOT, "build");
// The largest request the shop accepts: a product form with five 5 MB pictures.
export const BODY_LIMIT_BYTES = 30 * 1024 * 1024;

/** The longest a whole request may take to arrive: a product form of 30 MB on a slow line. */
const REQUEST_TIMEOUT_MS = 120_000;
const HEADERS_TIMEOUT_MS = 15_000;

export type CreateAppOptions = {
  services: AppServices;
  /** The Vite dev server, in development. */
  vite?: ViteDevServer;
  logLevel?: string;
  /** Shorter limits for tests of slow clients. */
  requestTimeoutMs?: number;
};

/** The shop's HTTP server: security plugins, stored files, and the React Router pages. */
export async function createApp({
  services,
  vite,
  logLevel,
  requestTimeoutMs,
}: CreateAppOptions): Promise<FastifyInstance> {
  const app = fastify({
    logger: { level: logLevel ?? services.config.logLevel },
    trustProxy: trustedProxies(services.config.trustProxy),
    genReqId: () => randomUUID(),
    // A request may name its target in absolute form (`GET http://host/path`); routes see the path.
    rewriteUrl: (request) => originFormOf(request.url ?? "/"),
    // One line per request comes from registerRequestLog, with the route and the signed-in user.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT_BYTES,
    // A client that sends its headers or body too slowly is cut off instead of holding a
    // connection for ever.
    requestTimeout: requestTimeoutMs ?? REQUEST_TIMEOUT_MS,
    http: {
      headersTimeout: Math.min(HEADERS_TIMEOUT_MS, requestTimeoutMs ?? HEADERS_TIMEOUT_MS),
      // Node checks for late requests on this beat; a short limit needs a quicker one.
      connectionsCheckingInterval: Math.min(30_000, Math.max(250, (requestTimeoutMs ?? REQUEST_TIMEOUT_MS) / 4)),
    },
  });
  registerErrorHandler(app);
  registerRequestHygiene(app);
  await registerSecurityHeaders(app, { strictCsp: !vite, paymentOrigins: paymentOrigins(services) });
  registerOriginCheck(app);
  registerBodyLimit(app);
  await registerCompression(app);
  const routes = new RoutePatterns();
  registerRequestLog(app, routes);
  registerUploads(app, services.storage, services.config.storagePublicUrl);
  registerProbes(app, services);
  registerMetrics(app, services);
  registerAdminFeed(app, services);
  registerPaymentWebhook(app, services);
  registerCourierWebhook(app, services);
  registerMessagingWebhook(app, services);
  await registerPages(app, { services, buildDir: BUILD_DIR, vite, routes });
  return app;
}

/**
 * The origins the payment checkout needs: its script's, and the gateway API's, whose pages it frames
 * (Razorpay: checkout.razorpay.com and api.razorpay.com). None when online payment is off.
 */
function paymentOrigins(services: AppServices): string[] {
  const razorpay = services.config.payments.razorpay;
  if (!razorpay) return [];
  return [...new Set([new URL(razorpay.checkoutUrl).origin, new URL(razorpay.apiUrl).origin])];
}

/**
 * Which X-Forwarded-For entries to believe: a number trusts that many hops next to the shop (the
 * reverse proxies' own additions), a list trusts those addresses only, false trusts none.
 */
function trustedProxies(
  setting: false | number | string[],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting === "number") return (_address, hop) => hop < setting;
  return setting;
}

/**
 * Page bodies reach React Router as a stream, past Fastify's own limit; a declared length over the
 * limit is refused here before anything is read, and actions cap what they read themselves.
 */
function registerBodyLimit(app: FastifyInstance): void {
  app.addHook("onRequest", async (request, reply) => {
    const length = Number(request.headers["content-length"] ?? 0);
    if (length > BODY_LIMIT_BYTES) {
      return reply
        .code(413)
        .header("Connection", "close")
        .type("text/plain; charset=utf-8")
        .send("The request is too large.");
    }
  });
}
