import type { Db, Executor } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import {
  deleteHits,
  deleteHitsBefore,
  deleteSubjectHits,
  hitTimes,
  insertHit,
  lockCounter,
} from "./limits.repository.ts";

/**
 * At most `max` uses of `action` for `subject` (an address, an e-mail key, an account) within any
 * `windowMs`. A limit is counted in the database, so every worker and every node shares one count.
 */
export type Limit = { action: string; subject: string; max: number; windowMs: number };

export type Admission = { admitted: true; hits: number[] } | { admitted: false; limit: Limit; reopensAt: number };

/** No limit counts further back than this; older uses are swept away. */
const LONGEST_WINDOW_MS = 3_600_000;
const SWEEP_EVERY_MS = 60_000;
const lastSweep = new WeakMap<Db, number>();

/**
 * Counts one use against each limit, in the caller's transaction and as one step with checking
 * them: either every limit has room and each counts this use, or none counts it and the answer
 * names the limit that is full and when it opens again. However many requests arrive together,
 * from however many workers, no more than `max` are ever admitted.
 */
export async function countUse(trx: Executor, limits: readonly Limit[], now: number): Promise<Admission> {
  if (!trx.isTransaction) throw new Error("A limit is counted inside a transaction.");
  // Always locked in the same order, so two requests counting the same pair never wait on each other.
  const ordered = [...limits].sort((a, b) => counterName(a).localeCompare(counterName(b)));
  for (const limit of ordered) await lockCounter(trx, limit.action, limit.subject);
  for (const limit of ordered) {
    const times = await hitTimes(trx, limit.action, limit.subject, now - limit.windowMs);
    if (times.length >= limit.max) {
      const oldestCounted = times[times.length - limit.max] ?? now;
      return { admitted: false, limit, reopensAt: oldestCounted + limit.windowMs };
    }
  }
  const hits: number[] = [];
  for (const limit of ordered) hits.push(await insertHit(trx, limit.action, limit.subject, now));
  return { admitted: true, hits };
}

/**
 * Counts a use in a transaction of its own, or refuses it with "too many requests" and the message
 * `refusal` makes from the minutes left until the limit opens again.
 */
export async function countOrRefuse(
  db: Db,
  limits: readonly Limit[],
  refusal: (minutes: number, limit: Limit) => string,
  now: number,
): Promise<number[]> {
  const admission = await db.transaction().execute((trx) => countUse(trx, limits, now));
  await sweepNowAndThen(db, now);
  if (!admission.admitted) {
    const minutes = Math.max(1, Math.ceil((admission.reopensAt - now) / 60_000));
    throw new AppError("too-many-requests", refusal(minutes, admission.limit));
  }
  return admission.hits;
}

/** Takes back uses that turned out not to count (a login that succeeded). */
export async function releaseUses(executor: Executor, hits: number[]): Promise<void> {
  await deleteHits(executor, hits);
}

/** Forgets every use counted for a subject (a login's failures once the right password is given). */
export async function forgetUses(executor: Executor, action: string, subject: string): Promise<void> {
  await deleteSubjectHits(executor, action, subject);
}

/** The flood guard on a form that anyone may post: so many posts per address in a few minutes. */
export type FloodAction = "login" | "signup" | "forgot-password" | "find-order" | "checkout";

const FLOOD_LIMITS: ReadonlyMap<FloodAction, { max: number; windowMs: number }> = new Map([
  ["login", { max: 30, windowMs: 5 * 60_000 }],
  ["signup", { max: 30, windowMs: 5 * 60_000 }],
  ["forgot-password", { max: 30, windowMs: 5 * 60_000 }],
  ["find-order", { max: 30, windowMs: 5 * 60_000 }],
  // A shared address (an office, a mobile network's gateway) carries many real buyers on a sale
  // day; an address placing an order every two seconds for ten minutes is a machine.
  ["checkout", { max: 300, windowMs: 10 * 60_000 }],
]);

export const FLOOD_MESSAGE = "Too many attempts from your network. Please wait a few minutes and try again.";

/** The flood guard's limit for one action and address. */
export function floodLimit(action: FloodAction, ip: string): Limit {
  const { max, windowMs } = FLOOD_LIMITS.get(action) ?? { max: 30, windowMs: 5 * 60_000 };
  return { action: `flood:${action}`, subject: ip, max, windowMs };
}

/** Counts one post of a form against its address's flood guard, or refuses it. */
export async function guardFlood(db: Db, action: FloodAction, ip: string, now: number): Promise<void> {
  await countOrRefuse(db, [floodLimit(action, ip)], () => FLOOD_MESSAGE, now);
}

/** Old uses go now and then, not on every request: a count only reads its own window. */
async function sweepNowAndThen(db: Db, now: number): Promise<void> {
  if (now - (lastSweep.get(db) ?? 0) < SWEEP_EVERY_MS) return;
  lastSweep.set(db, now);
  try {
    await deleteHitsBefore(db, now - LONGEST_WINDOW_MS);
  } catch {
    // Two nodes sweeping at once may trip over each other; the next sweep takes what is left.
  }
}

function counterName(limit: Limit): string {
  return `${limit.action} ${limit.subject}`;
}
