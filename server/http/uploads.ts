import type { FastifyInstance, FastifyReply } from "fastify";
import { UPLOADS_PREFIX } from "#core/image-shapes.ts";
import { avifFromWebp } from "../storage/shaped-images.ts";
import { assertValidKey, InvalidStorageKeyError, type Storage } from "../storage/storage.ts";

const FOREVER = "public, max-age=31536000, immutable";

/**
 * Serves stored files. Product and home pictures have content-derived names and never change, so
 * browsers may keep them for a year; a profile photo keeps its name when replaced, so it is
 * revalidated (pages add a version to its URL). With a public address for the store
 * (STORAGE_PUBLIC_URL, a bucket's or a CDN's), pictures are sent there instead; profile photos
 * still pass through the shop.
 */
export function registerUploads(app: FastifyInstance, storage: Storage, publicBase?: string): void {
  app.get(`${UPLOADS_PREFIX}/*`, async (request, reply) => {
    const key = (request.params as { "*": string })["*"];
    if (!isValidKey(key)) return notFound(reply);
    // Profile photos and the photos sent with returns are a person's own: never on the public
    // address, never kept by a shared cache (a return's is seen by the shop's team only).
    const personal = key.startsWith("profileImages/") || key.startsWith("returns/");
    if (publicBase && !personal) {
      if (!(await pictureExists(storage, key))) return notFound(reply);
      return reply.header("Cache-Control", "public, max-age=86400").redirect(`${publicBase}/${key}`, 302);
    }
    const stored = await storedPicture(storage, key);
    if (!stored) return notFound(reply);
    const etag = `"${stored.size.toString(36)}-${stored.modifiedAt.getTime().toString(36)}"`;
    reply
      .header("Content-Type", stored.contentType)
      .header("Content-Length", stored.size)
      .header("ETag", etag)
      .header("Last-Modified", stored.modifiedAt.toUTCString())
      .header("X-Content-Type-Options", "nosniff")
      .header("Cache-Control", personal ? "private, no-cache" : FOREVER);
    if (request.headers["if-none-match"] === etag) {
      stored.body.destroy();
      return reply.code(304).send();
    }
    return reply.send(stored.body);
  });
}

/** A stored file, or its AVIF copy made now from its WebP (pictures stored before AVIF). */
async function storedPicture(storage: Storage, key: string) {
  const stored = await storage.get(key);
  if (stored || !(await avifFromWebp(storage, key))) return stored;
  return storage.get(key);
}

function isValidKey(key: string): boolean {
  try {
    assertValidKey(key);
    return true;
  } catch (error) {
    if (error instanceof InvalidStorageKeyError) return false;
    throw error;
  }
}

/**
 * Whether a picture can be sent to the public address: an AVIF copy may still have to be made from
 * its WebP (pictures stored before AVIF); anything else is sent there as it is.
 */
async function pictureExists(storage: Storage, key: string): Promise<boolean> {
  if (!key.endsWith(".avif")) return true;
  const existing = await storage.get(key);
  existing?.body.destroy();
  return existing !== null || (await avifFromWebp(storage, key));
}

function notFound(reply: FastifyReply) {
  return reply.code(404).type("text/plain; charset=utf-8").send("Not found");
}
