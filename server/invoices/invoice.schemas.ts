/** The registered seller as printed on its invoices. */
export type SellerDetails = {
  legalName: string;
  address: string;
  gstin: string;
  stateCode: string;
  stateName: string;
};

/** A row of an invoice's goods table (or the shipping row). Amounts in paise. */
export type InvoiceLine = {
  kind: "goods" | "shipping";
  description: string;
  hsn: string;
  quantity: number;
  /** GST-inclusive value before the discount. */
  gross: number;
  /** The share of redeemed points. */
  discount: number;
  taxable: number;
  rateBps: number;
  cgst: number;
  sgst: number;
  igst: number;
};

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
