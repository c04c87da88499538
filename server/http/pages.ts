import { randomBytes } from "node:crypto";
import path from "node:path";
import { pathToFileURL } from "node:url";
import fastifyStatic from "@fastify/static";
import { createHeaders, sendResponse } from "@mcansh/react-router-fastify";
import { createReadableStreamFromReadable } from "@react-router/node";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { catalogVersion } from "../catalog/catalog-version.ts";
import { isDatabaseUnreachable } from "../db/database.ts";
import { liveShelfOffers } from "../offers/shelf-offers.ts";
import type { AppServices, RequestInfo } from "../services.ts";
import { declaredBodyLength } from "./body-length.ts";
import { rememberRequestInfo } from "./observability.ts";
import {
  PageCache,
  type PageVersion,
  PERSONAL_CACHE_CONTROL,
  pickEncoding,
  type SharedPage,
  sharedCacheControl,
  sharedPageKey,
  sharedPageOf,
  sharedPagePolicy,
  sharedRenderCookie,
} from "./page-cache.ts";
import { registerPageTurns } from "./page-turns.ts";
import { appContext, requestContext } from "./route-context.ts";
import type { RoutePatterns } from "./route-patterns.ts";
import { scriptNonceOf } from "./security-headers.ts";
import { asErrorResponse, UNAVAILABLE_RETRY_SECONDS } from "./service-errors.ts";
import { registerVisitorMark } from "./visitor-mark-hook.ts";

/** After the database could not be reached, shared pages ask it again this much later. */
const UNREACHABLE_RETRY_MS = 1_000;

export type PagesOptions = { services: AppServices; buildDir: string; vite?: ViteDevServer; routes: RoutePatterns };

/**
 * The React Router pages, and the built browser assets beside them. The server build is loaded here,
 * and every route's loader and action passes through one adapter: a service's refusal (an AppError)
 * reaches the shopper with its own status and message, never as a 500.
 */
export async function registerPages(
  app: FastifyInstance,
  { services, buildDir, vite, routes }: PagesOptions,
): Promise<void> {
  if (!vite) await registerBuiltAssets(app, path.join(buildDir, "client"));
  const publicOrigin = new URL(services.config.publicUrl).origin;
  // Under Vite the build is asked for on every request, so that edits show at once. The built shop
  // hands React Router the build itself: given a function, it would match its routes afresh (and
  // build a new router) for every request.
  // The logs and metrics name pages by the routes of the build that serves them.
  const handle = vite
    ? createRequestHandler(async () => {
        const build = await importThroughVite(vite, "virtual:react-router/server-build");
        routes.use(build.routes);
        return withServiceErrors(build);
      }, "development")
    : createRequestHandler(withServiceErrors(await builtShop(buildDir, routes)), "production");
  const render = (page: Request, info: RequestInfo) => {
    const context = new RouterContextProvider();
    context.set(appContext, services);
    context.set(requestContext, info);
    return handle(page, context);
  };
  const serveShared = sharedPages(services, render);

  // Its own scope: pages read their bodies themselves, as streams, so Fastify's parsers stand aside.
  await app.register(async (pages) => {
    registerPageTurns(pages, services.config.pagesAtOnce);
    registerVisitorMark(pages);
    pages.removeAllContentTypeParsers();
    pages.addContentTypeParser("*", (_request, payload, done) => done(null, payload));
    pages.all("*", async (request, reply) => {
      const origin = requestOrigin(request, publicOrigin);
      if (await serveShared(request, reply, origin)) return reply;
      const info: RequestInfo = {
        nonce: scriptNonceOf(reply.raw),
        ip: request.ip,
        secure: request.protocol === "https",
        log: request.log,
      };
      rememberRequestInfo(request, info);
      const response = await render(webRequest(request, reply, origin), info);
      // Pages are personal unless a page says otherwise: nothing in between may keep them.
      if (!response.headers.has("Cache-Control")) reply.header("Cache-Control", PERSONAL_CACHE_CONTROL);
      // A page refused for want of the database (or another service) says when to try again.
      if (response.status === 503 && !response.headers.has("Retry-After"))
        reply.header("Retry-After", String(UNAVAILABLE_RETRY_SECONDS));
      await sendResponse(reply, response);
    });
  });
}

type Render = (page: Request, info: RequestInfo) => Promise<Response>;

/** A shared page's render answered 503: the database (or another service) is away for a moment. */
class RenderUnavailable extends Error {
  constructor() {
    super("The page could not be rendered: a service it needs is unavailable.");
  }
}

/**
 * The pages every anonymous visitor gets alike, from the page cache: a fresh page as it is, a
 * stale one while one request renders it again, a missing one rendered once however many ask.
 * Answers null for a request that is not for a shared page (the caller renders it for its visitor).
 */
