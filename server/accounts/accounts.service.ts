import type { Actor } from "#core/actor.ts";
import { DEFAULT_LOCALE } from "#core/locales.ts";
import { assertCan } from "../access.ts";
import { recordAudit } from "../audit/audit.service.ts";
import { mergeCarts } from "../cart/cart.service.ts";
import { guestOwner, userOwner } from "../cart/owner.ts";
import type { Config } from "../config.ts";
import type { Db, Executor, UserRow } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { randomId } from "../ids.ts";
import { countOrRefuse, forgetUses, guardFlood, type Limit, releaseUses } from "../limits/limits.service.ts";
import { parseInput } from "../validation/fields.ts";
import { mergeWishlists } from "../wishlist/wishlist.service.ts";
import { findUserByEmailKey, findUserById, insertUser, updateUser } from "./accounts.repository.ts";
import { type ClientMeta, type LoginInput, loginSchema, type SignupInput, signupSchema } from "./accounts.schemas.ts";
import { emailInUse, emailKey } from "./email-addresses.ts";
import { sendEmailVerification } from "./identity.service.ts";
import { newCustomerRow } from "./new-customer.ts";
import { checkPassword, decoyHash, generatePassword, hashPassword, verifyPassword } from "./passwords.ts";
import { closeOtherSessions, closeSession, openSession } from "./sessions.service.ts";

/** The e-mail address on a customer's account: an order placed under the account is mailed there. */
export async function accountEmail(executor: Executor, userId: string): Promise<string | undefined> {
  return (await findUserById(executor, userId))?.email;
}

/** The address an order went to is the one the customer's next checkout starts from. */
export async function rememberDeliveryAddress(
  trx: Executor,
  userId: string,
  address: { address: string; city: string; stateCode: string; pincode: string; phone: string },
): Promise<void> {
  await updateUser(trx, userId, address);
}

export const FAILURE_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_EMAIL = 5;
export const MAX_FAILURES_PER_IP = 20;

export type SignedIn = { user: UserRow; token: string };

/** Creates a customer account and signs it in. */
export async function signUp(
  db: Db,
  config: Config,
  input: SignupInput,
  meta: ClientMeta,
  now: number = Date.now(),
): Promise<SignedIn> {
  await guardFlood(db, "signup", meta.ip, now);
  const { name, email, password } = parseInput(signupSchema, input);
  const weakness = checkPassword(config.passwordPolicy, password);
  if (weakness) throw new AppError("weak-password", weakness, { password: weakness });
  if (await findUserByEmailKey(db, emailKey(email))) throw emailInUse();
  const passwordHash = await hashPassword(password);
  const locale = meta.locale && meta.locale !== DEFAULT_LOCALE ? meta.locale : null;
  const user = newCustomerRow({ name, email, emailKey: emailKey(email), passwordHash }, now, { locale });
  try {
    const token = await db.transaction().execute(async (trx) => {
      await insertUser(trx, user);
      await sendEmailVerification(trx, user, now);
      return startSignedInSession(trx, user.id, meta, now);
    });
    return { user, token };
  } catch (error) {
    // The unique e-mail key is the judge, so two signups racing for one address cannot both win.
    if (await findUserByEmailKey(db, user.emailKey)) throw emailInUse();
    throw error;
  }
}

/** Failed logins for one account, whatever the spread of addresses they come from. */
function emailLimit(key: string): Limit {
  return { action: "login-email", subject: key, max: MAX_FAILURES_PER_EMAIL, windowMs: FAILURE_WINDOW_MS };
}

function addressLimit(ip: string): Limit {
  return { action: "login-address", subject: ip, max: MAX_FAILURES_PER_IP, windowMs: FAILURE_WINDOW_MS };
}

/**
 * Signs in with e-mail and password. Whether the e-mail exists is never revealed: an unknown e-mail
 * and a wrong password fail alike and take alike long. Five failures for one e-mail (or twenty from
 * one address) within fifteen minutes refuse further tries until the oldest leaves the window.
 *
 * Each try is counted as a failure before its password is checked, in one step with the check of
 * the limit, and taken back when it succeeds: a burst of guesses from any number of addresses and
 * workers gets exactly five checked, never more.
 */
