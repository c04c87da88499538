import { createHmac, timingSafeEqual } from "node:crypto";

/** Hex HMAC-SHA256 of `data` keyed with `secret`: how Razorpay signs checkouts and webhooks. */
export function hmacHex(secret: string, data: string | Buffer): string {
  return createHmac("sha256", secret).update(data).digest("hex");
}

/** Compares a signature given to the one expected in constant time; anything malformed is false. */
export function signatureMatches(expected: string, given: unknown): boolean {
  if (typeof given !== "string" || !/^[0-9a-f]{64}$/i.test(given)) return false;
  return timingSafeEqual(Buffer.from(expected, "hex"), Buffer.from(given.toLowerCase(), "hex"));
}
