/**
 * Runs `work` in a task of its own, after the current one, and answers how to call it off (for an
 * effect's cleanup). A fetcher's first load started from an effect runs among the effects of
 * hydration, and on a phone made that one task long enough to hold a tap back (decision record 18,
 * §22); the same load a task later costs the same, in a task that stays short.
 */
export function inOwnTask(work: () => void): () => void {
  const timer = setTimeout(work, 0);
  return () => clearTimeout(timer);
}
