import { createHash, createHmac, hkdfSync, randomInt, timingSafeEqual } from "node:crypto";

/** A sign-in code: six digits from the CSPRNG (about 20 bits, what OWASP ASVS 6.5.4 asks for). */
export function newPhoneCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, "0");
}

const keys = new Map<string, Buffer>();

/**
 * The key codes are kept under, derived from SESSION_SECRET (HKDF-SHA256, a purpose of its own), so
 * a copy of the database without the secret gives no way to test the million codes offline.
 */
function codeKey(sessionSecret: string): Buffer {
  let key = keys.get(sessionSecret);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", sessionSecret, "", "kesar phone sign-in codes", 32));
    keys.set(sessionSecret, key);
  }
  return key;
}

/**
 * The HMAC a code is kept as. It binds the code to its challenge and its number: a code sent for
 * one sign-in, or to one number, never matches another's.
 */
export function phoneCodeHmac(sessionSecret: string, challengeId: string, phone: string, code: string): string {
  return createHmac("sha256", codeKey(sessionSecret)).update(`${challengeId}\n${phone}\n${code}`).digest("hex");
}

/** Whether a code typed is the one kept as `storedHmac`, compared in constant time. */
export function phoneCodeMatches(
  sessionSecret: string,
  challenge: { id: string; phone: string; codeHmac: string | null },
  code: string,
): boolean {
  // A challenge whose code is not sent yet is compared against nothing anyone can type, taking as long.
  const stored = Buffer.from(challenge.codeHmac ?? "00".repeat(32), "hex");
  const typed = Buffer.from(phoneCodeHmac(sessionSecret, challenge.id, challenge.phone, code), "hex");
  return stored.length === typed.length && timingSafeEqual(stored, typed) && challenge.codeHmac !== null;
}

/** What a challenge keeps of the browser that asked for it: a hash of its mark. */
export function browserHash(browser: string): string {
  if (!browser) throw new Error("A phone challenge is bound to the browser that asks for it.");
  return createHash("sha256").update(`phone-challenge\n${browser}`).digest("hex");
}
