import { type Delivery, deliverDueMail } from "./mail.service.ts";

export type MailWorker = { stop: () => Promise<void>; wake: () => void };

/**
 * Delivers the outbox in the background: it looks for due messages every `intervalMs` (and at once
 * when woken), sending batch after batch while there are any. Several shop processes can each run
 * one: a message is claimed by one worker only.
 */
export function startMailWorker(
  delivery: Delivery,
  options: { intervalMs?: number; onError?: (error: unknown) => void } = {},
): MailWorker {
  const intervalMs = options.intervalMs ?? 1_000;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;

  const run = async () => {
    try {
      while (!stopped && (await deliverDueMail(delivery)) > 0) {
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
      delivery.transport.close();
    },
  };
}
