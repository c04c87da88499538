import { type Actor, isAdmin, type UserActor } from "#core/actor.ts";
import { AppError } from "./errors.ts";

/** The service-side checks of who is asking: they throw a refusal the pages show as it is. */

export function assertAdmin(actor: Actor): void {
  if (actor.kind === "visitor") throw new AppError("unauthenticated", "Please log in as an administrator.");
  if (!isAdmin(actor)) throw new AppError("forbidden", "Only an administrator can do this.");
}

export function assertSignedIn(actor: Actor): asserts actor is UserActor {
  if (actor.kind !== "user") throw new AppError("unauthenticated", "Please log in first.");
}
