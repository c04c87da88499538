import type { StaffRole } from "#core/permissions.ts";
import type { PasswordPolicy } from "../config/password-settings.ts";
import type { Executor, UserRow } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { randomId } from "../ids.ts";
import {
  deleteUserSessions,
  findUserByEmailKey,
  findUserById,
  insertUser,
  lockUser,
  updateUser,
} from "./accounts.repository.ts";
import type { ClientMeta } from "./accounts.schemas.ts";
import { emailKey } from "./email-addresses.ts";
import { checkPassword, hashPassword } from "./passwords.ts";
import { closeSession, openSession } from "./sessions.service.ts";

/*
 * What the staff room asks of accounts (record 45): the staff's accounts, a role set or taken away
 * (every session of the account ends with it), and an invitation's account. Who may ask is the
 * staff room's rule.
 */

/** The accounts that hold a staff role, in the order they were made. */
export async function staffAccounts(executor: Executor): Promise<UserRow[]> {
  return executor.selectFrom("users").selectAll().where("role", "<>", "customer").orderBy("createdAt").execute();
}

export async function accountById(executor: Executor, userId: string): Promise<UserRow | undefined> {
  return findUserById(executor, userId);
}

export async function accountByEmail(executor: Executor, email: string): Promise<UserRow | undefined> {
  return findUserByEmailKey(executor, emailKey(email));
}

/**
 * Gives an account a role (a staff role, or "customer" to take access away) and ends every session
 * of it at once, on every node: a session is only a row, read again on each request.
 */
export async function setAccountRole(trx: Executor, userId: string, role: UserRow["role"]): Promise<void> {
  if ((await updateUser(trx, userId, { role })) !== 1)
    throw new AppError("not-found", "This account could not be found.");
  await deleteUserSessions(trx, userId);
}

/**
 * The account an accepted invitation makes or joins, signed in, in the caller's transaction: a new
 * account with the name and password chosen, or the account the address already has, which takes
 * the password chosen (the invitation's link, like a reset link, proves the mailbox) and the role;
 * either way the address counts as confirmed, every other session of the account ends and a new
 * one opens.
 */
export async function joinStaff(
  trx: Executor,
  policy: PasswordPolicy,
  input: { email: string; name: string; password: string; role: StaffRole },
  meta: ClientMeta,
  now: number,
): Promise<{ user: UserRow; token: string }> {
  const weakness = checkPassword(policy, input.password);
  if (weakness) throw new AppError("weak-password", weakness, { password: weakness });
  const passwordHash = await hashPassword(input.password);
  const found = await findUserByEmailKey(trx, emailKey(input.email));
  const existing = found && (await lockUser(trx, found.id));
  let userId: string;
  if (existing) {
    userId = existing.id;
    await updateUser(trx, userId, {
      passwordHash,
      role: input.role,
      disabled: 0,
      emailVerifiedAt: existing.emailVerifiedAt ?? now,
      lastLoginAt: now,
    });
    await deleteUserSessions(trx, userId);
  } else {
    userId = randomId();
    await insertUser(trx, {
      id: userId,
      name: input.name,
      email: input.email,
      emailKey: emailKey(input.email),
      passwordHash,
      role: input.role,
      createdAt: now,
      lastLoginAt: now,
      emailVerifiedAt: now,
    });
  }
  if (meta.replacesSessionToken) await closeSession(trx, meta.replacesSessionToken);
  const token = await openSession(trx, userId, meta.userAgent, now);
  const user = await findUserById(trx, userId);
  if (!user) throw new Error("The account just made could not be read back.");
  return { user, token };
}
