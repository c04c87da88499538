import { timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { outboxDepth } from "../mail/mail.service.ts";
import { gaugeAtScrape, httpRequests, metrics } from "../observability/metrics.ts";
import type { AppServices, RequestInfo } from "../services.ts";
import { pageOf } from "./rate-limits.ts";

const infos = new WeakMap<IncomingMessage, RequestInfo>();

/** Keeps a page request's details (who is signed in) for its log line. */
export function rememberRequestInfo(request: FastifyRequest, info: RequestInfo): void {
  infos.set(request.raw, info);
}

/**
 * A route's name for the metrics: Fastify's own route where it has one, else the page's path with
 * ids and tokens folded (`/order/:param`), so that the number of series stays small; anything
 * not found is one series.
 */
function routeOf(request: FastifyRequest, status: number): string {
  const route = request.routeOptions.url;
  if (route && route !== "*") return route;
  if (status === 404) return "(not found)";
  return pageOf(request.url)
    .split("/")
    .map((segment) => (/^\d+$/.test(segment) || /^ks-/.test(segment) || segment.length > 24 ? ":param" : segment))
    .join("/");
}

/**
 * Every answer carries its request id (X-Request-Id), and is logged in one structured line: the
 * request id, method, route, status, duration and, when signed in, the user id. Errors are logged
 * by Fastify with the same request id. Request durations feed the metrics.
 */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook("onRequest", async (request, reply) => {
    reply.header("X-Request-Id", request.id);
  });
  app.addHook("onResponse", async (request, reply) => {
    const route = routeOf(request, reply.statusCode);
    const seconds = reply.elapsedTime / 1000;
    httpRequests.observe({ method: request.method, route, status: String(reply.statusCode) }, seconds);
    const userId = infos.get(request.raw)?.userId;
    request.log.info(
      {
        method: request.method,
        url: request.url.slice(0, 300),
        route,
        status: reply.statusCode,
        durationMs: Math.round(reply.elapsedTime),
        ...(userId ? { userId } : {}),
      },
      "request",
    );
  });
}

/**
 * `/metrics` for Prometheus, behind `Authorization: Bearer <METRICS_TOKEN>`; with no token set it
 * does not exist. Each worker process answers with its own figures.
 */
export function registerMetrics(app: FastifyInstance, services: AppServices): void {
  const token = services.config.metricsToken;
  if (!token) return;
  gaugeAtScrape("kesar_outbox_depth", "E-mails waiting to be delivered.", () => outboxDepth(services.db));
  const pool = services.poolStats;
  if (pool) {
    gaugeAtScrape("kesar_db_pool_in_use", "PostgreSQL connections in use.", () => pool().total - pool().idle);
    gaugeAtScrape("kesar_db_pool_waiting", "Queries waiting for a PostgreSQL connection.", () => pool().waiting);
  }
  const expected = Buffer.from(`Bearer ${token}`);
  app.get("/metrics", async (request, reply) => {
    const given = Buffer.from(request.headers.authorization ?? "");
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return reply
        .code(401)
        .header("WWW-Authenticate", 'Bearer realm="metrics"')
        .type("text/plain; charset=utf-8")
        .send("A valid metrics token is needed.");
    }
    return reply
      .header("Cache-Control", "no-store")
      .type(metrics.contentType)
      .send(await metrics.metrics());
  });
}
