/** A job that runs in the background until stopped; `wake` asks for a run now instead of at its time. */
export type RepeatingJob = { wake: () => void; stop: () => Promise<void> };

/**
 * Runs `work` in the background, never two runs at once: the first `firstRunInMs` from now, then
 * `intervalMs` after each run ends, or at once when woken. A run calls `work` again while it answers
 * true (a full batch may mean more are waiting). A failure goes to `onError`, and the next run comes
 * at its time. `stop` waits for the run under way, then calls `onStop`.
 *
 * The mail and message outboxes, the payment jobs, the tracking job and the other background jobs run on it;
 * several shop processes may each run one, as each job's own steps are claimed or guarded.
 */
export function startRepeatingJob(
  work: () => Promise<boolean>,
  options: { intervalMs: number; firstRunInMs: number; onError?: (error: unknown) => void; onStop?: () => void },
): RepeatingJob {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;

  const run = async () => {
    try {
      while (!stopped && (await work())) {
        // Again at once: more may be waiting.
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
      if (!stopped) timer = setTimeout(tick, options.intervalMs);
    });
  };
  timer = setTimeout(tick, options.firstRunInMs);
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
      options.onStop?.();
    },
  };
}

/**
 * An outbox's worker (mail, SMS and WhatsApp): it looks for due messages every `intervalMs` (1 s, and
 * at once when woken), sending batch after batch while a batch sent any, and closes its transport
 * when stopped. Several shop processes can each run one: a message is claimed by one worker only.
 */
export function startOutboxWorker(
  deliverDue: () => Promise<number>,
  close: () => void,
  options: { intervalMs?: number; onError?: (error: unknown) => void } = {},
): RepeatingJob {
  return startRepeatingJob(async () => (await deliverDue()) > 0, {
    intervalMs: options.intervalMs ?? 1_000,
    firstRunInMs: 0,
    onError: options.onError,
    onStop: close,
  });
}
