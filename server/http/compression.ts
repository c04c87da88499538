import { constants } from "node:zlib";
import compress from "@fastify/compress";
import type { FastifyInstance } from "fastify";
import { BROTLI_WINDOW_BITS } from "./page-cache.ts";

/**
 * Compresses text answers made per request (pages, data, JSON) at levels that cost little CPU:
 * brotli 4 is about as quick as gzip 6 and smaller, and with a page-sized window it sets up no
 * megabytes per answer. Built assets arrive compressed at the strongest
 * levels by the build, shared pages compressed once by the page cache; both pass through as they are.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    encodings: ["br", "gzip"],
    threshold: 1024,
    brotliOptions: {
      params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_LGWIN]: BROTLI_WINDOW_BITS },
    },
    zlibOptions: { level: 5 },
  });
}
