import path from "node:path";
import { pathToFileURL } from "node:url";
import fastifyStatic from "@fastify/static";
import { createHeaders, sendResponse } from "@mcansh/react-router-fastify";
import { createReadableStreamFromReadable } from "@react-router/node";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { type AppServices, appContext, requestContext } from "../context.ts";
import { declaredBodyLength } from "./forms.ts";
import { scriptNonceOf } from "./security-headers.ts";
import { asErrorResponse } from "./service-errors.ts";

export type PagesOptions = { services: AppServices; buildDir: string; vite?: ViteDevServer };

/**
 * The React Router pages, and the built browser assets beside them. The server build is loaded here,
 * and every route's loader and action passes through one adapter: a service's refusal (an AppError)
 * reaches the shopper with its own status and message, never as a 500.
 */
export async function registerPages(app: FastifyInstance, { services, buildDir, vite }: PagesOptions): Promise<void> {
  if (!vite) await registerBuiltAssets(app, path.join(buildDir, "client"));
  const loadBuild = vite
    ? () => importThroughVite(vite, "virtual:react-router/server-build")
    : (): Promise<ServerBuild> => import(pathToFileURL(path.join(buildDir, "server", "index.js")).href);
  const publicOrigin = new URL(services.config.publicUrl).origin;
  const handle = createRequestHandler(
    async () => withServiceErrors(await loadBuild()),
    vite ? "development" : "production",
  );
  // Its own scope: pages read their bodies themselves, as streams, so Fastify's parsers stand aside.
  await app.register(async (pages) => {
    pages.removeAllContentTypeParsers();
    pages.addContentTypeParser("*", (_request, payload, done) => done(null, payload));
    pages.all("*", async (request, reply) => {
      const context = new RouterContextProvider();
      context.set(appContext, services);
      context.set(requestContext, {
        nonce: scriptNonceOf(reply.raw),
        ip: request.ip,
        secure: request.protocol === "https",
        log: request.log,
      });
      const response = await handle(webRequest(request, reply, requestOrigin(request, publicOrigin)), context);
      // Pages are personal unless a page says otherwise: nothing in between may keep them.
      if (!response.headers.has("Cache-Control")) reply.header("Cache-Control", "private, no-store");
      await sendResponse(reply, response);
    });
  });
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
    setHeaders(reply, file) {
      reply.header(
        "Cache-Control",
        file.startsWith(assetsDir) ? "public, max-age=31536000, immutable" : "public, max-age=3600",
      );
    },
  });
}

const wrapped = new WeakMap<ServerBuild, ServerBuild>();

/** The build with every loader and action wrapped in the service-error adapter (made once per build). */
function withServiceErrors(build: ServerBuild): ServerBuild {
  let result = wrapped.get(build);
  if (!result) {
    const routes = Object.fromEntries(
      Object.entries(build.routes).map(([id, route]) => {
        if (!route) return [id, route];
        const { loader, action } = route.module;
        const module = { ...route.module, loader: adapt(loader), action: adapt(action) };
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
