import type { Db } from "../db/schema.ts";
import type { PaymentGateway } from "./gateway.ts";
import { runPaymentJobs } from "./payment-jobs.ts";

export type PaymentWorker = { stop: () => Promise<void> };

/**
 * Runs the payment jobs (reconciliation and refunds) every `intervalMs` in the background. Every
 * node may run one: each decision the jobs take is a guarded update, so two at once do one thing.
 */
export function startPaymentWorker(
  db: Db,
  gateway: PaymentGateway,
  options: { intervalMs?: number; onError?: (error: unknown) => void } = {},
): PaymentWorker {
  const intervalMs = options.intervalMs ?? 15_000;
  let stopped = false;
  let running: Promise<void> | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const tick = () => {
    timer = null;
    if (stopped) return;
    running = runPaymentJobs(db, gateway)
      .then(() => undefined)
      .catch((error) => options.onError?.(error))
      .finally(() => {
        running = null;
        if (!stopped) timer = setTimeout(tick, intervalMs);
      });
  };
  timer = setTimeout(tick, intervalMs);
  return {
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
