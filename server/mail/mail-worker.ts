import { type RepeatingJob, startOutboxWorker } from "../jobs/repeating-job.ts";
import { type Delivery, deliverDueMail } from "./mail.service.ts";

export type MailWorker = RepeatingJob;

/** Delivers the mail outbox in the background (jobs/repeating-job.ts: startOutboxWorker). */
export function startMailWorker(
  delivery: Delivery,
  options: { intervalMs?: number; onError?: (error: unknown) => void } = {},
): MailWorker {
  return startOutboxWorker(
    () => deliverDueMail(delivery),
    () => delivery.transport.close(),
    options,
  );
}
