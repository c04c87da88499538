import { randomBytes } from "node:crypto";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** An unguessable id of letters and digits (about 5.95 bits each), safe in URLs and storage keys. */
export function randomId(length = 28): string {
  let id = "";
  while (id.length < length) {
    for (const byte of randomBytes(length * 2)) {
      // 248 = 62 * 4: bytes above it would favour the first letters.
      if (byte < 248 && id.length < length) id += ALPHABET[byte % 62];
    }
  }
  return id;
}

/** A secret for a cookie or a link: 32 random bytes. */
export function randomToken(): string {
  return randomBytes(32).toString("base64url");
}
