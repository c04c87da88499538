import { type RepeatingJob, startRepeatingJob } from "../jobs/repeating-job.ts";
import { type Delivery, deliverDueMail } from "./mail.service.ts";

export type MailWorker = RepeatingJob;

/**
 * Delivers the outbox in the background: it looks for due messages every `intervalMs` (and at once
 * when woken), sending batch after batch while there are any. Several shop processes can each run
 * one: a message is claimed by one worker only.
 */
export function startMailWorker(
  delivery: Delivery,
  options: { intervalMs?: number; onError?: (error: unknown) => void } = {},
): MailWorker {
  return startRepeatingJob(async () => (await deliverDueMail(delivery)) > 0, {
    intervalMs: options.intervalMs ?? 1_000,
    firstRunInMs: 0,
    onError: options.onError,
    onStop: () => delivery.transport.close(),
  });
}
