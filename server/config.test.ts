import { execFileSync } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_SIGNATORY } from "./tax/seller.ts";
import { makeTestCertificate, type TestCertificate } from "./testing/signing-certificate.ts";
import { testConfig } from "./testing/test-config.ts";

let certificate: TestCertificate;
beforeAll(() => {
  certificate = makeTestCertificate();
});
afterAll(() => certificate.dispose());

describe("the signatory and the signing certificate in the configuration", () => {
  it("names the demo signatory until SHOP_SIGNATORY is set, and reads 'Name, Designation'", () => {
    expect(testConfig().seller.signatory).toEqual(DEMO_SIGNATORY);
    const config = testConfig({ SHOP_SIGNATORY: " Arjun Mehta ,  Director, Finance " });
    expect(config.seller.signatory).toEqual({ name: "Arjun Mehta", designation: "Director, Finance" });
    expect(config.documentSigning).toEqual({ signatory: config.seller.signatory, certificate: undefined });
    expect(() => testConfig({ SHOP_SIGNATORY: "Arjun Mehta" })).toThrow(
      'SHOP_SIGNATORY: must be "Name, Designation", e.g. "Meera Kulkarni, Director"',
    );
  });

  it("opens the certificate at start with its passphrase", () => {
    const config = testConfig({ SHOP_SIGNING_P12: certificate.file, SHOP_SIGNING_PASSPHRASE: certificate.passphrase });
    expect(config.documentSigning.certificate?.signatureLength).toBeGreaterThan(4096);
  });

  it("refuses a wrong passphrase, a missing file, a file that is not PKCS#12, and one without a key", () => {
    expect(() =>
      testConfig({ SHOP_SIGNING_P12: certificate.file, SHOP_SIGNING_PASSPHRASE: "not-the-passphrase" }),
    ).toThrow(`SHOP_SIGNING_PASSPHRASE: does not open ${certificate.file}`);
    const missing = path.join(certificate.dir, "missing.p12");
    expect(() => testConfig({ SHOP_SIGNING_P12: missing, SHOP_SIGNING_PASSPHRASE: "x" })).toThrow(
      `SHOP_SIGNING_P12: cannot read ${missing}: there is no such file`,
    );
    const pem = path.join(certificate.dir, "certificate.pem");
    expect(() => testConfig({ SHOP_SIGNING_P12: pem, SHOP_SIGNING_PASSPHRASE: "x" })).toThrow(
      `SHOP_SIGNING_P12: ${pem} is not a PKCS#12 (.p12 or .pfx) file`,
    );
    const keyless = path.join(certificate.dir, "keyless.p12");
    execFileSync("openssl", ["pkcs12", "-export", "-nokeys", "-in", pem, "-out", keyless, "-passout", "pass:x"], {
      stdio: "pipe",
    });
    expect(() => testConfig({ SHOP_SIGNING_P12: keyless, SHOP_SIGNING_PASSPHRASE: "x" })).toThrow(
      `SHOP_SIGNING_P12: ${keyless} holds no private key`,
    );
  });

  it("refuses a passphrase without a certificate", () => {
    expect(() => testConfig({ SHOP_SIGNING_PASSPHRASE: "x" })).toThrow(
      "SHOP_SIGNING_PASSPHRASE: is set, but SHOP_SIGNING_P12 is not",
    );
  });
});

describe("online payment and cash on delivery in the configuration", () => {
  const KEYS = {
    RAZORPAY_KEY_ID: "rzp_test_abcdefgh",
    RAZORPAY_KEY_SECRET: "secret-secret-1234",
    RAZORPAY_WEBHOOK_SECRET: "webhook-secret-1234",
  };

  it("takes cash only without keys, with no cap (a shop that cannot take money online must take cash) and no fee unless set", () => {
    expect(testConfig().payments).toEqual({
      razorpay: null,
      codMaxPaise: Number.MAX_SAFE_INTEGER,
      codFeePaise: 0,
      // A cash order above ₹3,000 waits for its buyer's confirmation unless COD_CONFIRM_ABOVE_RUPEES says otherwise.
      codConfirmAbovePaise: 3_000_00,
    });
    expect(testConfig({ COD_MAX_RUPEES: "5000", COD_FEE_RUPEES: "49" }).payments).toMatchObject({
      codMaxPaise: 5_000_00,
      codFeePaise: 49_00,
    });
    expect(() => testConfig({ COD_FEE_RUPEES: "-1" })).toThrow("COD_FEE_RUPEES");
  });

  it("caps cash on delivery at ₹10,000 when online payment is on, unless COD_MAX_RUPEES says otherwise", () => {
    expect(testConfig(KEYS).payments).toMatchObject({ codMaxPaise: 10_000_00 });
    expect(testConfig({ ...KEYS, COD_MAX_RUPEES: "25000" }).payments).toMatchObject({ codMaxPaise: 25_000_00 });
  });

  it("turns online payment on with all three keys, at Razorpay's own addresses unless told", () => {
    expect(testConfig(KEYS).payments.razorpay).toEqual({
      keyId: KEYS.RAZORPAY_KEY_ID,
      keySecret: KEYS.RAZORPAY_KEY_SECRET,
      webhookSecret: KEYS.RAZORPAY_WEBHOOK_SECRET,
      apiUrl: "https://api.razorpay.com",
      checkoutUrl: "https://checkout.razorpay.com/v1/checkout.js",
    });
  });

  it("stops the start on half the keys, naming each one missing", () => {
    expect(() => testConfig({ RAZORPAY_KEY_ID: KEYS.RAZORPAY_KEY_ID })).toThrow(
      /RAZORPAY_KEY_SECRET: is needed for online payment[\s\S]*RAZORPAY_WEBHOOK_SECRET: is needed/,
    );
    expect(() => testConfig({ ...KEYS, RAZORPAY_API_URL: "api.razorpay.com" })).toThrow(
      "RAZORPAY_API_URL: must be an http:// or https:// address",
    );
  });
});

describe("page views a worker works on at once", () => {
  it("takes 4 on SQLite and 8 on PostgreSQL unless PAGES_AT_ONCE says, and refuses what is not a count", () => {
    expect(testConfig({ DATABASE_URL: "file:./data/shop.db" }).pagesAtOnce).toBe(4);
    expect(testConfig({ DATABASE_URL: "postgres://shop@127.0.0.1/shop" }).pagesAtOnce).toBe(8);
    expect(testConfig({ PAGES_AT_ONCE: "2" }).pagesAtOnce).toBe(2);
    expect(() => testConfig({ PAGES_AT_ONCE: "0" })).toThrow("PAGES_AT_ONCE");
    expect(() => testConfig({ PAGES_AT_ONCE: "many" })).toThrow("PAGES_AT_ONCE: must be a number");
  });
});

describe("the password policy", () => {
  it("reads its lengths and rules, and refuses a longest length below the shortest", () => {
    expect(testConfig({ PASSWORD_MIN_LENGTH: "10", PASSWORD_REQUIRE_SYMBOL: "yes" }).passwordPolicy).toMatchObject({
      minLength: 10,
      maxLength: 128,
      requireSymbol: true,
      requireNumeric: false,
    });
    expect(() => testConfig({ PASSWORD_MIN_LENGTH: "12", PASSWORD_MAX_LENGTH: "8" })).toThrow(
      "Invalid configuration:\n  PASSWORD_MAX_LENGTH: must not be below PASSWORD_MIN_LENGTH",
    );
  });
});
