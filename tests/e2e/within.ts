import { setTimeout as wait } from "node:timers/promises";

/**
 * What `work` settles to, or `otherwise` once `ms` have passed without it. Work still running then
 * is left to finish on its own; what it ends with reaches no one.
 */
export async function within<T>(ms: number, work: Promise<T>, otherwise: T): Promise<T> {
  const giveUp = new AbortController();
  try {
    return await Promise.race([work, wait(ms, otherwise, { signal: giveUp.signal })]);
  } finally {
    giveUp.abort();
  }
}
