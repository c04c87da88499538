import type { Actor } from "#core/actor.ts";
import { isPhoneOnlyEmail, visibleEmail } from "#core/phone.ts";
import { assertSignedIn } from "../access.ts";
import type { Config } from "../config.ts";
import type { Db, UserRow } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { hasWhatsappConsent } from "../messaging/messaging.service.ts";
import { checkUploadedImage, storeProfilePhoto } from "../storage/shaped-images.ts";
import type { Storage } from "../storage/storage.ts";
import { parseInput } from "../validation/fields.ts";
import { findPendingEmail, findUserByEmailKey, findUserById, updateUser } from "./accounts.repository.ts";
import {
  type PasswordChangeInput,
  type Profile,
  type ProfileInput,
  passwordChangeSchema,
  profileSchema,
} from "./accounts.schemas.ts";
import { emailInUse, emailKey } from "./email-addresses.ts";
import { requestEmailChange } from "./identity.service.ts";
import { checkPassword, hashPassword, verifyPassword } from "./passwords.ts";
import { closeOtherSessions, signedInRecently } from "./sessions.service.ts";

/** An account made by phone, which knows no password, adds an e-mail within this long of signing in. */
export const RECENT_SIGN_IN_MS = 15 * 60_000;
export const SIGN_IN_AGAIN_FOR_EMAIL =
  "To add an e-mail, please sign in again with your mobile number first (within 15 minutes of adding it).";

/** The signed-in user's own profile; the user comes from the session, never from the request. */
export async function getProfile(db: Db, storage: Storage, actor: Actor, now: number = Date.now()): Promise<Profile> {
  assertSignedIn(actor);
  const [user, pendingEmail] = await Promise.all([loadUser(db, actor.userId), findPendingEmail(db, actor.userId, now)]);
  const whatsappUpdates = user.mobile ? await hasWhatsappConsent(db, user.mobile) : false;
  return { ...toProfile(user, storage), pendingEmail, whatsappUpdates };
}

/**
 * Saves name, e-mail, phone and address, and a new photo when one is given. Changing the e-mail asks
 * for the current password, so a session left open on a shared computer cannot take over the
 * account; an account made by phone, which knows no password, adds its first e-mail only within 15
 * minutes of signing in with its number (`session`: the cookie's token). Its e-mail may be left
 * empty until then. Everything, the photo included, is checked before anything is saved.
 */
export async function updateProfile(
  db: Db,
  storage: Storage,
  actor: Actor,
  input: ProfileInput,
  photo: Buffer | null = null,
  session: { token: string | null } = { token: null },
): Promise<Profile> {
  assertSignedIn(actor);
  const { name, email, phone, address, city, stateCode, pincode, currentPassword } = parseInput(profileSchema, input);
  if (photo) await checkUploadedImage(photo);
  const user = await loadUser(db, actor.userId);
  const phoneOnly = isPhoneOnlyEmail(user.email);
  if (email === null && !phoneOnly) {
    const message = "Please enter your e-mail address.";
    throw new AppError("validation-failed", message, { email: message });
  }
  const changesEmail = email !== null && emailKey(email) !== user.emailKey;
  if (changesEmail) {
    await assertMayChangeEmail(db, user, { currentPassword, token: session.token, phoneOnly });
    const owner = await findUserByEmailKey(db, emailKey(email));
    if (owner && owner.id !== user.id) throw emailInUse();
  }
  await db.transaction().execute(async (trx) => {
    await updateUser(trx, user.id, { name, phone, address, city, stateCode, pincode });
    // The new address takes over once its owner confirms it from the mail it is sent.
    if (changesEmail) await requestEmailChange(trx, user, email, Date.now());
  });
  if (photo) await updateProfilePhoto(db, storage, actor, photo);
  return getProfile(db, storage, actor);
}

/** Replaces the profile photo with an uploaded picture (checked by its content, re-encoded). */
export async function updateProfilePhoto(db: Db, storage: Storage, actor: Actor, data: Buffer, now = Date.now()) {
  assertSignedIn(actor);
  const key = await storeProfilePhoto(storage, actor.userId, data);
  await updateUser(db, actor.userId, { photo: key, photoUpdatedAt: now });
}

/** Changes the password after checking the current one; every other session of the user ends. */
export async function changePassword(
  db: Db,
  config: Config,
  actor: Actor,
  input: PasswordChangeInput,
  currentSessionToken: string | undefined,
): Promise<void> {
  assertSignedIn(actor);
  const passwords = parseInput(passwordChangeSchema, input);
  const user = await loadUser(db, actor.userId);
  if (!(await verifyPassword(user.passwordHash, passwords.currentPassword))) {
    const message = "Your current password is not correct.";
    throw new AppError("requires-recent-login", message, { currentPassword: message });
  }
  const weakness = checkPassword(config.passwordPolicy, passwords.newPassword);
  if (weakness) throw new AppError("weak-password", weakness, { newPassword: weakness });
  const passwordHash = await hashPassword(passwords.newPassword);
  await db.transaction().execute(async (trx) => {
    await updateUser(trx, user.id, { passwordHash });
    await closeOtherSessions(trx, user.id, currentSessionToken);
  });
}

/**
 * Who may change the account's e-mail: whoever knows the password; for an account made by phone,
 * which has none, whoever signed in with the number a moment ago.
 */
async function assertMayChangeEmail(
  db: Db,
  user: UserRow,
  proof: { currentPassword: string; token: string | null; phoneOnly: boolean },
): Promise<void> {
  if (proof.phoneOnly) {
    if (await signedInRecently(db, user.id, proof.token, RECENT_SIGN_IN_MS)) return;
    throw new AppError("requires-recent-login", SIGN_IN_AGAIN_FOR_EMAIL, { email: SIGN_IN_AGAIN_FOR_EMAIL });
  }
  if (!proof.currentPassword || !(await verifyPassword(user.passwordHash, proof.currentPassword))) {
    const message = "Please enter your current password to change your e-mail.";
    throw new AppError("requires-recent-login", message, { currentPassword: message });
  }
}

async function loadUser(db: Db, userId: string): Promise<UserRow> {
  const user = await findUserById(db, userId);
  if (!user) throw new AppError("unauthenticated", "Please log in again.");
  return user;
}

function toProfile(user: UserRow, storage: Storage): Omit<Profile, "pendingEmail" | "whatsappUpdates"> {
  const email = visibleEmail(user.email);
  return {
    emailVerified: user.emailVerifiedAt !== null,
    id: user.id,
    name: user.name,
    // An account made by phone shows no e-mail until it adds one: never its placeholder.
    email: email ?? "",
    hasEmail: email !== null,
    mobile: user.mobile,
    phone: user.phone,
    address: user.address,
    city: user.city,
    stateCode: user.stateCode,
    pincode: user.pincode,
    // The photo keeps its name when replaced; the version makes browsers fetch the new one.
    photoUrl: user.photo ? `${storage.url(user.photo)}?v=${user.photoUpdatedAt ?? 0}` : null,
    role: user.role,
  };
}
