import { randomUUID } from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import fastify, { type FastifyInstance } from "fastify";
import type { ViteDevServer } from "vite";
import type { AppServices } from "../context.ts";
import { registerErrorHandler } from "./error-handler.ts";
import { registerOriginCheck } from "./origin-check.ts";
import { registerPages } from "./pages.ts";
import { registerRateLimits } from "./rate-limits.ts";
import { registerSecurityHeaders } from "./security-headers.ts";
import { registerUploads } from "./uploads.ts";

export const PROJECT_ROOT = fileURLToPath(new URL("../..", import.meta.url));
export const BUILD_DIR = path.join(PROJECT_ROOT, "build");
// The largest request the shop accepts: a product form with five 5 MB pictures.
export const BODY_LIMIT_BYTES = 30 * 1024 * 1024;

export type CreateAppOptions = {
  services: AppServices;
  /** The Vite dev server, in development. */
  vite?: ViteDevServer;
  logLevel?: string;
};

/** The shop's HTTP server: security plugins, stored files, and the React Router pages. */
export async function createApp({ services, vite, logLevel }: CreateAppOptions): Promise<FastifyInstance> {
  const app = fastify({
    logger: { level: logLevel ?? services.config.logLevel },
    trustProxy: services.config.trustProxy,
    genReqId: () => randomUUID(),
    bodyLimit: BODY_LIMIT_BYTES,
  });
  registerErrorHandler(app);
  await registerSecurityHeaders(app, { strictCsp: !vite });
  registerOriginCheck(app);
  await registerRateLimits(app);
  registerBodyLimit(app);
  registerUploads(app, services.storage);
  app.get("/healthz", async () => ({ ok: true }));
  await registerPages(app, { services, buildDir: BUILD_DIR, vite });
  return app;
}

/**
 * Page bodies reach React Router as a stream, past Fastify's own limit; a declared length over the
 * limit is refused here before anything is read, and actions cap what they read themselves.
 */
function registerBodyLimit(app: FastifyInstance): void {
  app.addHook("onRequest", async (request, reply) => {
    const length = Number(request.headers["content-length"] ?? 0);
    if (length > BODY_LIMIT_BYTES) {
      return reply.code(413).type("text/plain; charset=utf-8").send("The request is too large.");
    }
  });
}
