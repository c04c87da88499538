import type { Db } from "../db/schema.ts";
import { type RepeatingJob, startRepeatingJob } from "../jobs/repeating-job.ts";
import type { PaymentGateway } from "./gateway.ts";
import { runPaymentJobs } from "./payment-jobs.ts";

export type PaymentWorker = Pick<RepeatingJob, "stop">;

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
  const work = async () => {
    await runPaymentJobs(db, gateway);
    return false;
  };
  return startRepeatingJob(work, { intervalMs, firstRunInMs: intervalMs, onError: options.onError });
}
