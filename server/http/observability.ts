import { timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { outboxDepth } from "../mail/mail.service.ts";
import { gaugeAtScrape, httpRequests, metrics } from "../observability/metrics.ts";
import type { AppServices, RequestInfo } from "../services.ts";
import { type PageMatch, type RoutePatterns, redactedUrl } from "./route-patterns.ts";

const infos = new WeakMap<IncomingMessage, RequestInfo>();

/** Keeps a page request's details (who is signed in) for its log line. */
export function rememberRequestInfo(request: FastifyRequest, info: RequestInfo): void {
  infos.set(request.raw, info);
}

/** More route labels than the shop has routes: past it, anything new shares one label. */
const MAX_ROUTE_LABELS = 150;

/**
 * Every answer carries its request id (X-Request-Id), and is logged in one structured line: the
 * request id, method, address, route, status, duration and, when signed in, the user id. Errors are
 * logged with the same request id. Request durations feed the metrics.
 *
 * Pages are named by their route pattern (`/reset-password/:code`), read from the build, so the
 * metrics hold one series per route whatever paths a visitor invents, and the logged address has
 * the route's secret parameters replaced by `[redacted]`. A page whose address holds a secret also
 * tells the browser to send no Referer from it.
 */
export function registerRequestLog(app: FastifyInstance, routes: RoutePatterns): void {
  const matched = new WeakMap<IncomingMessage, PageMatch | null>();
  const labels = new Set<string>();
  const pageOf = (request: FastifyRequest): PageMatch | null => {
    if (!isPage(request)) return null;
    if (!matched.has(request.raw)) matched.set(request.raw, routes.match(request.url));
    return matched.get(request.raw) ?? null;
  };
  const bounded = (label: string): string => {
    if (labels.has(label)) return label;
    if (labels.size >= MAX_ROUTE_LABELS) return "(other)";
    labels.add(label);
    return label;
  };
  app.addHook("onRequest", async (request, reply) => {
    reply.header("X-Request-Id", request.id);
  });
  app.addHook("onSend", async (request, reply) => {
    if (pageOf(request)?.secret) reply.header("Referrer-Policy", "no-referrer");
  });
  app.addHook("onResponse", async (request, reply) => {
    const page = pageOf(request);
    const route = bounded(routeOf(request, page, reply.statusCode));
    const seconds = reply.elapsedTime / 1000;
    httpRequests.observe({ method: request.method, route, status: String(reply.statusCode) }, seconds);
    const userId = infos.get(request.raw)?.userId;
    request.log.info(
      {
        method: request.method,
        url: redactedUrl(isPage(request) ? request.url : (request.url.split("?")[0] ?? ""), page).slice(0, 300),
        route,
        status: reply.statusCode,
        durationMs: Math.round(reply.elapsedTime),
        ...(userId ? { userId } : {}),
      },
      "request",
    );
  });
}

/** A request the pages' catch-all serves (not a probe, an upload or a built file). */
function isPage(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  return route === "*" || route === "/*";
}

/**
 * A request's route for the metrics: Fastify's own route, or a page's pattern; everything else
 * (not found, refused before routing) shares a label of its kind.
 */
function routeOf(request: FastifyRequest, page: PageMatch | null, status: number): string {
  if (page) return page.pattern;
  const route = request.routeOptions.url;
  if (route && !isPage(request)) return route;
  return status === 404 ? "(not found)" : "(unmatched)";
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
