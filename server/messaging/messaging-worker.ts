import { type RepeatingJob, startOutboxWorker } from "../jobs/repeating-job.ts";
import { deliverDueMessages, type MessageDelivery } from "./messaging.service.ts";

export type MessagingWorker = RepeatingJob;

/** Delivers the SMS and WhatsApp outbox in the background, as the mail worker does its own. */
export function startMessagingWorker(
  delivery: MessageDelivery,
  options: { intervalMs?: number; onError?: (error: unknown) => void } = {},
): MessagingWorker {
  return startOutboxWorker(
    () => deliverDueMessages(delivery),
    () => delivery.sms.close(),
    options,
  );
}
