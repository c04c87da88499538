const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/**
 * The check character of a GSTIN: over the first 14 characters, each value (its index in 0–9A–Z)
 * times a weight alternating 1 and 2, the product's base-36 digits added together; the check is
 * what brings the sum to a multiple of 36.
 */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const value = ALPHABET.indexOf(first14[i] ?? "");
    if (value < 0) throw new Error("A GSTIN has only digits and capital letters.");
    const product = value * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return ALPHABET[(36 - (sum % 36)) % 36] ?? "0";
}

/**
 * A GSTIN: two digits of state code (01–38, or 97 for other territory), the holder's PAN (five
 * letters, four digits, a letter), the registration's number in that state (1–9 or A–Z), "Z" by
 * default, and the check character.
 */
export function isValidGstin(value: string): boolean {
  if (!/^(0[1-9]|[12]\d|3[0-8]|97)[A-Z]{5}\d{4}[A-Z][1-9A-Z][A-Z][0-9A-Z]$/.test(value)) return false;
  return gstinCheckCharacter(value.slice(0, 14)) === value[14];
}

/** The state code a GSTIN was issued in (its first two digits). */
export function gstinStateCode(gstin: string): string {
  return gstin.slice(0, 2);
}
