import type { Insertable, Updateable } from "kysely";
import { engineOf } from "../db/database.ts";
import { changedOneRow } from "../db/guarded-update.ts";
import type { ActionCodesTable, ActionPurpose, Executor, SessionsTable, UserRow, UsersTable } from "../db/schema.ts";

export async function insertUser(executor: Executor, user: Insertable<UsersTable>): Promise<void> {
  await executor.insertInto("users").values(user).execute();
}

export async function findUserById(executor: Executor, id: string): Promise<UserRow | undefined> {
  return executor.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
}

/**
 * The user, its row locked until the caller's transaction ends (PostgreSQL; SQLite's write
 * transactions take turns already): two links made for one account at once take turns.
 */
export async function lockUser(executor: Executor, id: string): Promise<UserRow | undefined> {
  const query = executor.selectFrom("users").selectAll().where("id", "=", id);
  return (engineOf(executor) === "postgres" ? query.forUpdate() : query).executeTakeFirst();
}

export async function findUserByEmailKey(executor: Executor, emailKey: string): Promise<UserRow | undefined> {
  return executor.selectFrom("users").selectAll().where("emailKey", "=", emailKey).executeTakeFirst();
}

export async function updateUser(executor: Executor, id: string, changes: Updateable<UsersTable>): Promise<number> {
  const result = await executor.updateTable("users").set(changes).where("id", "=", id).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function insertSession(executor: Executor, session: Insertable<SessionsTable>): Promise<void> {
  await executor.insertInto("sessions").values(session).execute();
}

/**
 * A live session and its user, in one query: what a request needs of them, which is when the
 * session was last renewed (to extend it), the actor it acts for, and whether the account has been
 * disabled since the session began.
 */
export async function findLiveSession(executor: Executor, idHash: string, now: number) {
  return executor
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.userId")
    .select(["sessions.renewedAt", "users.id as userId", "users.name", "users.email", "users.role", "users.disabled"])
    .where("sessions.idHash", "=", idHash)
    .where("sessions.expiresAt", ">", now)
    .executeTakeFirst();
}

/** When a user's session was opened (signed in), if it is that user's. */
export async function findSessionOpenedAt(executor: Executor, idHash: string, userId: string) {
  const row = await executor
    .selectFrom("sessions")
    .select("createdAt")
    .where("idHash", "=", idHash)
    .where("userId", "=", userId)
    .executeTakeFirst();
  return row ? Number(row.createdAt) : null;
}

export async function renewSession(executor: Executor, idHash: string, renewedAt: number, expiresAt: number) {
  await executor.updateTable("sessions").set({ renewedAt, expiresAt }).where("idHash", "=", idHash).execute();
}

export async function deleteSession(executor: Executor, idHash: string): Promise<void> {
  await executor.deleteFrom("sessions").where("idHash", "=", idHash).execute();
}

/** Ends every session of a user, except (optionally) the one in use. */
export async function deleteUserSessions(executor: Executor, userId: string, keepIdHash?: string): Promise<void> {
  let query = executor.deleteFrom("sessions").where("userId", "=", userId);
  if (keepIdHash) query = query.where("idHash", "<>", keepIdHash);
  await query.execute();
}

export async function deleteExpiredSessions(executor: Executor, now: number): Promise<void> {
  await executor.deleteFrom("sessions").where("expiresAt", "<=", now).execute();
}

export async function insertActionCode(executor: Executor, code: Insertable<ActionCodesTable>): Promise<void> {
  await executor.insertInto("actionCodes").values(code).execute();
}

export async function findActionCode(executor: Executor, codeHash: string) {
  return executor.selectFrom("actionCodes").selectAll().where("codeHash", "=", codeHash).executeTakeFirst();
}

/** Marks a code used, if nobody used it first; true when this call did. */
export async function markActionCodeUsed(executor: Executor, codeHash: string, at: number): Promise<boolean> {
  return changedOneRow(
    executor
      .updateTable("actionCodes")
      .set({ usedAt: at })
      .where("codeHash", "=", codeHash)
      .where("usedAt", "is", null),
  );
}

/** Earlier codes of a purpose stop working when a new one is issued. */
export async function retireActionCodes(executor: Executor, userId: string, purpose: ActionPurpose, at: number) {
  await executor
    .updateTable("actionCodes")
    .set({ usedAt: at })
    .where("userId", "=", userId)
    .where("purpose", "=", purpose)
    .where("usedAt", "is", null)
    .execute();
}

/** A pending change of e-mail: the newest unused, unexpired change-email code's new address. */
export async function findPendingEmail(executor: Executor, userId: string, now: number): Promise<string | null> {
  const row = await executor
    .selectFrom("actionCodes")
    .select("newEmail")
    .where("userId", "=", userId)
    .where("purpose", "=", "change-email")
    .where("usedAt", "is", null)
    .where("expiresAt", ">", now)
    .orderBy("createdAt", "desc")
    .executeTakeFirst();
  return row?.newEmail ?? null;
}

/**
 * What deleting an account removes, in the caller's transaction: the orders are kept and detached
 * from it, then its points, codes and sessions go with the user row itself.
 */
/** The photos a customer sent with the returns of their orders. */
export async function findReturnPhotosOf(executor: Executor, userId: string): Promise<string[]> {
  const rows = await executor
    .selectFrom("returns")
    .innerJoin("orders", "orders.id", "returns.orderId")
    .select("returns.photo")
    .where("orders.userId", "=", userId)
    .where("returns.photo", "is not", null)
    .execute();
  return rows.flatMap((row) => (row.photo ? [row.photo] : []));
}

/** A customer's photos leave their returns (the requests stay, with their credit notes, for the accounts). */
export async function forgetReturnPhotosOf(executor: Executor, userId: string): Promise<void> {
  await executor
    .updateTable("returns")
    .set({ photo: null })
    .where("orderId", "in", (eb) => eb.selectFrom("orders").select("id").where("userId", "=", userId))
    .execute();
}

export async function deletePersonalData(executor: Executor, userId: string): Promise<void> {
  await executor.updateTable("orders").set({ userId: null }).where("userId", "=", userId).execute();
  await executor.deleteFrom("pointsLedger").where("userId", "=", userId).execute();
  await executor.deleteFrom("storeCreditLedger").where("userId", "=", userId).execute();
  await executor.deleteFrom("actionCodes").where("userId", "=", userId).execute();
  await executor.deleteFrom("sessions").where("userId", "=", userId).execute();
  await executor.deleteFrom("users").where("id", "=", userId).execute();
}
