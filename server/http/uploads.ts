import type { FastifyInstance } from "fastify";
import { UPLOADS_PREFIX } from "../../app/lib/images.ts";
import { avifFromWebp } from "../storage/images.ts";
import { InvalidStorageKeyError, type Storage } from "../storage/storage.ts";

/**
 * Serves stored files. Product and home pictures have content-derived names and never change, so
 * browsers may keep them for a year; a profile photo keeps its name when replaced, so it is
 * revalidated (pages add a version to its URL).
 */
export function registerUploads(app: FastifyInstance, storage: Storage): void {
  app.get(`${UPLOADS_PREFIX}/*`, async (request, reply) => {
    const key = (request.params as { "*": string })["*"];
    let stored: Awaited<ReturnType<Storage["get"]>>;
    try {
      stored = await storage.get(key);
      if (!stored && (await avifFromWebp(storage, key))) stored = await storage.get(key);
    } catch (error) {
      if (error instanceof InvalidStorageKeyError) stored = null;
      else throw error;
    }
    if (!stored) return reply.code(404).type("text/plain; charset=utf-8").send("Not found");
    const etag = `"${stored.size.toString(36)}-${stored.modifiedAt.getTime().toString(36)}"`;
    reply
      .header("Content-Type", stored.contentType)
      .header("Content-Length", stored.size)
      .header("ETag", etag)
      .header("Last-Modified", stored.modifiedAt.toUTCString())
      .header("X-Content-Type-Options", "nosniff")
      .header(
        "Cache-Control",
        key.startsWith("profileImages/") ? "private, no-cache" : "public, max-age=31536000, immutable",
      );
    if (request.headers["if-none-match"] === etag) {
      stored.body.destroy();
      return reply.code(304).send();
    }
    return reply.send(stored.body);
  });
}
