export type Role = "customer" | "admin";

/**
 * Who is asking. Services take the actor from the session, never an id from the request, and check
 * it themselves so that no route can forget.
 */
export type Actor =
  /** A visitor without an account; guestId keys their cart and wishlist once they have one. */
  | { kind: "visitor"; guestId: string | null }
  | { kind: "user"; userId: string; email: string; name: string; role: Role; guestId: string | null }
  /**
   * The shop itself: start-up, the demo catalogue, command-line tools; `via` names what acted for it
   * (the courier's news, when an order follows its parcel).
   */
  | { kind: "system"; via?: string };

export type UserActor = Extract<Actor, { kind: "user" }>;

export const SYSTEM: Actor = { kind: "system" };

export function isAdmin(actor: Actor): boolean {
  return actor.kind === "system" || (actor.kind === "user" && actor.role === "admin");
}

/** How a history entry or a money note names who acted. */
export function actorLabel(actor: Actor): string {
  if (actor.kind === "user") return `${actor.role}:${actor.email}`;
  if (actor.kind === "system") return actor.via ? `system:${actor.via}` : "system";
  return "guest";
}
