import { lookup } from "node:dns/promises";
import https from "node:https";
import { BlockList, isIP } from "node:net";
import type { Db, Executor } from "../../db/schema.ts";
import { AppError } from "../../errors.ts";
import { type RepeatingJob, startRepeatingJob } from "../../jobs/repeating-job.ts";
import { checkUploadedImage, MAX_UPLOAD_BYTES, storeShapedImage } from "../../storage/shaped-images.ts";
import type { Storage } from "../../storage/storage.ts";
import { catalogVersion } from "../catalog-version.ts";
import {
  claimPictureFetches,
  findPictureColumns,
  finishPictureFetch,
  setPictureColumns,
} from "./product-files.repository.ts";

/*
 * Pictures an import names by https:// address, fetched in the background (record 46) under the
 * rules of uploads: at most 5 MB, a JPEG, PNG or WebP that decodes, stored as the shop's own WebP
 * and AVIF widths, and put in the product where its address was. Only https, no redirects, and no
 * address inside the shop's own networks (loopback, private, link-local: the cloud's metadata
 * service among them); the connection goes to the address that was checked, so a name cannot be
 * made to point elsewhere between the check and the fetch. A refusal is reported at once; a network
 * failure is tried again, three times in all.
 */

export type PictureFetching = {
  db: Db;
  storage: Storage;
  /** Tests fetch from a server on this machine. */
  allowPrivateAddresses?: boolean;
  /** A certificate authority to trust besides the system's (a test server's). */
  ca?: string | Buffer;
  timeoutMs?: number;
};

const LEASE_MS = 2 * 60_000;
const ATTEMPTS = 3;

const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.168.0.0", 16],
  ["224.0.0.0", 4],
] as const)
  PRIVATE.addSubnet(network, prefix, "ipv4");
for (const [network, prefix] of [
  ["::", 127],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
  ["::ffff:0:0", 96],
] as const)
  PRIVATE.addSubnet(network, prefix, "ipv6");

/** A refusal the next try would meet again. */
class PictureRefused extends Error {}

/** Fetches up to `limit` waiting pictures; answers how many it took (a full batch: more may wait). */
export async function fetchDuePictures(
  fetching: PictureFetching,
  now: number = Date.now(),
  limit = 5,
): Promise<number> {
  const claimed = await claimPictureFetches(fetching.db, limit, now, LEASE_MS);
  let stored = 0;
  for (const picture of claimed) {
    try {
      const data = await download(picture.url, fetching);
      await checkUploadedImage(data).catch((error: unknown) => {
        throw new PictureRefused(error instanceof AppError ? error.userMessage : "The picture could not be read.");
      });
      const ref = await storeShapedImage(fetching.storage, "products", "product", data);
      await fetching.db.transaction().execute(async (trx) => {
        await replacePicture(trx, picture.productId, picture.url, ref, now);
        await finishPictureFetch(trx, picture.id, { status: "stored", error: null }, now);
      });
      stored++;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const final = error instanceof PictureRefused || picture.attempts >= ATTEMPTS;
      await finishPictureFetch(
        fetching.db,
        picture.id,
        { status: final ? "failed" : "waiting", error: reason.slice(0, 300) },
        now,
      );
    }
  }
  if (stored > 0) await catalogVersion(fetching.db).changed();
  return claimed.length;
}

async function replacePicture(db: Executor, productId: number, url: string, ref: string, now: number) {
  const columns = await findPictureColumns(db, productId);
  if (!columns) return;
  const changed = Object.fromEntries(
    Object.entries(columns).flatMap(([column, value]) => (value === url ? [[column, ref]] : [])),
  );
  if (Object.keys(changed).length > 0) await setPictureColumns(db, productId, changed, now);
}

/** The picture's bytes, from a checked public address, at most the upload limit. */
async function download(url: string, fetching: PictureFetching): Promise<Buffer> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    throw new PictureRefused("This is not a web address.");
  }
  if (target.protocol !== "https:") throw new PictureRefused("Only https:// pictures are fetched.");
  const address = await checkedAddress(target.hostname, fetching.allowPrivateAddresses ?? false);
  return new Promise<Buffer>((resolve, reject) => {
    const request = https.get(
      target,
      {
        ...(fetching.ca ? { ca: fetching.ca } : {}),
        timeout: fetching.timeoutMs ?? 20_000,
        // The connection goes to the address checked above, whatever the name says now.
        lookup: (_host, _options, done) => done(null, address.address, address.family),
      },
      (response) => {
        if ((response.statusCode ?? 0) >= 300) {
          response.resume();
          const refused = (response.statusCode ?? 0) < 500;
          const message = `The address answered ${response.statusCode}${(response.statusCode ?? 0) < 400 ? " (a redirect, not followed)" : ""}.`;
          reject(refused ? new PictureRefused(message) : new Error(message));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_UPLOAD_BYTES) {
            request.destroy(new PictureRefused("The picture is larger than 5 MB."));
            return;
          }
          chunks.push(chunk);
        });
        response.on("end", () => resolve(Buffer.concat(chunks)));
        response.on("error", reject);
      },
    );
    request.on("timeout", () => request.destroy(new Error("The address did not answer in time.")));
    request.on("error", reject);
  });
}

async function checkedAddress(host: string, allowPrivate: boolean): Promise<{ address: string; family: number }> {
  const bare = host.replace(/^\[|\]$/g, "");
  const found = isIP(bare)
    ? { address: bare, family: isIP(bare) }
    : await lookup(bare).catch(() => {
        throw new Error(`The name ${bare} could not be found.`);
      });
  if (!allowPrivate && PRIVATE.check(found.address, found.family === 6 ? "ipv6" : "ipv4")) {
    throw new PictureRefused("The address is inside a private network: only public addresses are fetched.");
  }
  return found;
}

/** Fetches imported pictures in the background, every few seconds and at once when woken. */
export function startPictureWorker(
  fetching: PictureFetching,
  options: { intervalMs?: number; onError?: (error: unknown) => void } = {},
): RepeatingJob {
  return startRepeatingJob(async () => (await fetchDuePictures(fetching)) >= 5, {
    intervalMs: options.intervalMs ?? 5_000,
    firstRunInMs: options.intervalMs ?? 5_000,
    onError: options.onError,
  });
}
