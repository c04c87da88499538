/*
 * Indian mobile numbers, as people type them and as the shop keeps them (E.164, "+91XXXXXXXXXX").
 *
 * Only Indian mobile numbers are taken: ten digits beginning with 6, 7, 8 or 9 (the National
 * Numbering Plan's mobile series). That is all the shop's shoppers use, and it keeps codes away from
 * premium-rate and foreign ranges, which is how "SMS pumping" makes a shop pay for texts to numbers
 * an attacker is paid for.
 */

/** A number as the shop keeps it: "+91" and the ten digits. */
export type IndianMobile = `+91${string}`;

export type MobileReading = { ok: true; number: IndianMobile } | { ok: false; message: string };

export const MOBILE_FORMAT_MESSAGE =
  "Please enter a 10-digit mobile number starting with 6, 7, 8 or 9 (+91 or 0 in front is fine).";
export const MOBILE_FOREIGN_MESSAGE = "Only Indian mobile numbers (+91) can be used.";
export const MOBILE_SERIES_MESSAGE = "An Indian mobile number starts with 6, 7, 8 or 9.";

/** Spaces, dashes, dots and brackets people put between the digits ("+91 (98200) 12-345"). */
const SEPARATORS = /[\s\-.()]/g;
/** Longer than any way of writing a number: not read at all. */
const LONGEST_TYPED = 32;

/**
 * Reads a mobile number typed in any of the usual ways: ten digits, with +91, 91, 0091 or 0 in
 * front, with spaces, dashes, dots or brackets between. Anything else is refused with a message
 * that says what is wrong: a foreign number, a number outside the mobile series, or not ten digits.
 */
export function readIndianMobile(typed: string): MobileReading {
  if (typeof typed !== "string" || typed.length > LONGEST_TYPED) return refuse(MOBILE_FORMAT_MESSAGE);
  const compact = typed.trim().replace(SEPARATORS, "");
  if (!/^\+?\d+$/.test(compact)) return refuse(MOBILE_FORMAT_MESSAGE);
  const national = nationalPart(compact);
  if (national === null) return refuse(MOBILE_FOREIGN_MESSAGE);
  if (!/^\d{10}$/.test(national)) return refuse(MOBILE_FORMAT_MESSAGE);
  if (!/^[6-9]/.test(national)) return refuse(MOBILE_SERIES_MESSAGE);
  return { ok: true, number: `+91${national}` };
}

/** The digits after the country code or trunk prefix; null for a number of another country. */
function nationalPart(compact: string): string | null {
  if (compact.startsWith("+")) return compact.startsWith("+91") ? compact.slice(3) : null;
  if (compact.startsWith("0091")) return compact.slice(4);
  if (compact.startsWith("00")) return null;
  if (compact.length === 12 && compact.startsWith("91")) return compact.slice(2);
  if (compact.length === 11 && compact.startsWith("0")) return compact.slice(1);
  return compact;
}

function refuse(message: string): MobileReading {
  return { ok: false, message };
}

/** Whether a value is a number as the shop keeps it. */
export function isIndianMobile(value: unknown): value is IndianMobile {
  return typeof value === "string" && /^\+91[6-9]\d{9}$/.test(value);
}

/** The ten digits of a kept number ("+919820012345" → "9820012345"), as orders keep a phone. */
export function nationalNumber(mobile: IndianMobile): string {
  return mobile.slice(3);
}

/**
 * A number for display where the whole of it need not be shown ("+91 98•••••210"): the owner
 * recognises it, an onlooker learns little.
 */
export function maskMobile(mobile: IndianMobile): string {
  const digits = nationalNumber(mobile);
  return `+91 ${digits.slice(0, 2)}${"•".repeat(5)}${digits.slice(7)}`;
}

/** A number written for reading ("+91 98200 12345"). */
export function formatMobile(mobile: IndianMobile): string {
  const digits = nationalNumber(mobile);
  return `+91 ${digits.slice(0, 5)} ${digits.slice(5)}`;
}

/**
 * An account made by phone has no e-mail yet. The column, which every account has, holds an address
 * under the reserved top-level domain `.invalid` (RFC 2606), which no mail can reach and no one can
 * own. The mail outbox never queues to it, forms refuse it, and no page shows it to a person.
 */
export const PHONE_ONLY_EMAIL_DOMAIN = "phone.kesar.invalid";

export function isPhoneOnlyEmail(email: string): boolean {
  return email.trim().toLowerCase().endsWith(`@${PHONE_ONLY_EMAIL_DOMAIN}`);
}

/** An e-mail address as a page may show it to a person: null for an account's placeholder. */
export function visibleEmail(email: string): string | null {
  return isPhoneOnlyEmail(email) ? null : email;
}
