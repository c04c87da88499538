import type { Selectable } from "kysely";
import type { OrderTaxLinesTable } from "../db/schema.ts";
/** The registered seller as printed on its invoices. */
export type SellerDetails = {
  legalName: string;
  address: string;
  gstin: string;
  stateCode: string;
  stateName: string;
};

/** A row of an invoice's goods table (or the shipping row), as stored with the order. Amounts in paise. */
export type InvoiceLine = Omit<Selectable<OrderTaxLinesTable>, "orderId" | "position">;

/** Taxable value and tax at one rate. */
export type RateSummary = { rateBps: number; taxable: number; cgst: number; sgst: number; igst: number };

/** Everything a tax invoice or credit note prints (CGST Rules 46 and 53). */
export type InvoiceDocument = {
  kind: "invoice" | "credit-note";
  number: string;
  date: number;
  /** For a credit note: the invoice it reverses. */
  against: { number: string; date: number } | null;
  orderNumber: string;
  seller: SellerDetails;
  recipient: {
    name: string;
    address: string;
    city: string;
    pincode: string;
    stateName: string;
    stateCode: string;
    phone: string;
    email: string;
  };
  supplyType: "intra" | "inter";
  lines: InvoiceLine[];
  summary: RateSummary[];
  totals: { gross: number; discount: number; taxable: number; cgst: number; sgst: number; igst: number; total: number };
};
