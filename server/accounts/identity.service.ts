import type { Actor } from "#core/actor.ts";
import { knownLocale, type Locale } from "#core/locales.ts";
import { isPhoneOnlyEmail } from "#core/phone.ts";
import { assertSignedIn } from "../access.ts";
import { emptyCart } from "../cart/cart.service.ts";
import { userOwner } from "../cart/owner.ts";
import { catalogVersion } from "../catalog/catalog-version.ts";
import type { Config } from "../config.ts";
import type { Db, Executor, UserRow } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { type Admission, countUse, guardFlood, type Limit } from "../limits/limits.service.ts";
import { mailsTo, queueMail } from "../mail/mail.service.ts";
import { languageField } from "../mail/mail-language.ts";
import { removeOfferCode } from "../offers/offers.service.ts";
import { authorTraces } from "../reviews/reviews.service.ts";
import { deleteShapedImage } from "../storage/shaped-images.ts";
import type { Storage } from "../storage/storage.ts";
import { parseInput } from "../validation/fields.ts";
import { emptyWishlist } from "../wishlist/wishlist.service.ts";
import {
  deletePersonalData,
  findReturnPhotosOf,
  findUserByEmailKey,
  findUserById,
  forgetReturnPhotosOf,
  updateUser,
} from "./accounts.repository.ts";
import type { ClientMeta } from "./accounts.schemas.ts";
import {
  type DeletionInput,
  deletionSchema,
  emailOnlySchema,
  type PasswordResetInput,
  passwordResetSchema,
} from "./accounts.schemas.ts";
import { actionCodeState, consumeActionCode, issueActionCode } from "./action-codes.ts";
import { emailInUse, emailKey } from "./email-addresses.ts";
import { checkPassword, hashPassword, verifyPassword } from "./passwords.ts";
import { closeOtherSessions } from "./sessions.service.ts";

export const RESET_MINUTES = 30;
export const RESET_TTL_MS = RESET_MINUTES * 60_000;
export const VERIFY_TTL_MS = 24 * 3_600_000;
/** A mailbox is sent at most this many reset links an hour, whoever asks. */
const RESETS_PER_HOUR = 3;

/**
 * "Forgot password?": mails a reset link to the account's address. The answer is the same whether
 * or not the address has an account (and for a disabled one), and so is the work done, step for
 * step: the asking is counted against the address typed, and a reset mail is queued to it; the
 * account is looked up only when the mail is sent, which is also when its link is made
 * (account-links.ts; record 33), so the form tells nobody who shops here, not even by its speed.
 * An address gets at most three links an hour, and no more mails than `mailsTo` allows; the flood
 * guard counts the posts from each network.
 */
export async function requestPasswordReset(
  db: Db,
  input: { email: string },
  client: Pick<ClientMeta, "ip"> & { locale?: Locale },
  now: number = Date.now(),
): Promise<void> {
  await guardFlood(db, "forgot-password", client.ip, now);
  const { email } = parseInput(emailOnlySchema, input);
  const key = emailKey(email);
  const resets = { action: "reset-password", subject: key, max: RESETS_PER_HOUR, windowMs: 3_600_000 };
  await db.transaction().execute(async (trx) => {
    const admission = await countUse(trx, [resets, mailsTo(key)], now);
    if (!admission.admitted) return;
    const payload = { link: "at-send" as const, ...languageField(knownLocale(client.locale)) };
    await queueMail(trx, { kind: "password-reset", to: key, payload }, now);
  });
}

/** Whether a reset link still works, for the page it opens. */
export async function passwordResetState(db: Db, code: string, now: number = Date.now()) {
  return (await actionCodeState(db, code, "reset-password", now)).state;
}

/**
 * Sets a new password with a reset link, once: the link is used up, every session of the account
 * ends (a thief's included), and the address counts as confirmed, since its owner read the mail.
 */
export async function resetPassword(
  db: Db,
  config: Config,
  input: PasswordResetInput,
  now: number = Date.now(),
): Promise<void> {
  const { code: secret, password } = parseInput(passwordResetSchema, input);
  const weakness = checkPassword(config.passwordPolicy, password);
  if (weakness) throw new AppError("weak-password", weakness, { password: weakness });
  const passwordHash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    const code = await consumeActionCode(trx, secret, "reset-password", now);
    const user = await findUserById(trx, code.userId);
    await updateUser(trx, code.userId, { passwordHash, emailVerifiedAt: user?.emailVerifiedAt ?? now });
    await closeOtherSessions(trx, code.userId);
  });
}

/** An account is sent its own confirmation link at most once a minute, however it asks. */
function verificationLimit(userId: string): Limit {
  return { action: "verify-email", subject: userId, max: 1, windowMs: 60_000 };
}

/**
 * Mails the link that confirms an address: the account's own (after signup, or when asked again,
 * at most once a minute), or during a change of e-mail the new one, which the change waits for (its
 * code carries it). In the caller's transaction. An address that has had its share of mails this
 * hour (`mailsTo`) gets none, and its earlier link keeps working. Answers whether the mail was queued,
 * or which limit held it back.
 */
export async function sendEmailVerification(
  trx: Executor,
  user: UserRow,
  now: number,
  newEmail: string | null = null,
): Promise<Admission> {
  const limits = newEmail === null ? [mailsTo(user.email), verificationLimit(user.id)] : [mailsTo(newEmail)];
  const admission = await countUse(trx, limits, now);
  if (!admission.admitted) return admission;
  // The change waits for the new address from now on (the profile shows it pending): a code for it
  // is recorded, known to no one. The mail's own code is made as it is sent (record 33).
  if (newEmail !== null) await issueActionCode(trx, user.id, "change-email", VERIFY_TTL_MS, now, newEmail);
  // The mail speaks the account's language (record 47): the page's language for a new account.
  const locale = languageField(knownLocale(user.locale));
  const payload = { link: "at-send" as const, userId: user.id, isNewAddress: newEmail !== null, ...locale };
  await queueMail(trx, { kind: "verify-email", to: newEmail ?? user.email, payload }, now);
  return admission;
}

