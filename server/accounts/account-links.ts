import { DEFAULT_LOCALE, type Locale, localizedPath } from "#core/locales.ts";
import type { Db, Executor } from "../db/schema.ts";
import type { LinkMailRequest, MailMessage } from "../mail/mail.schemas.ts";
import { findUserByEmailKey, lockUser } from "./accounts.repository.ts";
import { issueActionCode } from "./action-codes.ts";
import { emailKey } from "./email-addresses.ts";
import { RESET_MINUTES, RESET_TTL_MS, VERIFY_TTL_MS } from "./identity.service.ts";

/**
 * The link of a reset or confirmation mail, made as the mail is sent (record 33): the code is
 * issued now and exists nowhere but in the mail and, as a hash, in action_codes; the outbox only
 * ever held whom the mail was for. A new code retires the account's older ones of its purpose, and
 * its life starts now. Null when the mail has no one to go to any more.
 */
export async function mailWithAccountLink(
  db: Db,
  request: Exclude<LinkMailRequest, { kind: "staff-invitation" }>,
  now: number,
): Promise<MailMessage | null> {
  return db
    .transaction()
    .execute((trx) =>
      request.kind === "password-reset"
        ? resetMail(trx, request.to, request.payload.locale, now)
        : confirmationMail(trx, request, now),
    );
}

/** A reset for the account of the address typed; none when it has no account, or a disabled one. */
async function resetMail(
  trx: Executor,
  typed: string,
  locale: Locale | undefined,
  now: number,
): Promise<MailMessage | null> {
  const found = await findUserByEmailKey(trx, emailKey(typed));
  const user = found && (await lockUser(trx, found.id));
  if (!user || user.disabled) return null;
  const code = await issueActionCode(trx, user.id, "reset-password", RESET_TTL_MS, now);
  const resetPath = localizedPath(`/reset-password/${code}`, locale ?? DEFAULT_LOCALE);
  const payload = { name: user.name, resetPath, minutes: RESET_MINUTES, ...(locale ? { locale } : {}) };
  return { kind: "password-reset", to: user.email, payload };
}

/**
 * A confirmation of the account's address, or of the new address it asked to move to; none when
 * the account is gone, its address is no longer the one to confirm or is confirmed already, or it
 * has moved to the new address already.
 */
async function confirmationMail(
  trx: Executor,
  request: Extract<LinkMailRequest, { kind: "verify-email" }>,
  now: number,
): Promise<MailMessage | null> {
  const { userId, isNewAddress } = request.payload;
  const user = await lockUser(trx, userId);
  if (!user) return null;
  const ownAddress = emailKey(user.email) === emailKey(request.to);
  const stillToConfirm = isNewAddress ? !ownAddress : ownAddress && user.emailVerifiedAt === null;
  if (!stillToConfirm) return null;
  const newEmail = isNewAddress ? request.to : null;
  const code = await issueActionCode(
    trx,
    user.id,
    isNewAddress ? "change-email" : "verify-email",
    VERIFY_TTL_MS,
    now,
    newEmail,
  );
  const locale = request.payload.locale;
  const verifyPath = localizedPath(`/verify-email/${code}`, locale ?? DEFAULT_LOCALE);
  return {
    kind: "verify-email",
    to: request.to,
    payload: { name: user.name, verifyPath, isNewAddress, ...(locale ? { locale } : {}) },
  };
}
