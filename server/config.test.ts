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
