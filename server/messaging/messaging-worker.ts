import { deliverDueMessages, type MessageDelivery } from "./messaging.service.ts";

export type MessagingWorker = { stop: () => Promise<void>; wake: () => void };

/**
 * Delivers the SMS and WhatsApp outbox in the background, as the mail worker does its own: it looks
 * for due messages every `intervalMs` (and at once when woken), batch after batch while there are
 * any. Several shop processes can each run one: a message is claimed by one worker only.
 */
export function startMessagingWorker(
  delivery: MessageDelivery,
  options: { intervalMs?: number; onError?: (error: unknown) => void } = {},
): MessagingWorker {
  const intervalMs = options.intervalMs ?? 1_000;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;

  const run = async () => {
    try {
      while (!stopped && (await deliverDueMessages(delivery)) > 0) {
        // A full batch may mean more are waiting.
      }
    } catch (error) {
      options.onError?.(error);
    }
  };
  const tick = () => {
    timer = null;
    if (stopped || running) return;
    running = run().finally(() => {
      running = null;
      if (!stopped) timer = setTimeout(tick, intervalMs);
    });
  };
  timer = setTimeout(tick, 0);
  return {
    wake: () => {
      if (timer && !running) {
        clearTimeout(timer);
        timer = setTimeout(tick, 0);
      }
    },
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
      delivery.sms.close();
    },
  };
}
