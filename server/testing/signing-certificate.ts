import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export type TestCertificate = { file: string; passphrase: string; dir: string; dispose: () => void };

/**
 * A self-signed certificate and its key in a .p12 file, made by openssl in a temporary folder, as a
 * shop would try signing out before it has a certificate from a certifying authority. OpenSSL 3's
 * defaults (AES-256 with PBKDF2, a SHA-256 MAC) are what node-forge reads, so no -legacy is needed.
 */
export function makeTestCertificate(commonName = "Meera Kulkarni"): TestCertificate {
  const dir = mkdtempSync(path.join(tmpdir(), "shop-signing-"));
  const passphrase = "kesar-test-passphrase";
  const key = path.join(dir, "key.pem");
  const certificate = path.join(dir, "certificate.pem");
  const file = path.join(dir, "signatory.p12");
  const subject = `/C=IN/ST=Maharashtra/O=Kesar Fashion Private Limited/CN=${commonName}`;
  const quiet = { stdio: "pipe" } as const;
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-days",
      "30",
      "-subj",
      subject,
      "-keyout",
      key,
      "-out",
      certificate,
    ],
    quiet,
  );
  execFileSync(
    "openssl",
    ["pkcs12", "-export", "-inkey", key, "-in", certificate, "-out", file, "-passout", `pass:${passphrase}`],
    quiet,
  );
  return { file, passphrase, dir, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}
