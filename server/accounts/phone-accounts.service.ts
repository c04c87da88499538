import { randomBytes } from "node:crypto";
import { z } from "zod";
import type { Actor } from "#core/actor.ts";
import { type IndianMobile, isIndianMobile, nationalNumber, PHONE_ONLY_EMAIL_DOMAIN } from "#core/phone.ts";
import { profileWhatsappWording } from "#core/whatsapp-consent.ts";
import { assertSignedIn } from "../access.ts";
import type { Db, Executor, UserRow } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { randomId } from "../ids.ts";
import { recordWhatsappConsent } from "../messaging/messaging.service.ts";
import { accountProcessSlot, type PhoneVerified } from "../processes/account-process.ts";
import { nameField, parseInput, requiredText } from "../validation/fields.ts";
import { findUserById, insertUser, updateUser } from "./accounts.repository.ts";
import type { ClientMeta } from "./accounts.schemas.ts";
import { type SignedIn, startSignedInSession } from "./accounts.service.ts";
import { newCustomerRow } from "./new-customer.ts";
import { hashPassword } from "./passwords.ts";
import { claimVerified, findChallenge, findUserByMobile } from "./phone-challenges.repository.ts";
import { browserHash } from "./phone-codes.ts";
import type { PhoneClient } from "./phone-sign-in.service.ts";

/** A verified number may be used this long after its code was checked, and once. */
export const PROOF_LIFETIME_MS = 10 * 60_000;

export const REVERIFY_MESSAGE = "Please verify your mobile number again.";
export const NUMBER_TAKEN_MESSAGE = "This mobile number belongs to another account.";

const newAccountSchema = z.object({ name: requiredText("Please enter your name.").pipe(nameField) });

/** The verified number of a sign-in, for this browser, while it may still be used (not claimed). */
async function pendingProof(executor: Executor, challengeId: string, client: PhoneClient, now: number) {
  const challenge = challengeId ? await findChallenge(executor, challengeId, browserHash(client.browser)) : undefined;
  const usable =
    challenge &&
    challenge.verifiedAt !== null &&
    challenge.verifiedAt > now - PROOF_LIFETIME_MS &&
    challenge.claimedAt === null &&
    isIndianMobile(challenge.phone);
  if (!usable) throw new AppError("invalid-action-code", REVERIFY_MESSAGE);
  return challenge.phone as IndianMobile;
}

/** Uses a verified number, once; of two uses at the same moment one wins. */
async function claim(trx: Executor, challengeId: string, client: PhoneClient, now: number): Promise<IndianMobile> {
  const claimed = await claimVerified(trx, challengeId, browserHash(client.browser), now, now - PROOF_LIFETIME_MS);
  if (!claimed || !isIndianMobile(claimed.phone)) throw new AppError("invalid-action-code", REVERIFY_MESSAGE);
  return claimed.phone;
}

/**
 * The account of a number just verified by its code (`verifyPhoneCode`), made when the number has
 * none: with the name given (asked only then), the number as its verified mobile, a password no one
 * knows and a placeholder e-mail. A number belongs to one account (a unique column): two sign-ins
 * of a new number at the same moment make one account. The verification is used up, and the rooms
 * that react to a verified number do so (its recent guest orders become the account's). Opening the
 * session is `signInWithPhone`'s next step.
 */
export async function findOrCreateAccountByPhone(
  db: Db,
  proof: { challengeId: string },
  details: { name?: unknown },
  client: PhoneClient,
  now: number = Date.now(),
): Promise<{ user: UserRow; created: boolean }> {
  return signInOrCreateOnce(db, proof, details, client, now, async () => undefined);
}

/**
 * "Sign in with mobile number", its last step: the account of the verified number (made when new,
 * with the name given), and a session opened for it exactly as the e-mail login opens one (the
 * browser's old session ends, its cart and wishlist join the account's), all in one transaction.
 */
export async function signInWithPhone(
  db: Db,
  proof: { challengeId: string },
  details: { name?: unknown },
  client: PhoneClient,
  meta: ClientMeta,
  now: number = Date.now(),
): Promise<SignedIn & { created: boolean }> {
  return signInOrCreateOnce(db, proof, details, client, now, (trx, user) =>
    startSignedInSession(trx, user.id, meta, now),
  ).then(({ user, created, next: token }) => ({ user, created, token }));
}

async function signInOrCreateOnce<T>(
  db: Db,
  proof: { challengeId: string },
  details: { name?: unknown },
  client: PhoneClient,
  now: number,
  next: (trx: Executor, user: UserRow) => Promise<T>,
): Promise<{ user: UserRow; created: boolean; next: T }> {
  const phone = await pendingProof(db, proof.challengeId, client, now);
  const existing = await findUserByMobile(db, phone);
  // The name is asked only of a new account, before the verification is used.
  const name = existing ? null : parseInput(newAccountSchema, { name: details.name ?? "" }).name;
  const newAccount = name === null ? null : await phoneOnlyUser(phone, name, now);
  const attempt = (account: UserRow | null) =>
    db.transaction().execute(async (trx) => {
      const signedIn = await signInOrCreate(trx, proof.challengeId, client, account, now);
      return { ...signedIn, next: await next(trx, signedIn.user) };
    });
  try {
    return await attempt(newAccount);
  } catch (error) {
    // The unique number is the judge: another sign-in made the account first; this one signs into it.
    if (newAccount && (await findUserByMobile(db, phone))) return attempt(null);
    throw error;
  }
}