function sharedPages(services: AppServices, render: Render) {
  const cache = new PageCache();
  const versions = sharedPageVersions(services);
  const version = versions.current;

  /**
   * A shared page rendered for everyone: as a visitor with no cookie but the theme, with a nonce of
   * its own (taken out again), for the catalogue version read before the render, so that a change
   * during the render is not missed.
   * Null when the answer is not shareable after all (not a 200, or it sets a cookie).
   */
  async function renderShared(request: FastifyRequest, origin: string): Promise<SharedPage | null> {
    const renderedFor = (await version()).current;
    const nonce = randomBytes(16).toString("base64");
    const headers = new Headers({ accept: "text/html" });
    const cookie = sharedRenderCookie(request.headers.cookie);
    if (cookie) headers.set("cookie", cookie);
    const response = await render(new Request(`${origin}${request.url}`, { headers }), {
      nonce,
      ip: request.ip,
      secure: request.protocol === "https",
      log: request.log,
      shared: true,
    });
    if (response.status !== 200 || response.headers.has("Set-Cookie")) {
      await response.body?.cancel();
      if (response.status === 503) throw new RenderUnavailable();
      return null;
    }
    const body = Buffer.from(await response.arrayBuffer());
    const contentType = response.headers.get("Content-Type") ?? "text/html; charset=utf-8";
    return sharedPageOf({ contentType, body }, nonce, renderedFor);
  }

  /**
   * Whether the page was served from (or into) the cache. A boolean on purpose: a Fastify reply is
   * thenable, and handing one back through an await would wait for the answer and then read as
   * "not served", so that the page would be rendered a second time behind the cached answer.
   */
  return async (request: FastifyRequest, reply: FastifyReply, origin: string): Promise<boolean> => {
    const key = sharedPageKey({ method: request.method, url: request.url, cookie: request.headers.cookie }, origin);
    if (!key) return false;
    const now = await versions.ifReachable();
    // While the database is away, the page at hand (if any) whatever its version (record 33).
    if (!now) return serveKept(request, reply, cache.kept(key));
    // Kept before the lookup drops it: an outdated page is still better than none if the database
    // goes away before the new one is rendered.
    const previous = cache.kept(key);
    const hit = cache.lookup(key, now.current);
    if (hit?.state === "stale" && !cache.rendering(key)) {
      // Stale while revalidating: this visitor gets the page at hand; the next, a fresh one.
      cache
        .render(key, () => renderShared(request, origin))
        .catch((error) => {
          request.log.error({ err: error }, "Re-rendering a shared page failed");
        });
    }
    if (hit) {
      sendShared(request, reply, hit.page, hit.state === "fresh" ? "HIT" : "STALE", now.nextChangeInMs);
      return true;
    }
    const rendered = await renderedOrKept(request, origin, key, previous);
    if (!rendered) return false;
    sendShared(request, reply, rendered.page, rendered.state, now.nextChangeInMs);
    return true;
  };

  /**
   * The page rendered afresh; or, if the database went away meanwhile, the outdated one at hand, or
   * null (the visitor's own render then answers 503).
   */
  async function renderedOrKept(request: FastifyRequest, origin: string, key: string, previous: SharedPage | null) {
    try {
      const page = await cache.render(key, () => renderShared(request, origin));
      return page && { page, state: "MISS" };
    } catch (error) {
      if (!(error instanceof RenderUnavailable) && !isDatabaseUnreachable(error)) throw error;
      return previous && { page: previous, state: "STALE" };
    }
  }
}

/**
 * The version shared pages are kept by: the catalogue's, and the offers' clock, so that a page
 * rendered before an offer started (or ended) is not served after it, on any node, without a
 * write or a timer at that minute (record 31). With it, how long until the clock moves next.
 * `ifReachable` answers null instead while the database cannot be reached, and asks it again only a
 * second after such a failure, so that visitors do not each wait for a connection that cannot be
 * made (record 33).
 */
function sharedPageVersions(services: AppServices) {
  const catalogue = catalogVersion(services.db);
  const offers = liveShelfOffers(services.db);
  let unreachableUntil = 0;
  const current = async (): Promise<{ current: PageVersion; nextChangeInMs: number | null }> => {
    const [stamp, clock] = await Promise.all([catalogue.current(), offers.clock(Date.now())]);
    return { current: `${stamp}:${clock.tick}`, nextChangeInMs: clock.nextInMs };
  };
  const ifReachable = async () => {
    if (Date.now() < unreachableUntil) return null;
    try {
      return await current();
    } catch (error) {
      if (!isDatabaseUnreachable(error)) throw error;
      unreachableUntil = Date.now() + UNREACHABLE_RETRY_MS;
      return null;
    }
  };
  return { current, ifReachable };
}

/** A page kept from before the database went away, served as stale; false when there is none. */
function serveKept(request: FastifyRequest, reply: FastifyReply, page: SharedPage | null): boolean {
  if (!page) return false;
  sendShared(request, reply, page, "STALE", null);
  return true;
}

/**
 * A shared page, as the client takes it (brotli, gzip or plain), or 304 when the client holds it.
 * Its policy allows exactly the page's inline scripts, by hash, in place of this response's nonce;
 * a CDN may keep it only until the shelves' prices next change.
 */
