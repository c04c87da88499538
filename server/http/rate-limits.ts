import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "../errors.ts";

/** The forms whose posts are limited per client address: signing in and up, and those that send mail. */
const LIMITED_ACTIONS = new Set(["/login", "/signup", "/forgot-password", "/orders/find"]);

/**
 * The page a URL names, however it is spelled: React Router matches paths without regard to case,
 * trailing slashes or repeated slashes, and serves a page's data at `{path}.data` (or
 * `{path}/_.data`), so `/SIGNUP/`, `//signup` and `/signup/.data` all reach the signup action.
 */
export function pageOf(url: string): string {
  let path = url.split(/[?#]/)[0] ?? "";
  try {
    path = decodeURIComponent(path);
  } catch {
    // A malformed escape is matched as it stands.
  }
  path = path
    .toLowerCase()
    .replace(/\/{2,}/g, "/")
    .replace(/(\/_)?\.data$/, "")
    .replace(/\/+$/, "");
  return path === "" ? "/" : path;
}

/**
 * A flood guard in front of the account forms: at most 30 posts per address in 5 minutes, counted
 * per action whatever the spelling of its path. The accounts service has its own, finer limits on
 * failed logins (per e-mail and per address).
 */
export async function registerRateLimits(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, {
    global: true,
    max: 30,
    timeWindow: 5 * 60 * 1000,
    allowList: (request: FastifyRequest) => !(request.method === "POST" && LIMITED_ACTIONS.has(pageOf(request.url))),
    keyGenerator: (request: FastifyRequest) => `${request.ip}:${pageOf(request.url)}`,
    errorResponseBuilder: () =>
      new AppError(
        "too-many-requests",
        "Too many attempts from your network. Please wait a few minutes and try again.",
      ),
  });
}