async function signInOrCreate(
  trx: Executor,
  challengeId: string,
  client: PhoneClient,
  newAccount: UserRow | null,
  now: number,
): Promise<{ user: UserRow; created: boolean }> {
  const phone = await claim(trx, challengeId, client, now);
  const user = await findUserByMobile(trx, phone);
  if (user) {
    if (user.disabled) throw new AppError("user-disabled", "This account has been disabled.");
    await updateUser(trx, user.id, { lastLoginAt: now });
    await phoneVerified({ trx, userId: user.id, phone, now });
    return { user: { ...user, lastLoginAt: now }, created: false };
  }
  if (!newAccount) throw new AppError("invalid-action-code", REVERIFY_MESSAGE);
  await insertUser(trx, newAccount);
  await phoneVerified({ trx, userId: newAccount.id, phone, now });
  return { user: newAccount, created: true };
}

/** What the other rooms do when an account proves its number (processes/account-process.ts). */
async function phoneVerified(event: PhoneVerified): Promise<void> {
  for (const effect of accountProcessSlot.installed().effectsOf("phone-verified")) await effect(event);
}

async function phoneOnlyUser(phone: IndianMobile, name: string, now: number): Promise<UserRow> {
  // A random name, not the number: the account may change its number, and another account may
  // then sign up with the old one; the placeholder says nothing of either (core/phone.ts).
  const email = `${randomId(24).toLowerCase()}@${PHONE_ONLY_EMAIL_DOMAIN}`;
  // A real hash of a password no one knows: a login with the placeholder e-mail takes as long as any.
  const passwordHash = await hashPassword(randomBytes(32).toString("base64url"));
  return newCustomerRow({ name, email, emailKey: email, passwordHash }, now, {
    phone: nationalNumber(phone),
    mobile: phone,
    mobileVerifiedAt: now,
  });
}

/**
 * A signed-in account adds, or changes to, a number it has just verified (a code to the new
 * number). A number belongs to one account: one that is another's is refused, and the
 * verification is not used up. Answers the account's number.
 */
export async function attachVerifiedPhone(
  db: Db,
  actor: Actor,
  proof: { challengeId: string },
  client: PhoneClient,
  now: number = Date.now(),
): Promise<IndianMobile> {
  assertSignedIn(actor);
  const phone = await pendingProof(db, proof.challengeId, client, now);
  const owner = await findUserByMobile(db, phone);
  if (owner && owner.id !== actor.userId) throw numberTaken();
  try {
    return await db.transaction().execute(async (trx) => {
      const claimed = await claim(trx, proof.challengeId, client, now);
      if (!(await findUserById(trx, actor.userId))) throw new AppError("unauthenticated", "Please log in again.");
      await updateUser(trx, actor.userId, { mobile: claimed, mobileVerifiedAt: now });
      await phoneVerified({ trx, userId: actor.userId, phone: claimed, now });
      return claimed;
    });
  } catch (error) {
    const taken = await findUserByMobile(db, phone);
    if (taken && taken.id !== actor.userId) throw numberTaken();
    throw error;
  }
}

function numberTaken(): AppError {
  return new AppError("validation-failed", NUMBER_TAKEN_MESSAGE, { phone: NUMBER_TAKEN_MESSAGE });
}

/**
 * Whether signing in with a number just verified makes a new account, which asks for a name. Asked
 * only with the verification in hand: before it, nothing says whether a number has an account.
 */
export async function phoneSignInNeedsName(
  db: Db,
  proof: { challengeId: string },
  client: PhoneClient,
  now: number = Date.now(),
): Promise<boolean> {
  const phone = await pendingProof(db, proof.challengeId, client, now);
  return (await findUserByMobile(db, phone)) === undefined;
}

/**
 * The profile's switch for WhatsApp order updates, for the account's verified number only (a number
 * no code proved is not the account's to consent for). Each turn is recorded with its time and the
 * words shown beside it; the latest counts, and an opt-out stops messages already queued.
 */
export async function setWhatsappUpdates(
  db: Db,
  actor: Actor,
  input: { on: boolean; language?: "en-IN" | "hi-IN" },
  now: number = Date.now(),
): Promise<IndianMobile> {
  assertSignedIn(actor);
  const user = await findUserById(db, actor.userId);
  if (!user) throw new AppError("unauthenticated", "Please log in again.");
  if (!user.mobile || !isIndianMobile(user.mobile)) {
    throw new AppError("validation-failed", "Please add and verify your mobile number first.");
  }
  // Kept with the words the shopper was shown, in the page's language.
  const wording = profileWhatsappWording(input.on, input.language);
  await recordWhatsappConsent(
    db,
    { phone: user.mobile, choice: input.on ? "in" : "out", wording, source: "profile" },
    now,
  );
  return user.mobile;
}
