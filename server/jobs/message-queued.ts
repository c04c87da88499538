import { clusterSignal } from "./cluster-signal.ts";

/**
 * Announced as a message goes into the mail or the message outbox: the shop's outbox workers look
 * for it soon after (startOutboxWorker), instead of at their next round. A sign-in code is read
 * off the phone while the shopper waits.
 */
export const messageQueued = clusterSignal("message-queued");
