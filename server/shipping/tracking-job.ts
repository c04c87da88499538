import { SYSTEM } from "#core/actor.ts";
import type { Db } from "../db/schema.ts";
import { type RepeatingJob, startRepeatingJob } from "../jobs/repeating-job.ts";
import { bookCouriers } from "./booking.service.ts";
import { CarrierError, type CarrierProvider, type TrackingReport } from "./carrier.ts";
import { applyEarlyNews, recordNewsIn } from "./shipment-news.service.ts";
import {
  findShipmentForUpdate,
  listRetryableBookings,
  listSilentShipments,
  noteCourierNews,
} from "./shipments.repository.ts";

/*
 * The shipping jobs (record 43), like the payment jobs: parcels on their way whose courier has said
 * nothing for 6 hours are asked of the tracking API (a webhook lost on the way is found this way),
 * and bookings whose last step failed in a way a retry may pass are tried again. Every decision
 * is a guarded update or a row recorded once, so two nodes running them at once do one thing.
 */

/** A parcel this long without news is asked for. */
export const SILENT_AFTER_MS = 6 * 60 * 60 * 1000;
/** A retryable booking failure waits this long before the job tries again (the courier was busy). */
export const BOOKING_RETRY_AFTER_MS = 10 * 60 * 1000;
const BATCH = 50;

/**
 * What the tracking API says of a parcel, recorded as webhooks are (each scan once, the latest
 * status, the day expected), in one transaction. The parcel counts as heard of even when nothing is new, so it is asked again only after
 * another 6 hours.
 */
export async function recordTrackingReport(db: Db, shipmentId: number, report: TrackingReport, now: number) {
  return db.transaction().execute(async (trx) => {
    const shipment = await findShipmentForUpdate(trx, shipmentId);
    if (!shipment) return 0;
    let recorded = 0;
    const news = report.latest ? [...report.scans, report.latest] : report.scans;
    for (const [index, event] of news.entries()) {
      const last = index === news.length - 1;
      const outcome = await recordNewsIn(
        trx,
        { event, expectedDeliveryAt: last ? report.expectedDeliveryAt : null },
        now,
      );
      if (outcome.recorded) recorded++;
    }
    await noteCourierNews(trx, shipmentId, { at: now, failedAttempt: false });
    return recorded;
  });
}

/** Asks the tracking API about the parcels silent for 6 hours; answers how many were asked and what came of it. */
export async function trackSilentShipments(
  db: Db,
  carrier: CarrierProvider,
  now: number = Date.now(),
): Promise<{ asked: number; recorded: number; failed: number }> {
  let asked = 0;
  let recorded = 0;
  let failed = 0;
  for (const shipment of await listSilentShipments(db, now - SILENT_AFTER_MS, BATCH)) {
    if (!shipment.awb) continue;
    asked++;
    try {
      // News kept before its AWB was stored, had the booking missed it (see applyEarlyNews).
      await applyEarlyNews(db, shipment.awb, now);
      recorded += await recordTrackingReport(db, shipment.id, await carrier.track(shipment.awb), now);
    } catch (error) {
      // Asked again at the next run; one parcel's failure never stops the others.
      if (!(error instanceof CarrierError)) throw error;
      failed++;
    }
  }
  return { asked, recorded, failed };
}

/** Tries again the bookings whose last step the courier could not do then (busy, unreachable). */
export async function retryBookings(db: Db, carrier: CarrierProvider, now: number = Date.now()) {
  const due = await listRetryableBookings(db, now - BOOKING_RETRY_AFTER_MS, BATCH);
  if (due.length === 0) return [];
  return bookCouriers(
    { db, carrier },
    SYSTEM,
    due.map((shipment) => shipment.orderId),
  );
}

/** Runs the shipping jobs every `intervalMs` (5 minutes) in the background. */
export function startShippingWorker(
  db: Db,
  carrier: CarrierProvider,
  options: { intervalMs?: number; onError?: (error: unknown) => void } = {},
): RepeatingJob {
  const intervalMs = options.intervalMs ?? 5 * 60_000;
  const work = async () => {
    await trackSilentShipments(db, carrier);
    await retryBookings(db, carrier);
    return false;
  };
  return startRepeatingJob(work, { intervalMs, firstRunInMs: intervalMs, onError: options.onError });
}
