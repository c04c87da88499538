import type { FastifyInstance } from "fastify";

const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "camera=()",
  "geolocation=()",
  "gyroscope=()",
  "magnetometer=()",
  "microphone=()",
  "payment=()",
  "usb=()",
  "interest-cohort=()",
].join(", ");

/**
 * What every request and response goes through before the pages see them: an address with a NUL
 * byte or a broken %-escape is refused with a clear 400 (no database accepts the one, no router
 * decodes the other), and every response says the shop needs no camera, microphone or location.
 */
export function registerRequestHygiene(app: FastifyInstance): void {
  app.addHook("onRequest", async (request, reply) => {
    const problem = addressProblem(request.url);
    if (problem) return reply.code(400).header("Connection", "close").type("text/plain; charset=utf-8").send(problem);
  });
  app.addHook("onSend", async (request, reply) => {
    reply.header("Permissions-Policy", PERMISSIONS_POLICY);
    // An answer given before the body was read (too large, refused, forged) closes the connection,
    // so the client stops sending instead of holding it open.
    if (!request.raw.complete) reply.header("Connection", "close");
  });
}

/**
 * The path and query of a request target in absolute form (`http://host/path?q`), which HTTP/1.1
 * servers must accept; any other target is left as sent (and refused below unless it is a path).
 */
export function originFormOf(url: string): string {
  if (!/^https?:\/\//i.test(url)) return url;
  try {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return url;
  }
}

function addressProblem(url: string): string | null {
  if (!url.startsWith("/")) return "The address is not valid: ask for a path on this shop.";
  if (url.includes("\u0000") || /%00/i.test(url)) return "The address contains a character that is not allowed.";
  try {
    decodeURIComponent(url);
  } catch {
    return "The address is not valid.";
  }
  return null;
}
