import { z } from "zod";
import { STAFF_ROLES } from "#core/permissions.ts";
import { emailField, idField, requiredText } from "../validation/fields.ts";

const roleField = z.enum(STAFF_ROLES, { error: "Please choose a role." });

/** The owner's invitation: whom, and with which role. */
export const inviteSchema = z.object({ email: emailField, role: roleField });
export type InviteInput = z.input<typeof inviteSchema>;

/** A member's new role. */
export const roleChangeSchema = z.object({
  userId: requiredText("Which member of staff?"),
  role: roleField,
});
export type RoleChangeInput = z.input<typeof roleChangeSchema>;

/** A member whose access ends. */
export const removalSchema = z.object({ userId: requiredText("Which member of staff?") });

/** An invitation withdrawn before it was accepted. */
export const revocationSchema = z.object({ invitationId: idField("Which invitation?") });

/** The invited person's name and password, set through the invitation's link. */
export const joinSchema = z.object({
  name: requiredText("Please enter your name.").pipe(z.string().max(100, "The name must be at most 100 characters.")),
  password: requiredText("Please choose a password.", { trim: false }),
});
export type JoinInput = z.input<typeof joinSchema>;

/** An invitation's link works this long after its mail was sent. */
export const INVITATION_HOURS = 72;
export const INVITATION_TTL_MS = INVITATION_HOURS * 60 * 60 * 1000;

export type StaffMember = {
  id: string;
  name: string;
  email: string;
  role: (typeof STAFF_ROLES)[number];
  lastLoginAt: number | null;
  /** The member looking at the page. */
  isYou: boolean;
};

export type PendingInvitation = {
  id: number;
  email: string;
  role: (typeof STAFF_ROLES)[number];
  invitedBy: string;
  createdAt: number;
  /** When the mail went; null while it waits in the outbox. */
  sentAt: number | null;
  expiresAt: number | null;
};

/** What an invitation's link finds. */
export type InvitationState =
  | { status: "open"; email: string; role: (typeof STAFF_ROLES)[number]; invitedBy: string; hasAccount: boolean }
  | { status: "used" | "expired" | "unknown" };