/**
 * "Send again" on the profile: a new confirmation link, at most one a minute. When the address has
 * had its share of mails this hour, the answer is the same as when one is sent.
 */
export async function resendEmailVerification(db: Db, actor: Actor, now: number = Date.now()): Promise<void> {
  assertSignedIn(actor);
  const user = await findUserById(db, actor.userId);
  if (!user) throw new AppError("unauthenticated", "Please log in again.");
  // An account made by phone has no address to confirm until it adds one.
  if (user.emailVerifiedAt !== null || isPhoneOnlyEmail(user.email)) return;
  const admission = await db.transaction().execute((trx) => sendEmailVerification(trx, user, now));
  if (!admission.admitted && admission.limit.action === "verify-email") {
    throw new AppError("too-many-requests", "A link was sent a moment ago. Please wait a minute before asking again.");
  }
}

/**
 * A change of e-mail begins: the new address gets a link, and the change applies when it is used;
 * the old address is told, so that a change its owner did not make does not go unnoticed.
 */
export async function requestEmailChange(executor: Executor, user: UserRow, newEmail: string, now: number) {
  await sendEmailVerification(executor, user, now, newEmail);
  const locale = languageField(knownLocale(user.locale));
  await queueMail(
    executor,
    { kind: "email-change-notice", to: user.email, payload: { name: user.name, newEmail, ...locale } },
    now,
  );
}

/**
 * Uses a confirmation link: the address is confirmed, or the account moves to the new address it
 * names (unless another account has taken that address meanwhile). Returns the confirmed address.
 */
export async function confirmEmail(db: Db, code: string, now: number = Date.now()): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const verify = await actionCodeState(trx, code, "verify-email", now);
    const purpose = verify.state === "invalid" ? "change-email" : "verify-email";
    const used = await consumeActionCode(trx, code, purpose, now);
    const user = await findUserById(trx, used.userId);
    if (!user) throw new AppError("invalid-action-code", "This link is not valid.");
    if (!used.newEmail) {
      await updateUser(trx, user.id, { emailVerifiedAt: now });
      return user.email;
    }
    const taken = await findUserByEmailKey(trx, emailKey(used.newEmail));
    if (taken && taken.id !== user.id) throw emailInUse();
    await updateUser(trx, user.id, { email: used.newEmail, emailKey: emailKey(used.newEmail), emailVerifiedAt: now });
    return used.newEmail;
  });
}

/**
 * What the page a confirmation link opens should offer: the Confirm button while the link works;
 * once it was used or has expired, a new link for whoever is signed in and still unconfirmed.
 */
export async function emailLinkStatus(
  db: Db,
  actor: Actor,
  code: string,
  now: number = Date.now(),
): Promise<{ usable: boolean; account: "signed-out" | "unconfirmed" | "confirmed" }> {
  const states = await Promise.all(
    (["verify-email", "change-email"] as const).map((purpose) => actionCodeState(db, code, purpose, now)),
  );
  const usable = states.some((entry) => entry.state === "valid");
  if (actor.kind !== "user") return { usable, account: "signed-out" };
  const user = await findUserById(db, actor.userId);
  return { usable, account: user?.emailVerifiedAt == null ? "unconfirmed" : "confirmed" };
}

/** "Sign out everywhere": every session of the account ends, this one included. */
export async function signOutEverywhere(db: Db, actor: Actor): Promise<void> {
  assertSignedIn(actor);
  await closeOtherSessions(db, actor.userId);
}

/**
 * Deletes the account and the person's data: name, e-mail, phone, address, photo, cart, wishlist,
 * sessions, points, store credit, links, reviews and their photos, the photos sent with returns. Orders stay for the shop's accounts (a tax invoice must be kept),
 * detached from any account, with the delivery details they were placed with. The address can sign
 * up again afterwards.
 */
export async function deleteAccount(db: Db, storage: Storage, actor: Actor, input: DeletionInput): Promise<void> {
  assertSignedIn(actor);
  const { password } = parseInput(deletionSchema, input);
  const user = await findUserById(db, actor.userId);
  if (!user) throw new AppError("unauthenticated", "Please log in again.");
  if (user.role !== "customer")
    throw new AppError(
      "forbidden",
      "A staff account cannot be deleted here: the owner removes it from the staff page first.",
    );
  if (!(await verifyPassword(user.passwordHash, password))) {
    const message = "That password is not correct.";
    throw new AppError("requires-recent-login", message, { password: message });
  }
  // Their reviews go with the account (the rows cascade); their photos and the shared pages that
  // showed a published one are cleared after it.
  const reviews = await authorTraces(db, user.id);
  // The photos sent with returns go too; the returns stay with their orders, for the accounts.
  const returnPhotos = await findReturnPhotosOf(db, user.id);
  await db.transaction().execute(async (trx) => {
    await emptyCart(trx, userOwner(user.id));
    await removeOfferCode(trx, userOwner(user.id));
    await emptyWishlist(trx, userOwner(user.id));
    await forgetReturnPhotosOf(trx, user.id);
    await deletePersonalData(trx, user.id);
  });
  if (user.photo) await storage.delete(user.photo);
  for (const photo of [...reviews.photos, ...returnPhotos]) await deleteShapedImage(storage, photo, "product");
  if (reviews.published) await catalogVersion(db).changed();
}