export async function logIn(db: Db, input: LoginInput, meta: ClientMeta, now: number = Date.now()): Promise<SignedIn> {
  await guardFlood(db, "login", meta.ip, now);
  const credentials = parseInput(loginSchema, input);
  const key = emailKey(credentials.email);
  const attempt = await countOrRefuse(db, [emailLimit(key), addressLimit(meta.ip)], throttledMessage, now);

  const user = await findUserByEmailKey(db, key);
  const valid = await verifyPassword(user?.passwordHash ?? (await decoyHash()), credentials.password);
  if (!user || !valid) throw new AppError("invalid-credential", "Invalid e-mail or password.");
  if (user.disabled) {
    await releaseUses(db, attempt);
    throw new AppError("user-disabled", "This account has been disabled.");
  }

  const token = await db.transaction().execute(async (trx) => {
    await forgetUses(trx, "login-email", key);
    await releaseUses(trx, attempt);
    await updateUser(trx, user.id, { lastLoginAt: now });
    return startSignedInSession(trx, user.id, meta, now);
  });
  return { user, token };
}

function throttledMessage(minutes: number): string {
  return `Too many failed attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}

/**
 * The moment of signing in, all in the caller's transaction: the browser's previous session ends
 * (a planted session id is worthless), what the visitor put in their cart and wishlist joins the
 * account's, and a new session opens. Either all of it happens or none.
 */
export async function startSignedInSession(
  trx: Executor,
  userId: string,
  meta: ClientMeta,
  now: number,
): Promise<string> {
  if (meta.replacesSessionToken) await closeSession(trx, meta.replacesSessionToken);
  if (meta.guestId) {
    await mergeCarts(trx, guestOwner(meta.guestId), userOwner(userId), now);
    await mergeWishlists(trx, guestOwner(meta.guestId), userOwner(userId));
  }
  return openSession(trx, userId, meta.userAgent, now);
}

/**
 * Makes sure the account named by ADMIN_EMAIL exists and is an Owner (record 45). A new account gets
 * ADMIN_PASSWORD, or a generated password that is returned so it can be shown once.
 */
export async function ensureOwner(
  db: Db,
  config: Config,
  now: number = Date.now(),
): Promise<{ email: string; createdWithPassword: string | null }> {
  const key = emailKey(config.adminEmail);
  const existing = await findUserByEmailKey(db, key);
  if (existing) {
    // The configured address is always an Owner: whoever holds the configuration holds the shop.
    if (existing.role !== "owner" || existing.disabled)
      await updateUser(db, existing.id, { role: "owner", disabled: 0 });
    return { email: existing.email, createdWithPassword: null };
  }
  const password = config.adminPassword ?? generatePassword();
  await insertUser(db, {
    id: randomId(),
    name: "Administrator",
    email: config.adminEmail,
    emailKey: key,
    passwordHash: await hashPassword(password),
    role: "owner",
    createdAt: now,
    // The address comes from the shop's own configuration.
    emailVerifiedAt: now,
  });
  return { email: config.adminEmail, createdWithPassword: config.adminPassword ? null : password };
}

/** Makes an existing account an Owner (the `npm run admin` command), enabled. */
export async function promoteToOwner(db: Db, email: string): Promise<UserRow> {
  const user = await findUserByEmailKey(db, emailKey(email));
  if (!user) throw new AppError("not-found", `There is no account with the e-mail ${email}.`);
  await updateUser(db, user.id, { role: "owner", disabled: 0 });
  return { ...user, role: "owner", disabled: 0 };
}

/**
 * Disables or re-enables a user. A disabled user's sessions stop working at once: each is refused
 * (and removed) the next time it is used, when the person is told why. Enabling the user again
 * removes whatever sessions are left, so none of them comes back to life.
 */
export async function setUserDisabled(db: Db, actor: Actor, userId: string, disabled: boolean): Promise<void> {
  assertCan(actor, "customers.manage");
  if (actor.kind === "user" && actor.userId === userId) {
    throw new AppError("forbidden", "You cannot disable your own account.");
  }
  const user = await findUserById(db, userId);
  if (!user) throw new AppError("not-found", "This user could not be found.");
  // A member of staff's account is the Owner's to stop (on the staff page), not a customer's to support.
  if (user.role !== "customer") assertCan(actor, "staff.manage");
  await db.transaction().execute(async (trx) => {
    await updateUser(trx, userId, { disabled: disabled ? 1 : 0 });
    if (!disabled) await closeOtherSessions(trx, userId);
    await recordAudit(trx, actor, {
      kind: disabled ? "customer.disabled" : "customer.enabled",
      subject: { type: "customer", id: `a-${userId}`, label: user.email },
    });
  });
}

/** Gives an account a new generated password (returned once) and ends all its sessions. */
export async function issueNewPassword(db: Db, userId: string): Promise<string> {
  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    await updateUser(trx, userId, { passwordHash });
    await closeOtherSessions(trx, userId);
  });
  return password;
}
