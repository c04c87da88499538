import type { Selectable } from "kysely";
import type { OrderTaxLinesTable } from "../db/schema.ts";
import type { SellerDetails } from "../tax/seller.ts";
import type { RateSummary, TaxTotals } from "../tax/tax-summary.ts";
/** A row of an invoice's goods table (or the shipping row), as stored with the order. Amounts in paise. */
export type InvoiceLine = Omit<Selectable<OrderTaxLinesTable>, "orderId" | "position">;

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
  totals: TaxTotals;
};

/** What an invoice needs to know of its order: which it is, its documents, and who it went to. */
export type InvoicedOrder = {
  id: number;
  orderNumber: string;
  invoice: { number: string; date: number } | null;
  creditNote: { number: string; date: number } | null;
  name: string;
  address: string;
  city: string;
  pincode: string;
  stateCode: string;
  phone: string;
  email: string;
};
