import type { Insertable, Updateable } from "kysely";
import type { Executor, SessionsTable, UserRow, UsersTable } from "../db/schema.ts";

export async function insertUser(executor: Executor, user: Insertable<UsersTable>): Promise<void> {
  await executor.insertInto("users").values(user).execute();
}

export async function findUserById(executor: Executor, id: string): Promise<UserRow | undefined> {
  return executor.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
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

/** A live session and its user, in one query. */
export async function findLiveSession(executor: Executor, idHash: string, now: number) {
  return executor
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.userId")
    .select([
      "sessions.idHash",
      "sessions.renewedAt",
      "sessions.expiresAt",
      "users.id as userId",
      "users.name",
      "users.email",
      "users.role",
      "users.disabled",
    ])
    .where("sessions.idHash", "=", idHash)
    .where("sessions.expiresAt", ">", now)
    .executeTakeFirst();
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

export async function recordLoginFailure(executor: Executor, emailKey: string, ip: string, at: number) {
  await executor.insertInto("loginFailures").values({ emailKey, ip, at }).execute();
}

/** The times of the recent failures for an e-mail or from an address, oldest first. */
export async function recentFailures(
  executor: Executor,
  by: { emailKey: string } | { ip: string },
  since: number,
): Promise<number[]> {
  let query = executor.selectFrom("loginFailures").select("at").where("at", ">", since);
  query = "emailKey" in by ? query.where("emailKey", "=", by.emailKey) : query.where("ip", "=", by.ip);
  const rows = await query.orderBy("at").execute();
  return rows.map((row) => row.at);
}

export async function clearLoginFailures(executor: Executor, emailKey: string): Promise<void> {
  await executor.deleteFrom("loginFailures").where("emailKey", "=", emailKey).execute();
}

/** Forgets the failures that have left the throttling window. */
export async function deleteOldLoginFailures(executor: Executor, before: number): Promise<void> {
  await executor.deleteFrom("loginFailures").where("at", "<=", before).execute();
}
