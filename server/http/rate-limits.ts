import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "../errors.ts";

/** Sign-in and sign-up forms: the paths whose posts are limited per client address. */
const LIMITED_POSTS = new Set(["/login", "/signup", "/login.data", "/signup.data"]);

/**
 * A flood guard in front of the account forms: at most 30 posts per address in 5 minutes. The
 * accounts service has its own, finer limits on failed logins (per e-mail and per address).
 */
export async function registerRateLimits(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, {
    global: true,
    max: 30,
    timeWindow: 5 * 60 * 1000,
    allowList: (request: FastifyRequest) => !(request.method === "POST" && LIMITED_POSTS.has(pathOf(request.url))),
    errorResponseBuilder: () =>
      new AppError(
        "too-many-requests",
        "Too many attempts from your network. Please wait a few minutes and try again.",
      ),
  });
}

function pathOf(url: string): string {
  const end = url.indexOf("?");
  return end === -1 ? url : url.slice(0, end);
}
