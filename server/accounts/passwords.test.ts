import { describe, expect, it } from "vitest";
import { hashParameters, hashPassword, verifyPassword } from "./passwords.ts";

describe("password hashing", () => {
  it("uses OWASP's argon2id cost everywhere but under the test runner", () => {
    for (const env of ["production", "development", undefined, ""]) {
      expect(hashParameters(env), String(env)).toMatchObject({ memory: 19_456, passes: 2, parallelism: 1 });
    }
    expect(hashParameters("test").memory).toBeLessThan(19_456);
  });

  it("checks a password with the cost its hash names, whatever the cost of new hashes", async () => {
    const stored = await hashPassword("correct horse");
    const owasp = stored.replace(/m=\d+,t=\d+/, "m=19456,t=2");
    expect(await verifyPassword(stored, "correct horse")).toBe(true);
    expect(await verifyPassword(stored, "wrong horse")).toBe(false);
    // The same salt and tag under other parameters is another hash: it no longer matches.
    expect(await verifyPassword(owasp, "correct horse")).toBe(false);
  });
});
