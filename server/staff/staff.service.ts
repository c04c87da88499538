import type { Actor } from "#core/actor.ts";
import { ROLE_LABELS, type StaffRole } from "#core/permissions.ts";
import { assertCan } from "../access.ts";
import { emailKey } from "../accounts/email-addresses.ts";
import { accountByEmail, accountById, setAccountRole, staffAccounts } from "../accounts/staff-accounts.service.ts";
import { recordAudit } from "../audit/audit.service.ts";
import type { Db, Executor, UserRow } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { queueMail } from "../mail/mail.service.ts";
import { parseInput } from "../validation/fields.ts";
import {
  findOpenInvitations,
  insertInvitation,
  revokeInvitation,
  revokeOpenInvitationsTo,
} from "./staff.repository.ts";
import {
  type InviteInput,
  inviteSchema,
  type PendingInvitation,
  type RoleChangeInput,
  removalSchema,
  revocationSchema,
  roleChangeSchema,
  type StaffMember,
} from "./staff.schemas.ts";

/*
 * The shop's staff (record 45): the Owner invites colleagues by e-mail with a role, changes a
 * role, or takes access away; each ends the member's sessions at once and is an audit entry, in
 * the same transaction. Nobody changes their own role or removes themselves, and the last Owner
 * stays an Owner, so the shop is never left without one.
 */

/** Who is on the staff, and the invitations still open. */
export async function staffPage(
  db: Db,
  actor: Actor,
): Promise<{ members: StaffMember[]; invitations: PendingInvitation[] }> {
  assertCan(actor, "staff.manage");
  const [accounts, open] = await Promise.all([staffAccounts(db), findOpenInvitations(db)]);
  return {
    members: accounts.map((user) => ({
      id: user.id,
      name: user.name,
      email: user.email,
      role: user.role as StaffRole,
      lastLoginAt: user.lastLoginAt === null ? null : Number(user.lastLoginAt),
      isYou: actor.kind === "user" && actor.userId === user.id,
    })),
    invitations: open.map((row) => ({
      id: row.id,
      email: row.email,
      role: row.role,
      invitedBy: row.invitedByName,
      createdAt: Number(row.createdAt),
      sentAt: row.sentAt === null ? null : Number(row.sentAt),
      expiresAt: row.expiresAt === null ? null : Number(row.expiresAt),
    })),
  };
}

/**
 * Invites a colleague: the invitation and its mail are written together (the mail's link is made
 * when it is sent). A new invitation to an address withdraws any open one to it.
 */
export async function inviteStaff(db: Db, actor: Actor, input: InviteInput, now: number = Date.now()): Promise<number> {
  assertCan(actor, "staff.manage");
  const { email, role } = parseInput(inviteSchema, input);
  const existing = await accountByEmail(db, email);
  if (existing && existing.role !== "customer") {
    const message = `${email} is on the staff already, as ${ROLE_LABELS[existing.role as StaffRole]}: change the role instead.`;
    throw new AppError("email-already-in-use", message, { email: message });
  }
  const invitedByName = actor.kind === "user" ? actor.name || actor.email : "The shop";
  return db.transaction().execute(async (trx) => {
    await revokeOpenInvitationsTo(trx, emailKey(email), now);
    const id = await insertInvitation(trx, {
      email,
      emailKey: emailKey(email),
      role,
      invitedBy: actor.kind === "user" ? actor.userId : null,
      invitedByName,
      createdAt: now,
    });
    await queueMail(trx, { kind: "staff-invitation", to: email, payload: { link: "at-send", invitationId: id } }, now);
    await recordAudit(
      trx,
      actor,
      { kind: "staff.invited", subject: { type: "staff", id: email, label: email }, after: { role } },
      now,
    );
    return id;
  });
}

/** Withdraws an invitation not yet accepted: its link stops working at once. */
export async function withdrawInvitation(
  db: Db,
  actor: Actor,
  input: { invitationId: string | number },
  now = Date.now(),
) {
  assertCan(actor, "staff.manage");
  const { invitationId } = parseInput(revocationSchema, input);
  await db.transaction().execute(async (trx) => {
    if (!(await revokeInvitation(trx, invitationId, now)))
      throw new AppError("not-found", "This invitation was accepted or withdrawn already.");
    await recordAudit(
      trx,
      actor,
      {
        kind: "staff.invitation-revoked",
        subject: { type: "staff", id: invitationId, label: `invitation ${invitationId}` },
      },
      now,
    );
  });
}

/** Changes a member's role; their sessions end, so the new role holds from their next sign-in on. */
export async function changeStaffRole(db: Db, actor: Actor, input: RoleChangeInput, now: number = Date.now()) {
  assertCan(actor, "staff.manage");
  const { userId, role } = parseInput(roleChangeSchema, input);
  await db.transaction().execute(async (trx) => {
    const member = await staffMember(trx, actor, userId, "change your own role");
    if (member.role === role) return;
    if (member.role === "owner") await keepAnOwner(trx, member);
    await setAccountRole(trx, member.id, role);
    await auditRole(trx, actor, { kind: "staff.role-changed", member, role }, now);
  });
}

/** Takes a member's access away at once: the account becomes a customer's, every session of it ends. */
export async function removeStaff(db: Db, actor: Actor, input: { userId: string }, now: number = Date.now()) {
  assertCan(actor, "staff.manage");
  const { userId } = parseInput(removalSchema, input);
  await db.transaction().execute(async (trx) => {
    const member = await staffMember(trx, actor, userId, "remove yourself");
    if (member.role === "owner") await keepAnOwner(trx, member);
    await setAccountRole(trx, member.id, "customer");
    await auditRole(trx, actor, { kind: "staff.removed", member, role: "customer" }, now);
  });
}

async function staffMember(trx: Executor, actor: Actor, userId: string, selfAction: string): Promise<UserRow> {
  if (actor.kind === "user" && actor.userId === userId)
    throw new AppError("forbidden", `You cannot ${selfAction}: another Owner can.`);
  const member = await accountById(trx, userId);
  if (!member || member.role === "customer")
    throw new AppError("not-found", "This member of staff could not be found.");
  return member;
}

/** The shop always keeps an Owner. */
async function keepAnOwner(trx: Executor, leaving: UserRow): Promise<void> {
  const owners = (await staffAccounts(trx)).filter((user) => user.role === "owner" && user.id !== leaving.id);
  if (owners.length === 0) throw new AppError("forbidden", "The shop must keep at least one Owner.");
}

/** The log's entry of a member's role changed or taken away: the role before and after. */
function auditRole(
  trx: Executor,
  actor: Actor,
  change: {
    kind: "staff.role-changed" | "staff.removed";
    member: { id: string; email: string; role: string };
    role: string;
  },
  now: number,
) {
  const { kind, member, role } = change;
  const subject = { type: "staff" as const, id: member.id, label: member.email };
  return recordAudit(trx, actor, { kind, subject, before: { role: member.role }, after: { role } }, now);
}
