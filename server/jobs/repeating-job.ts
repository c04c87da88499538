import { messageQueued } from "./message-queued.ts";

/**
 * A job that runs in the background until stopped; `wake` asks for a run now instead of at its
 * time, or, during a run, for another as soon as it ends.
 */
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
  let wokenWhileRunning = false;

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
    wokenWhileRunning = false;
    running = run().finally(() => {
      running = null;
      if (!stopped) timer = setTimeout(tick, wokenWhileRunning ? 0 : options.intervalMs);
    });
  };
  timer = setTimeout(tick, options.firstRunInMs);
  return {
    wake: () => {
      if (running) wokenWhileRunning = true;
      else if (timer) {
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
 * A message is announced as it is queued, inside the transaction that queues it: the worker looks
 * this long after, by when that has committed. One that has not is sent at the next round.
 */
const AFTER_QUEUED_MS = 50;
/**
 * Looks brought forward by announcements come at most this often. On a sale day an order is
 * queued many times a second, and each look takes the database's write lock twice (to claim and to
 * mark sent): a look for each order cost the shop 4–9 % of its requests (`bench:mixed-load`).
 */
const LOOKS_APART_MS = 250;

/**
 * An outbox's worker (mail, SMS and WhatsApp): it looks for due messages every `intervalMs` (1 s),
 * and soon after a message is queued in this process or a sibling worker (`messageQueued`), sending
 * batch after batch while a batch sent any, and closes its transport when stopped. Several shop
 * processes can each run one: a message is claimed by one worker only.
 */
export function startOutboxWorker(
  deliverDue: () => Promise<number>,
  close: () => void,
  options: { intervalMs?: number; onError?: (error: unknown) => void } = {},
): RepeatingJob {
  let soon: ReturnType<typeof setTimeout> | null = null;
  let lastLookAt = 0;
  const job = startRepeatingJob(
    async () => {
      lastLookAt = Date.now();
      return (await deliverDue()) > 0;
    },
    {
      intervalMs: options.intervalMs ?? 1_000,
      firstRunInMs: 0,
      onError: options.onError,
      onStop: () => {
        stopHearing();
        if (soon) clearTimeout(soon);
        close();
      },
    },
  );
  const stopHearing = messageQueued.subscribe(() => {
    const wait = Math.max(AFTER_QUEUED_MS, lastLookAt + LOOKS_APART_MS - Date.now());
    soon ??= setTimeout(() => {
      soon = null;
      job.wake();
    }, wait);
  });
  return job;
}
