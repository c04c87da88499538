import type { Insertable } from "kysely";
import { engineOf } from "../db/database.ts";
import { changedOneRow } from "../db/guarded-update.ts";
import type { Executor, PhoneChallengesTable, UserRow } from "../db/schema.ts";

export async function insertChallenge(executor: Executor, row: Insertable<PhoneChallengesTable>): Promise<void> {
  await executor.insertInto("phoneChallenges").values(row).execute();
}

/** A challenge, only for the browser it was made for. */
export async function findChallenge(executor: Executor, id: string, browserHash: string) {
  return executor
    .selectFrom("phoneChallenges")
    .selectAll()
    .where("id", "=", id)
    .where("browserHash", "=", browserHash)
    .executeTakeFirst();
}

/** A challenge by its id alone, its row locked until the transaction ends (PostgreSQL). */
export async function lockChallenge(executor: Executor, id: string) {
  const query = executor.selectFrom("phoneChallenges").selectAll().where("id", "=", id);
  return (engineOf(executor) === "postgres" ? query.forUpdate() : query).executeTakeFirst();
}

/**
 * Counts one more code sent for a challenge, if its rules allow one now: fewer than `maxSends` so
 * far, the last asked for at least a wait ago, still open (not verified, not out of tries, not too
 * old). One statement, so of requests racing for the same challenge no more pass than the rules let.
 */
export async function countResend(
  executor: Executor,
  challenge: { id: string; browserHash: string },
  rules: { now: number; maxSends: number; waitMs: number; maxTries: number; createdAfter: number },
): Promise<boolean> {
  return changedOneRow(
    executor
      .updateTable("phoneChallenges")
      .set((eb) => ({ sends: eb("sends", "+", 1), lastSendAt: rules.now }))
      .where("id", "=", challenge.id)
      .where("browserHash", "=", challenge.browserHash)
      .where("sends", "<", rules.maxSends)
      .where("lastSendAt", "<=", rules.now - rules.waitMs)
      .where("attempts", "<", rules.maxTries)
      .where("verifiedAt", "is", null)
      .where("createdAt", ">", rules.createdAfter),
  );
}

/**
 * Counts one try at a challenge's code, if it has tries left and is not verified yet, and answers
 * what the try is to be checked against; undefined when no try is allowed. The try is counted in
 * the same statement that checks the count: a burst of guesses gets no more than the tries left.
 */
export async function countTry(executor: Executor, id: string, browserHash: string, maxTries: number) {
  return executor
    .updateTable("phoneChallenges")
    .set((eb) => ({ attempts: eb("attempts", "+", 1) }))
    .where("id", "=", id)
    .where("browserHash", "=", browserHash)
    .where("attempts", "<", maxTries)
    .where("verifiedAt", "is", null)
    .returning(["id", "phone", "codeHmac", "codeExpiresAt", "attempts"])
    .executeTakeFirst();
}

/** Marks a challenge verified, if nobody did first: a code works once. */
export async function markVerified(executor: Executor, id: string, at: number): Promise<boolean> {
  return changedOneRow(
    executor
      .updateTable("phoneChallenges")
      .set({ verifiedAt: at })
      .where("id", "=", id)
      .where("verifiedAt", "is", null),
  );
}

/** Uses a verified number once (to sign in, or for an account), within its time: the number, or undefined. */
export async function claimVerified(
  executor: Executor,
  id: string,
  browserHash: string,
  at: number,
  verifiedAfter: number,
) {
  return executor
    .updateTable("phoneChallenges")
    .set({ claimedAt: at })
    .where("id", "=", id)
    .where("browserHash", "=", browserHash)
    .where("verifiedAt", ">", verifiedAfter)
    .where("claimedAt", "is", null)
    .returning(["phone"])
    .executeTakeFirst();
}

/** Keeps a new code's HMAC and expiry: the one before stops working. */
export async function storeCode(executor: Executor, id: string, codeHmac: string, expiresAt: number): Promise<void> {
  await executor
    .updateTable("phoneChallenges")
    .set({ codeHmac, codeExpiresAt: expiresAt })
    .where("id", "=", id)
    .execute();
}

/** Forgets challenges older than a moment: no limit or answer needs them any more. */
export async function deleteChallengesBefore(executor: Executor, before: number): Promise<void> {
  await executor.deleteFrom("phoneChallenges").where("createdAt", "<", before).execute();
}

export async function findUserByMobile(executor: Executor, mobile: string): Promise<UserRow | undefined> {
  return executor.selectFrom("users").selectAll().where("mobile", "=", mobile).executeTakeFirst();
}
