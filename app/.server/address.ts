import { AppError } from "#server/errors.ts";
import { idField } from "#server/validation/fields.ts";

/*
 * What a page's address names. A record's id in the address is read as forms read ids (the id
 * field: plain decimal digits, 1 or more), and an address that names nothing is refused through the
 * one error path: an AppError, which the pages' adapter answers with its status and message
 * (server/http/pages.ts), never a response made by hand.
 */

/** The address names nothing the shop has: a 404 that says so. */
export function notFound(message: string): never {
  throw new AppError("not-found", message);
}

/** A record's id from a segment of the address (`/productinfo/12`), else a 404 with the message. */
export function idFromPath(value: string | null | undefined, message: string): number {
  const parsed = idField(message).safeParse(value ?? "");
  return parsed.success ? parsed.data : notFound(message);
}

/** A record's id from the address's `?id=12`, else a 404 that says what is missing. */
export function idFromUrl(url: URL, what: string): number {
  return idFromPath(url.searchParams.get("id"), `Which ${what}? The link has no ${what} id.`);
}
