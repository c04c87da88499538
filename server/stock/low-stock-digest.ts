import type { Db } from "../db/schema.ts";
import { type RepeatingJob, startRepeatingJob } from "../jobs/repeating-job.ts";
import { queueMail } from "../mail/mail.service.ts";
import { findLastDigestAt, findUnmailedAlerts, markAlertsMailed } from "./stock.repository.ts";

/*
 * The owner's daily low-stock digest (record 46): the sizes that fell to their reorder point since
 * the last digest, each fall named once. A size that rises above its point and falls again is a
 * new fall. The job looks every hour and sends when a day has passed since the last digest; on
 * several nodes the guarded mark decides which digest names an alert, so none is named twice.
 */

const DAY_MS = 24 * 3_600_000;
const MAX_SIZES = 500;

export type DigestSettings = {
  db: Db;
  /** Who gets the digest: the shop's owner (ADMIN_EMAIL until staff roles name an Owner). */
  ownerAddresses: () => Promise<readonly string[]>;
};

/** Sends the digest when one is due and a size has crossed; answers how many sizes it named. */
export async function sendLowStockDigest(settings: DigestSettings, now: number = Date.now()): Promise<number> {
  const { db } = settings;
  const last = await findLastDigestAt(db);
  if (last !== null && now - last < DAY_MS - 60_000) return 0;
  const owners = await settings.ownerAddresses();
  if (owners.length === 0) return 0;
  return db.transaction().execute(async (trx) => {
    const alerts = await findUnmailedAlerts(trx, MAX_SIZES);
    const marked = new Set(
      await markAlertsMailed(
        trx,
        alerts.map((alert) => alert.id),
        now,
      ),
    );
    const named = alerts.filter((alert) => marked.has(alert.id));
    if (named.length === 0) return 0;
    const sizes = named.map((alert) => ({
      productId: alert.productId,
      title: alert.title,
      size: alert.size,
      sku: alert.sku ?? "",
      stock: alert.stockNow ?? alert.stock,
      reorderPoint: alert.reorderPoint,
    }));
    for (const to of owners) {
      await queueMail(
        trx,
        { kind: "low-stock-digest", to, payload: { sizes, stockPath: "/admin/products?stock=low" } },
        now,
      );
    }
    return named.length;
  });
}

/** Looks every hour whether the day's digest is due. */
export function startLowStockDigest(
  settings: DigestSettings,
  options: { intervalMs?: number; onError?: (error: unknown) => void } = {},
): RepeatingJob {
  const intervalMs = options.intervalMs ?? 3_600_000;
  return startRepeatingJob(
    async () => {
      await sendLowStockDigest(settings);
      return false;
    },
    { intervalMs, firstRunInMs: 60_000, onError: options.onError },
  );
}
