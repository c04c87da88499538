import type { Db, Executor } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { randomId } from "../ids.ts";
import { findLinkTarget, insertLink } from "./messages.repository.ts";

/*
 * The short links SMS carry. The operators' DLT rules let a registered text hold a value of at most
 * 30 characters, and a link's address must be whitelisted with the template: the text keeps the
 * shop's address and `/m/` fixed, and puts only a code in the value. An order's own link (43
 * characters of secret) does not fit; its code does, and leads to it.
 */

/** 20 letters and digits (about 119 bits): as hard to guess as the link it stands for needs. */
const CODE_LENGTH = 20;

export const LINK_NOT_FOUND = "This link is not valid.";

/** A path of this shop, never another site's address (an open redirect): "/…", not "//…" or "/\\…". */
export function isShopPath(target: string): boolean {
  return /^\/(?![/\\])/.test(target) && !/[\s\p{Cc}]/u.test(target) && target.length <= 500;
}

/**
 * A short code for a page of the shop, kept in the caller's transaction with the message that
 * carries it. A full address (the shop's own, made from PUBLIC_URL) is kept as its path: the code
 * leads to that page of the shop whatever its address was, so it can never lead to another site.
 */
export async function shortLink(executor: Executor, target: string, now: number): Promise<string> {
  const path = pathOf(target);
  if (!isShopPath(path)) throw new Error(`A message links only to a page of the shop, not ${target}.`);
  const code = randomId(CODE_LENGTH);
  await insertLink(executor, { code, target: path, createdAt: now });
  return code;
}

function pathOf(target: string): string {
  if (!/^https?:\/\//i.test(target)) return target;
  const url = new URL(target);
  return `${url.pathname}${url.search}`;
}

/** Where a short link leads (`/m/<code>`); a code of another shape, or unknown, finds nothing. */
export async function followShortLink(db: Db, code: string): Promise<string> {
  const target = /^[A-Za-z0-9]{20}$/.test(code) ? await findLinkTarget(db, code) : undefined;
  if (!target || !isShopPath(target)) throw new AppError("not-found", LINK_NOT_FOUND);
  return target;
}
