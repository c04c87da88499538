import type { ActionPurpose, Executor } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { randomToken } from "../ids.ts";
import { findActionCode, insertActionCode, markActionCodeUsed, retireActionCodes } from "./accounts.repository.ts";
import { hashToken } from "./sessions.service.ts";

export const EXPIRED_MESSAGE = "This link has expired. Please ask for a new one.";
export const INVALID_MESSAGE = "This link is not valid.";

/**
 * Issues a one-time code for a link (a password reset, an e-mail to confirm): random, kept only as
 * a hash, valid for `ttlMs`. Earlier unused codes of the same purpose stop working, so only the
 * latest link works.
 */
export async function issueActionCode(
  executor: Executor,
  userId: string,
  purpose: ActionPurpose,
  ttlMs: number,
  now: number,
  newEmail: string | null = null,
): Promise<string> {
  await retireActionCodes(executor, userId, purpose, now);
  const code = randomToken();
  await insertActionCode(executor, {
    codeHash: hashToken(code),
    userId,
    purpose,
    newEmail,
    expiresAt: now + ttlMs,
    createdAt: now,
  });
  return code;
}

export type ActionCodeState = "valid" | "expired" | "invalid";

/** Whether a link's code still works, without using it (for the page the link opens). */
export async function actionCodeState(executor: Executor, code: string, purpose: ActionPurpose, now: number) {
  const row = code.length >= 32 && code.length <= 100 ? await findActionCode(executor, hashToken(code)) : undefined;
  if (!row || row.purpose !== purpose || row.usedAt !== null) return { state: "invalid" as const, row: null };
  if (row.expiresAt <= now) return { state: "expired" as const, row: null };
  return { state: "valid" as const, row };
}

/**
 * Uses a code, once: an expired one says so ("expired-action-code"), a used, unknown or mistyped
 * one is "not valid" ("invalid-action-code"). Of two uses at the same moment, one wins.
 */
export async function consumeActionCode(executor: Executor, code: string, purpose: ActionPurpose, now: number) {
  const { state, row } = await actionCodeState(executor, code, purpose, now);
  if (state === "expired") throw new AppError("expired-action-code", EXPIRED_MESSAGE);
  if (!row || !(await markActionCodeUsed(executor, row.codeHash, now))) {
    throw new AppError("invalid-action-code", INVALID_MESSAGE);
  }
  return row;
}
