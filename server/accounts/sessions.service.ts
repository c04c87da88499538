import { createHash } from "node:crypto";
import type { Actor } from "#core/actor.ts";
import type { Db, Executor } from "../db/schema.ts";
import { randomToken } from "../ids.ts";
import {
  deleteExpiredSessions,
  deleteSession,
  deleteUserSessions,
  findLiveSession,
  findSessionOpenedAt,
  insertSession,
  renewSession,
} from "./accounts.repository.ts";

export const SESSION_IDLE_MS = 30 * 24 * 60 * 60 * 1000;
/** Sliding renewal happens at most once a day, so that reading pages does not write every time. */
const RENEW_AFTER_MS = 24 * 60 * 60 * 1000;

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Opens a session for a user; the returned token goes into the cookie, only its hash into the table. */
export async function openSession(
  executor: Executor,
  userId: string,
  userAgent: string | null,
  now: number = Date.now(),
): Promise<string> {
  const token = randomToken();
  await insertSession(executor, {
    idHash: hashToken(token),
    userId,
    createdAt: now,
    renewedAt: now,
    expiresAt: now + SESSION_IDLE_MS,
    userAgent: userAgent?.slice(0, 300) ?? null,
  });
  // Sign-ins are rare next to page views: a fine moment to sweep out sessions that ran out.
  await deleteExpiredSessions(executor, now);
  return token;
}

export type ResolvedSession =
  | { status: "live"; actor: Extract<Actor, { kind: "user" }>; renewed: boolean }
  /** The session's user was disabled: the session is over, and the person should be told why. */
  | { status: "disabled" };

/**
 * The user behind a session cookie, or null when the session has expired, was ended, or its user
 * is disabled. A session in use is extended (at most daily) so that active shoppers stay signed in.
 */
export async function resolveSession(
  db: Db,
  token: string,
  guestId: string | null,
  now: number = Date.now(),
): Promise<ResolvedSession | null> {
  const idHash = hashToken(token);
  const session = await findLiveSession(db, idHash, now);
  if (!session) return null;
  if (session.disabled) {
    await deleteSession(db, idHash);
    return { status: "disabled" };
  }
  const renewed = now - session.renewedAt >= RENEW_AFTER_MS;
  if (renewed) await renewSession(db, idHash, now, now + SESSION_IDLE_MS);
  return {
    status: "live",
    actor: {
      kind: "user",
      userId: session.userId,
      email: session.email,
      name: session.name,
      role: session.role,
      guestId,
    },
    renewed,
  };
}

export async function closeSession(executor: Executor, token: string): Promise<void> {
  await deleteSession(executor, hashToken(token));
}

/** Ends all of a user's sessions but the one given (when they change their password, say). */
export async function closeOtherSessions(executor: Executor, userId: string, keepToken?: string) {
  await deleteUserSessions(executor, userId, keepToken ? hashToken(keepToken) : undefined);
}

/** Whether the user signed in (opened this session) within the last `withinMs`: a proof of recent sign-in. */
export async function signedInRecently(
  executor: Executor,
  userId: string,
  token: string | null | undefined,
  withinMs: number,
  now: number = Date.now(),
): Promise<boolean> {
  if (!token) return false;
  const openedAt = await findSessionOpenedAt(executor, hashToken(token), userId);
  return openedAt !== null && openedAt > now - withinMs;
}
