import type { Selectable } from "kysely";
import { z } from "zod";
import type { DeliveryAddress } from "#core/delivery-address.ts";
import type { OrderTaxLinesTable } from "../db/schema.ts";
import type { SellerDetails } from "../tax/seller.ts";
import type { RateSummary, TaxTotals } from "../tax/tax-summary.ts";
import { decimalInteger, requiredText } from "../validation/fields.ts";
import { EWAY_BILL_NUMBER_PATTERN } from "./eway-bills.ts";
/** A row of an invoice's goods table (or the shipping row), as stored with the order. Amounts in paise. */
export type InvoiceLine = Omit<Selectable<OrderTaxLinesTable>, "orderId" | "position">;

/** A tax invoice or credit note as an order refers to it: its number and the day it was issued. */
export type IssuedDocument = { number: string; date: number };

/** A part of an invoice's total settled otherwise than by the payment due: its words and its paise. */
export type Settlement = { label: string; amount: number };

/** Everything a tax invoice or credit note prints (CGST Rules 46 and 53). */
export type InvoiceDocument = {
  kind: "invoice" | "credit-note";
  number: string;
  date: number;
  /**
   * What the credit note says of why it was issued (a cancellation's wording when absent); on an
   * invoice, what it says besides the usual (an exchange's replacement names its credit note).
   */
  note?: string;
  /** How it is paid, as its head says it ("Cash on delivery" when absent). */
  payment?: string;
  /**
   * What of the total is settled already (store credit paid at checkout, a credit note an exchange
   * is set against); the invoice then prints each and the balance left to pay. Paise.
   */
  settlements?: Settlement[];
  /** For a credit note: the invoice it reverses. */
  against: IssuedDocument | null;
  orderNumber: string;
  seller: SellerDetails;
  /** The buyer: for a business buyer (B2B) also its GSTIN and registered name, null for a consumer. */
  recipient: DeliveryAddress & { stateName: string; email: string; gstin: string | null; legalName: string | null };
  supplyType: "intra" | "inter";
  lines: InvoiceLine[];
  summary: RateSummary[];
  totals: TaxTotals;
  /**
   * Paise that bring the document's value to a whole rupee (−49 to +50; record 34), printed as a
   * "Round off" line outside the taxable value and the tax: the amount due is `totals.total` plus it.
   */
  roundOff: number;
  /**
   * The copies printed, one after the other (CGST Rule 48): the original for the recipient, and a
   * duplicate for the transporter when the goods move under an e-way bill. Absent: the original only.
   */
  copies?: string[];
  /**
   * Issued by the made-up demo seller (SHOP_GSTIN not set): every page says it is a specimen, not a
   * tax document, so that the demo seller never reaches a real buyer as one.
   */
  specimen?: boolean;
  /**
   * The discounts in `totals.discount`, by cause ("Offer WELCOME10", "Reward points"), adding up to
   * it; absent, the document prints one discount row.
   */
  discounts?: { label: string; amount: number }[];
};

/**
 * Rule 48(1): an invoice for goods is made out in triplicate, the original for the recipient, the
 * duplicate for the transporter, the triplicate for the supplier (kept here as the stored rows).
 */
export const ORIGINAL_COPY = "Original for recipient";
export const TRANSPORTER_COPY = "Duplicate for transporter";

/** The words every page of a specimen carries (record 34). */
export const SPECIMEN_MARK = "Specimen — not a tax invoice";

/** What a document asks to be paid (or credits): its value and its round off, whole rupees. */
export function amountDue(document: Pick<InvoiceDocument, "totals" | "roundOff">): number {
  return document.totals.total + document.roundOff;
}

/** What an invoice needs to know of its order: which it is, its documents, and who it went to. */
export type InvoicedOrder = DeliveryAddress & {
  id: number;
  orderNumber: string;
  invoice: IssuedDocument | null;
  creditNote: IssuedDocument | null;
  email: string;
  buyerGstin: string | null;
  buyerLegalName: string | null;
  /** How it was paid: the invoice names it, and what store credit paid of it (orders have both). */
  payment?: { method: "cod" | "online" };
  storeCreditUsed?: number;
  /** Paise that rounded its total to a whole rupee (record 34); absent or 0 for older orders. */
  roundOff?: number;
};

/**
 * The e-way bill number the portal gave, as the administrator types it: 12 digits, which the
 * portal prints in groups of four, so spaces between them are taken out.
 */
export const ewayBillNumberSchema = z.object({
  orderId: decimalInteger("Which order? The order number is not valid.", 1, Number.MAX_SAFE_INTEGER),
  ewayBillNumber: requiredText("Please enter the e-way bill number.").pipe(
    z
      .string()
      .transform((value) => value.replace(/\s+/g, ""))
      .pipe(z.string().regex(EWAY_BILL_NUMBER_PATTERN, "The e-way bill number has 12 digits.")),
  ),
});
/** As it arrives from the form: checked by the schema, so loosely typed. */
export type EwayBillNumberInput = { orderId: number | string; ewayBillNumber: string };
