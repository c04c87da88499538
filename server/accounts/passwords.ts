import { argon2, randomBytes, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";
import type { PasswordPolicy } from "../config/password-settings.ts";

const argon2Async = promisify(argon2);

/** OWASP's first recommendation for argon2id: 19 MiB of memory, 2 passes, 1 lane. */
const OWASP = { memory: 19_456, passes: 2, parallelism: 1, tagLength: 32 } as const;
/** The test runner's: the same function at a fraction of the cost, for the many accounts tests make. */
const TEST_ONLY = { memory: 1024, passes: 1, parallelism: 1, tagLength: 32 } as const;

/**
 * The cost new hashes are made with: OWASP's, except under the test runner (NODE_ENV=test, which
 * Vitest sets and nothing else does). A stored hash names its own cost, so checking a password
 * always uses the cost it was made with.
 */
export function hashParameters(nodeEnv: string | undefined): typeof OWASP | typeof TEST_ONLY {
  return nodeEnv === "test" ? TEST_ONLY : OWASP;
}

const PARAMETERS = hashParameters(process.env.NODE_ENV);

/** Hashes a password as a PHC string: `$argon2id$v=19$m=19456,t=2,p=1$salt$hash`. */
export async function hashPassword(password: string): Promise<string> {
  const nonce = randomBytes(16);
  const tag = await argon2Async("argon2id", { message: password, nonce, ...PARAMETERS });
  const { memory, passes, parallelism } = PARAMETERS;
  return `$argon2id$v=19$m=${memory},t=${passes},p=${parallelism}$${b64(nonce)}$${b64(tag)}`;
}

/** Checks a password against a stored PHC string, with the parameters the hash was made with. */
export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  const match = stored.match(/^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/);
  if (!match) return false;
  const [, memory, passes, parallelism, salt, hash] = match;
  const expected = Buffer.from(hash ?? "", "base64");
  const tag = await argon2Async("argon2id", {
    message: password,
    nonce: Buffer.from(salt ?? "", "base64"),
    memory: Number(memory),
    passes: Number(passes),
    parallelism: Number(parallelism),
    tagLength: expected.length,
  });
  return tag.length === expected.length && timingSafeEqual(tag, expected);
}

function b64(buffer: Buffer): string {
  return buffer.toString("base64").replace(/=+$/, "");
}

/** A hash of a password nobody has, checked when the e-mail is unknown so that both cases take as long. */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(16).toString("hex"));
  return decoy;
}

/** The rules in force, as the signup form shows them. */
export function describePolicy(policy: PasswordPolicy): string[] {
  const rules = [`At least ${policy.minLength} characters`];
  if (policy.maxLength < 128) rules[0] = `${policy.minLength} to ${policy.maxLength} characters`;
  if (policy.requireLowercase) rules.push("a lowercase letter");
  if (policy.requireUppercase) rules.push("an uppercase letter");
  if (policy.requireNumeric) rules.push("a number");
  if (policy.requireSymbol) rules.push("a symbol such as ! or #");
  return rules;
}

/** The first rule the password breaks, as a message; null when it meets them all. */
export function checkPassword(policy: PasswordPolicy, password: string): string | null {
  if (password.length < policy.minLength) return `The password must be at least ${policy.minLength} characters long.`;
  if (password.length > policy.maxLength) return `The password must be at most ${policy.maxLength} characters long.`;
  if (policy.requireLowercase && !/[a-z]/.test(password)) return "The password needs a lowercase letter.";
  if (policy.requireUppercase && !/[A-Z]/.test(password)) return "The password needs an uppercase letter.";
  if (policy.requireNumeric && !/[0-9]/.test(password)) return "The password needs a number.";
  if (policy.requireSymbol && !/[^A-Za-z0-9]/.test(password)) return "The password needs a symbol such as ! or #.";
  return null;
}

/** A strong password that meets any policy: for the administrator account made at first start. */
export function generatePassword(): string {
  const body = randomBytes(12).toString("base64url");
  return `${body}-Aa9`;
}
