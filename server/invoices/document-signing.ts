import { readFileSync } from "node:fs";
import { plainAddPlaceholder } from "@signpdf/placeholder-plain";
import { P12Signer } from "@signpdf/signer-p12";
import { SignPdf } from "@signpdf/signpdf";
import forge from "node-forge";
import type { Signatory } from "../tax/seller.ts";

/** A PKCS#12 file (.p12/.pfx) that opened at start with its passphrase: a certificate and its private key. */
export type SigningCertificate = {
  p12: Buffer;
  passphrase: string;
  /** Bytes kept in each PDF for the signature: the file's certificates, which travel in it, and room to spare. */
  signatureLength: number;
};

/** Who signs the shop's documents now, and the certificate the PDFs are signed with (none: unsigned). */
export type DocumentSigning = { signatory: Signatory; certificate: SigningCertificate | undefined };

/** A signing setting that cannot be used, and which setting it is. */
export class SigningSettingError extends Error {
  readonly setting: "SHOP_SIGNING_P12" | "SHOP_SIGNING_PASSPHRASE";
  constructor(setting: SigningSettingError["setting"], message: string) {
    super(message);
    this.setting = setting;
  }
}

/**
 * Reads and opens the certificate file once at start, so that a wrong path or passphrase stops the
 * shop there instead of failing every download later.
 */
export function openSigningCertificate(file: string, passphrase: string): SigningCertificate {
  let p12: Buffer;
  try {
    p12 = readFileSync(file);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === "ENOENT" ? "there is no such file" : String(error);
    throw new SigningSettingError("SHOP_SIGNING_P12", `cannot read ${file}: ${reason}`);
  }
  const { certificates, key } = unlock(file, p12, passphrase);
  if (!key) throw new SigningSettingError("SHOP_SIGNING_P12", `${file} holds no private key`);
  // @signpdf/signer-p12 signs with the certificate whose public key is the private key's.
  const own = certificates.some((c) => {
    const publicKey = c.publicKey as forge.pki.rsa.PublicKey;
    return publicKey.n?.equals(key.n) && publicKey.e?.equals(key.e);
  });
  if (!own) throw new SigningSettingError("SHOP_SIGNING_P12", `${file} holds no certificate for its private key`);
  const certificateBytes = certificates.reduce(
    (sum, c) => sum + forge.asn1.toDer(forge.pki.certificateToAsn1(c)).length(),
    0,
  );
  return { p12, passphrase, signatureLength: certificateBytes + 4096 };
}

function unlock(file: string, p12: Buffer, passphrase: string) {
  let asn1: forge.asn1.Asn1;
  try {
    asn1 = forge.asn1.fromDer(forge.util.createBuffer(p12.toString("binary")));
  } catch {
    throw new SigningSettingError("SHOP_SIGNING_P12", `${file} is not a PKCS#12 (.p12 or .pfx) file`);
  }
  let store: forge.pkcs12.Pkcs12Pfx;
  try {
    store = forge.pkcs12.pkcs12FromAsn1(asn1, false, passphrase);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/PKCS#12 PFX/.test(message)) {
      throw new SigningSettingError("SHOP_SIGNING_P12", `${file} is not a PKCS#12 (.p12 or .pfx) file`);
    }
    throw new SigningSettingError("SHOP_SIGNING_PASSPHRASE", `does not open ${file} (${message})`);
  }
  const certBag = forge.pki.oids.certBag as string;
  const pkcs8ShroudedKeyBag = forge.pki.oids.pkcs8ShroudedKeyBag as string;
  const certificates = (store.getBags({ bagType: certBag })[certBag] ?? []).flatMap((bag) => bag.cert ?? []);
  const key = (store.getBags({ bagType: pkcs8ShroudedKeyBag })[pkcs8ShroudedKeyBag] ?? [])[0]?.key as
    | forge.pki.rsa.PrivateKey
    | undefined;
  return { certificates, key };
}

/**
 * Signs a finished PDF: a signature field is appended as an incremental update, then the bytes
 * around it are signed as a detached PKCS#7 (adbe.pkcs7.detached). The signature names the
 * signatory and says why it was made ("Tax invoice KS/25-26/000042").
 */
export async function signPdf(
  pdf: Buffer,
  certificate: SigningCertificate,
  by: { name: string; reason: string },
): Promise<Buffer> {
  const withPlaceholder = plainAddPlaceholder({
    pdfBuffer: pdf,
    reason: by.reason,
    name: by.name,
    contactInfo: "",
    location: "",
    signatureLength: certificate.signatureLength,
  });
  // A P12Signer reads its file as it signs and cannot sign twice, so each document gets its own.
  const signer = new P12Signer(certificate.p12, { passphrase: certificate.passphrase });
  return new SignPdf().sign(withPlaceholder, signer);
}
