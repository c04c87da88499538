import { createHash, randomBytes } from "node:crypto";
import type { Actor } from "#core/actor.ts";
import { ROLE_LABELS } from "#core/permissions.ts";
import type { ClientMeta } from "../accounts/accounts.schemas.ts";
import { accountByEmail, joinStaff } from "../accounts/staff-accounts.service.ts";
import { recordAudit } from "../audit/audit.service.ts";
import type { PasswordPolicy } from "../config/password-settings.ts";
import type { Db, UserRow } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import type { LinkMailRequest, MailMessage } from "../mail/mail.schemas.ts";
import { parseInput } from "../validation/fields.ts";
import {
  findInvitationByCode,
  lockInvitation,
  markInvitationAccepted,
  storeInvitationCode,
} from "./staff.repository.ts";
import {
  INVITATION_HOURS,
  INVITATION_TTL_MS,
  type InvitationState,
  type JoinInput,
  joinSchema,
} from "./staff.schemas.ts";

/*
 * An invitation's link (record 45), made as its mail is sent, as record 33 makes reset links: the
 * outbox only ever holds which invitation the mail is for; the code is made by the mail worker just
 * before sending, exists nowhere but in the mail and, as its SHA-256, in the invitation's row, and
 * works once, for 72 hours from then.
 */

function codeHash(code: string): string {
  return createHash("sha256").update(code).digest("hex");
}

/** The invitation's mail, its link made now; null when the invitation was withdrawn or accepted meanwhile. */
export async function invitationMailAtSending(
  db: Db,
  request: Extract<LinkMailRequest, { kind: "staff-invitation" }>,
  now: number,
): Promise<MailMessage | null> {
  return db.transaction().execute(async (trx) => {
    const invitation = await lockInvitation(trx, { id: request.payload.invitationId });
    if (!invitation || invitation.acceptedAt !== null || invitation.revokedAt !== null) return null;
    const code = randomBytes(32).toString("base64url");
    await storeInvitationCode(trx, invitation.id, {
      codeHash: codeHash(code),
      expiresAt: now + INVITATION_TTL_MS,
      sentAt: now,
    });
    return {
      kind: "staff-invitation",
      to: invitation.email,
      payload: {
        invitedBy: invitation.invitedByName,
        role: ROLE_LABELS[invitation.role],
        joinPath: `/staff/join/${code}`,
        hours: INVITATION_HOURS,
      },
    };
  });
}

/** What an invitation's link finds: an open invitation (to whom, which role), or why it does not work. */
export async function invitationState(db: Db, code: string, now: number = Date.now()): Promise<InvitationState> {
  const invitation = code.length >= 32 ? await findInvitationByCode(db, codeHash(code)) : undefined;
  if (!invitation || invitation.revokedAt !== null) return { status: "unknown" };
  if (invitation.acceptedAt !== null) return { status: "used" };
  if (invitation.expiresAt === null || Number(invitation.expiresAt) <= now) return { status: "expired" };
  return {
    status: "open",
    email: invitation.email,
    role: invitation.role,
    invitedBy: invitation.invitedByName,
    hasAccount: (await accountByEmail(db, invitation.email)) !== undefined,
  };
}

const DEAD_LINK =
  "This invitation link has been used, has run out or was withdrawn. Please ask the shop's owner for a new one.";

/**
 * Accepts an invitation, once: the account is made (or the address's account joins the staff with
 * the password chosen), signed in, and the invitation used up, all in one transaction; a second
 * use of the link, a link run out or withdrawn, changes nothing.
 */
export async function acceptInvitation(
  db: Db,
  policy: PasswordPolicy,
  code: string,
  input: JoinInput,
  meta: ClientMeta,
  now: number = Date.now(),
): Promise<{ user: UserRow; token: string }> {
  const { name, password } = parseInput(joinSchema, input);
  if (code.length < 32) throw new AppError("invalid-action-code", DEAD_LINK);
  return db.transaction().execute(async (trx) => {
    const invitation = await lockInvitation(trx, { codeHash: codeHash(code) });
    const open =
      invitation &&
      invitation.acceptedAt === null &&
      invitation.revokedAt === null &&
      invitation.expiresAt !== null &&
      Number(invitation.expiresAt) > now;
    if (!invitation || !open) throw new AppError("invalid-action-code", DEAD_LINK);
    const joined = await joinStaff(
      trx,
      policy,
      { email: invitation.email, name, password, role: invitation.role },
      meta,
      now,
    );
    if (!(await markInvitationAccepted(trx, invitation.id, { acceptedAt: now, acceptedUserId: joined.user.id }))) {
      throw new AppError("invalid-action-code", DEAD_LINK);
    }
    const actor: Actor = {
      kind: "user",
      userId: joined.user.id,
      email: joined.user.email,
      name: joined.user.name,
      role: invitation.role,
      guestId: null,
    };
    await recordAudit(
      trx,
      actor,
      {
        kind: "staff.joined",
        subject: { type: "staff", id: joined.user.id, label: joined.user.email },
        after: { role: invitation.role, invitedBy: invitation.invitedByName },
      },
      now,
    );
    return joined;
  });
}