function sendShared(
  request: FastifyRequest,
  reply: FastifyReply,
  page: SharedPage,
  state: string,
  nextChangeInMs: number | null,
): void {
  const policy = reply.getHeader("Content-Security-Policy");
  if (typeof policy === "string") {
    reply.header("Content-Security-Policy", sharedPagePolicy(policy, scriptNonceOf(reply.raw), page));
  }
  reply
    .header("Content-Type", page.contentType)
    .header("Cache-Control", sharedCacheControl(nextChangeInMs))
    .header("Vary", "Accept-Encoding, Cookie")
    .header("ETag", page.etag)
    .header("X-Cache", state);
  const held = (request.headers["if-none-match"] ?? "").split(",").map((tag) => tag.trim().replace(/^W\//, ""));
  if (held.includes(page.etag)) {
    reply.code(304).send();
    return;
  }
  const encoding = pickEncoding(request.headers["accept-encoding"]);
  const body = encoding === "br" ? page.brotli : encoding === "gzip" ? page.gzip : page.body;
  if (encoding) reply.header("Content-Encoding", encoding);
  reply.header("Content-Length", body.length).send(body);
}

/**
 * The origin the browser addressed, which React Router compares with a form's Origin header; a
 * Host header that is not a plain host (and port) is not believed, and the configured one stands
 * in. Absolute links never come from here but from the configured public address.
 */
function requestOrigin(request: FastifyRequest, publicOrigin: string): string {
  const host = request.host;
  if (!/^([a-z0-9-]+\.)*[a-z0-9-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i.test(host)) return publicOrigin;
  try {
    return new URL(`${request.protocol}://${host}`).origin;
  } catch {
    return publicOrigin;
  }
}

/** The Fetch request React Router reads: the shop's own origin, the path as sent, the body as a stream. */
function webRequest(request: FastifyRequest, reply: FastifyReply, origin: string): Request {
  const controller = new AbortController();
  reply.raw.once("close", () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  const init: RequestInit & { duplex?: "half" } = {
    method: request.method,
    headers: createHeaders(request.headers),
    signal: controller.signal,
  };
  if (request.method !== "GET" && request.method !== "HEAD") {
    init.body = createReadableStreamFromReadable(request.raw);
    init.duplex = "half";
  }
  const page = new Request(`${origin}${request.url}`, init);
  const declared = Number(request.headers["content-length"]);
  if (Number.isFinite(declared)) declaredBodyLength.set(page, declared);
  return page;
}

async function builtShop(buildDir: string, routes: RoutePatterns): Promise<ServerBuild> {
  const build = (await import(pathToFileURL(path.join(buildDir, "server", "index.js")).href)) as ServerBuild;
  routes.use(build.routes);
  return build;
}

/** In development the build comes from Vite's module runner, fresh after every edit. */
async function importThroughVite(vite: ViteDevServer, id: string): Promise<ServerBuild> {
  const runner = (vite.environments.ssr as { runner?: { import: (id: string) => Promise<unknown> } }).runner;
  return (runner ? await runner.import(id) : await vite.ssrLoadModule(id)) as ServerBuild;
}

/** Fingerprinted assets never change, so browsers keep them for a year; other files for an hour. */
async function registerBuiltAssets(app: FastifyInstance, clientDir: string): Promise<void> {
  const assetsDir = path.join(clientDir, "assets");
  await app.register(fastifyStatic, {
    root: clientDir,
    wildcard: false,
    cacheControl: false,
    dotfiles: "ignore",
    // The build writes a .br and a .gz beside each text file (scripts/vite-precompress.ts).
    preCompressed: true,
    setHeaders(reply, file) {
      reply.header(
        "Cache-Control",
        file.startsWith(assetsDir) ? "public, max-age=31536000, immutable" : "public, max-age=3600",
      );
    },
  });
}

const wrapped = new WeakMap<ServerBuild, ServerBuild>();

/** The build with every loader, action and middleware wrapped in the service-error adapter (made once per build). */
function withServiceErrors(build: ServerBuild): ServerBuild {
  let result = wrapped.get(build);
  if (!result) {
    const routes = Object.fromEntries(
      Object.entries(build.routes).map(([id, route]) => {
        if (!route) return [id, route];
        const { loader, action, middleware } = route.module;
        const module = {
          ...route.module,
          loader: adapt(loader),
          action: adapt(action),
          // The session is read in a middleware: a database away then is a 503 too, not a 500.
          ...(middleware ? { middleware: middleware.map((step) => adapt(step)) } : {}),
        };
        return [id, { ...route, module }];
      }),
    );
    result = { ...build, routes };
    wrapped.set(build, result);
  }
  return result;
}

function adapt<Handler extends ((...args: never[]) => unknown) | undefined>(handler: Handler): Handler {
  if (!handler) return handler;
  return (async (...args: Parameters<NonNullable<Handler>>) => {
    try {
      return await handler(...args);
    } catch (error) {
      throw asErrorResponse(error);
    }
  }) as Handler;
}
