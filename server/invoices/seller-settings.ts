import path from "node:path";
import { z } from "zod";
import { stateByCode } from "#core/indian-states.ts";
import { SettingError } from "../config/setting-fields.ts";
import { gstinStateCode, isValidGstin } from "../tax/gstin.ts";
import { DEMO_SELLER, DEMO_SIGNATORY, type SellerDetails, type Signatory } from "../tax/seller.ts";
import { type DocumentSigning, openSigningCertificate, type SigningCertificate } from "./document-signing.ts";

/** A GSTIN with a check character that fits (see server/tax/gstin.ts). */
const gstin = z
  .string()
  .trim()
  .toUpperCase()
  .refine(isValidGstin, { message: "must be a valid 15-character GSTIN (its check character does not fit)" })
  .refine((value) => stateByCode(gstinStateCode(value)) !== undefined, {
    message: "must be issued in one of the 36 states and union territories",
  });

/** "Name, Designation": the designation is what follows the first comma. */
const signatory = z
  .string()
  .trim()
  .transform((value, context): Signatory => {
    const comma = value.indexOf(",");
    const name = value.slice(0, comma).trim();
    const designation = value.slice(comma + 1).trim();
    if (comma < 0 || name.length < 2 || designation.length < 2 || value.length > 160) {
      context.addIssue({ code: "custom", message: 'must be "Name, Designation", e.g. "Meera Kulkarni, Director"' });
      return z.NEVER;
    }
    return { name, designation };
  });

/** The seller on every tax invoice, as the environment gives it; until set, a made-up registration in Maharashtra. */
export const SELLER_ENV = {
  SHOP_LEGAL_NAME: z.string().trim().min(2).max(120).default(DEMO_SELLER.legalName),
  SHOP_ADDRESS: z.string().trim().min(10).max(300).default(DEMO_SELLER.address),
  SHOP_GSTIN: gstin.default(DEMO_SELLER.gstin),
  // Who signs the tax invoices, and the certificate that signs their PDFs (none: unsigned).
  SHOP_SIGNATORY: signatory.default(DEMO_SIGNATORY),
  SHOP_SIGNING_P12: z.string().trim().min(1).optional(),
  SHOP_SIGNING_PASSPHRASE: z.string().optional(),
};

type SellerEnv = z.output<z.ZodObject<typeof SELLER_ENV>>;

/** The registered seller printed on invoices; its state is the GSTIN's. */
export function sellerOf(values: SellerEnv): SellerDetails {
  return {
    legalName: values.SHOP_LEGAL_NAME,
    address: values.SHOP_ADDRESS,
    gstin: values.SHOP_GSTIN,
    stateCode: gstinStateCode(values.SHOP_GSTIN),
    stateName: stateByCode(gstinStateCode(values.SHOP_GSTIN))?.name ?? "",
    signatory: values.SHOP_SIGNATORY,
  };
}

/** Who signs tax documents now, and the certificate their PDFs are signed with (undefined: unsigned). */
export function documentSigningOf(values: SellerEnv): DocumentSigning {
  return {
    signatory: values.SHOP_SIGNATORY,
    certificate: signingCertificate(values.SHOP_SIGNING_P12, values.SHOP_SIGNING_PASSPHRASE),
  };
}

/** The certificate named by SHOP_SIGNING_P12, opened now so that a bad file or passphrase stops the start. */
function signingCertificate(file: string | undefined, passphrase: string | undefined): SigningCertificate | undefined {
  if (!file) {
    if (passphrase === undefined) return undefined;
    throw new SettingError([{ setting: "SHOP_SIGNING_PASSPHRASE", message: "is set, but SHOP_SIGNING_P12 is not" }]);
  }
  return openSigningCertificate(path.resolve(file), passphrase ?? "");
}
