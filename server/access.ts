import { type Actor, isStaff, type UserActor } from "#core/actor.ts";
import { type Permission, ROLE_LABELS, roleCan, roleCanAny } from "#core/permissions.ts";
import { AppError } from "./errors.ts";

/*
 * The service-side checks of who is asking (record 45): they throw a refusal the pages show as it
 * is. Every admin service names the permission it needs; the shop itself (start-up, scripts, the
 * courier's and the gateway's news) may do everything.
 */

/** A member of staff, or the shop itself; a visitor is asked to log in, a customer refused. */
export function assertStaff(actor: Actor): void {
  if (actor.kind === "visitor") throw new AppError("unauthenticated", "Please log in as a member of staff.");
  if (!isStaff(actor)) throw new AppError("forbidden", "Only the shop's staff can do this.");
}

/** Whether the actor holds the permission: the shop itself always does, a customer never. */
export function can(actor: Actor, permission: Permission): boolean {
  return actor.kind === "system" || (actor.kind === "user" && roleCan(actor.role, permission));
}

/** Whether the actor holds any of the permissions. */
export function canAny(actor: Actor, permissions: readonly Permission[]): boolean {
  return actor.kind === "system" || (actor.kind === "user" && roleCanAny(actor.role, permissions));
}

/** The refusal of a member of staff whose role does not reach this far, naming the role. */
export function roleRefusal(actor: Actor): AppError {
  const role = actor.kind === "user" && actor.role !== "customer" ? ROLE_LABELS[actor.role] : null;
  return new AppError(
    "forbidden",
    role ? `Your role (${role}) does not allow this.` : "Only the shop's staff can do this.",
  );
}

/** Refuses anyone without the permission: a visitor is asked to log in, others told their role does not allow it. */
export function assertCan(actor: Actor, permission: Permission): void {
  assertStaff(actor);
  if (!can(actor, permission)) throw roleRefusal(actor);
}

/** As assertCan, for a service any of several permissions opens. */
export function assertCanAny(actor: Actor, permissions: readonly Permission[]): void {
  assertStaff(actor);
  if (!canAny(actor, permissions)) throw roleRefusal(actor);
}

export function assertSignedIn(actor: Actor): asserts actor is UserActor {
  if (actor.kind !== "user") throw new AppError("unauthenticated", "Please log in first.");
}
