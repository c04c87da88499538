import { isStaffRole, ROLE_LABELS, type StaffRole } from "./permissions.ts";

/** A customer, or a member of the shop's staff with one of the staff roles (core/permissions.ts). */
export type Role = "customer" | StaffRole;

/**
 * Who is asking. Services take the actor from the session, never an id from the request, and check
 * it themselves so that no route can forget.
 */
export type Actor =
  /** A visitor without an account; guestId keys their cart and wishlist once they have one. */
  | { kind: "visitor"; guestId: string | null }
  | {
      kind: "user";
      userId: string;
      email: string;
      name: string;
      role: Role;
      guestId: string | null;
      /** The language the account last used, when it is not the default (record 47). */
      locale?: string;
    }
  /**
   * The shop itself: start-up, the demo catalogue, command-line tools; `via` names what acted for it
   * (the courier's news, when an order follows its parcel).
   */
  | { kind: "system"; via?: string };

export type UserActor = Extract<Actor, { kind: "user" }>;
/** A signed-in member of staff. */
export type StaffActor = UserActor & { role: StaffRole };

export const SYSTEM: Actor = { kind: "system" };

/** Whether the actor works in the admin area: the shop itself, or a signed-in member of staff. */
export function isStaff(actor: Actor): boolean {
  return actor.kind === "system" || (actor.kind === "user" && isStaffRole(actor.role));
}

/** A signed-in member of staff (not the shop itself): whose changes the audit log records. */
export function isStaffUser(actor: Actor): actor is StaffActor {
  return actor.kind === "user" && isStaffRole(actor.role);
}

/** How a history entry or a money note names who acted. */
export function actorLabel(actor: Actor): string {
  if (actor.kind === "user") return `${actor.role}:${actor.email}`;
  if (actor.kind === "system") return actor.via ? `system:${actor.via}` : "system";
  return "guest";
}

/** Who wrote a staff note, as the note keeps it: the member's id and e-mail, or the shop itself. */
export function noteAuthor(actor: Actor): { authorId: string | null; author: string } {
  return actor.kind === "user"
    ? { authorId: actor.userId, author: actor.email }
    : { authorId: null, author: "the shop" };
}

/** A stored actor label as the back office shows it: "meera@kesar.in (Owner)", "the buyer", "the shop". */
export function actorLabelText(label: string): string {
  if (label === "buyer" || label === "guest") return "the buyer";
  if (label === "system") return "the shop";
  const [role, ...rest] = label.split(":");
  const who = rest.join(":");
  if (role === "system") return `the shop (${who})`;
  if (role && who && isStaffRole(role)) return `${who} (${ROLE_LABELS[role]})`;
  return who || label;
}
