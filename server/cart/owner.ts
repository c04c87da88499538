import type { Actor } from "#core/actor.ts";

/**
 * Whose cart or wishlist: a signed-in user's ("u:{id}"), or a visitor's by their guest cookie
 * ("g:{id}"). A visitor without the cookie has none yet.
 */
export function ownerOf(actor: Actor): string | null {
  if (actor.kind === "user") return `u:${actor.userId}`;
  if (actor.kind === "visitor" && actor.guestId) return `g:${actor.guestId}`;
  return null;
}

export function guestOwner(guestId: string): string {
  return `g:${guestId}`;
}

export function userOwner(userId: string): string {
  return `u:${userId}`;
}
