import { stateByCode } from "#core/indian-states.ts";
import type { Db } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import type { SellerDetails } from "../tax/seller.ts";
import { summariseByRate, totalsOf } from "../tax/tax-summary.ts";
import { type PartA, partAOf, pincodeAtEnd } from "./eway-bill-part-a.ts";
import { buyerGstinOf } from "./eway-bills.ts";
import type { InvoiceDocument, InvoicedOrder, InvoiceLine } from "./invoice.schemas.ts";
import { renderInvoicePdf } from "./invoice-pdf.ts";
import { findInvoiceParts, findTaxLines } from "./invoices.repository.ts";

export const DOCUMENT_KINDS = ["invoice", "credit-note"] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export type DocumentFile = { filename: string; pdf: Buffer };

/** An order's invoice or credit note as a PDF file; whoever asks has been checked by the caller. */
export async function documentFile(db: Db, order: InvoicedOrder, kind: DocumentKind): Promise<DocumentFile> {
  const document = await invoiceDocument(db, order, kind);
  return { filename: `${document.number.replaceAll("/", "-")}.pdf`, pdf: await renderInvoicePdf(document) };
}

/**
 * An order's invoice (or its credit note) as issued: the tax rows stored when the order was placed,
 * and the seller as it was then. Nothing is worked out again, so a document never changes.
 */
export async function invoiceDocument(db: Db, order: InvoicedOrder, kind: DocumentKind): Promise<InvoiceDocument> {
  const issued = kind === "invoice" ? order.invoice : order.creditNote;
  const parts = await findInvoiceParts(db, order.id);
  if (!order.invoice || !issued || !parts?.seller || !parts.supplyType) {
    throw new AppError(
      "not-found",
      kind === "invoice"
        ? "This order has no tax invoice: it was placed before the shop issued them."
        : "This order has no credit note: only a cancelled order has one.",
    );
  }
  const lines: InvoiceLine[] = (await findTaxLines(db, order.id)).map((row) => ({
    kind: row.kind,
    description: row.description,
    hsn: row.hsn,
    quantity: row.quantity,
    gross: row.gross,
    discount: row.discount,
    taxable: row.taxable,
    rateBps: row.rateBps,
    cgst: row.cgst,
    sgst: row.sgst,
    igst: row.igst,
  }));
  return {
    kind,
    number: issued.number,
    date: issued.date,
    against: kind === "credit-note" ? order.invoice : null,
    orderNumber: order.orderNumber,
    seller: JSON.parse(parts.seller) as SellerDetails,
    recipient: {
      name: order.name,
      address: order.address,
      city: order.city,
      pincode: order.pincode,
      stateName: stateByCode(order.stateCode)?.name ?? order.stateCode,
      stateCode: order.stateCode,
      phone: order.phone,
      email: order.email,
      gstin: order.buyerGstin,
      legalName: order.buyerLegalName,
    },
    supplyType: parts.supplyType,
    lines,
    summary: summariseByRate(lines),
    totals: totalsOf(lines),
  };
}

export type EwayBillFile = { filename: string; partA: PartA };

/**
 * Part A of an order's e-way bill, from its tax invoice as issued, for the portal's bulk upload;
 * the caller has checked who asks and that the order needs one. The seller's pincode is read from
 * the end of the seller's address on the invoice, as the invoice prints it.
 */
export async function ewayBillFile(db: Db, order: InvoicedOrder): Promise<EwayBillFile> {
  const invoice = await invoiceDocument(db, order, "invoice");
  const sellerPincode = pincodeAtEnd(invoice.seller.address);
  if (!sellerPincode) {
    throw new AppError(
      "validation-failed",
      "The seller's address on this invoice does not end with its 6-digit pincode, which the e-way bill needs. Please fill in Part A on the portal.",
    );
  }
  return {
    filename: `EWB-${invoice.number.replaceAll("/", "-")}.json`,
    partA: partAOf(invoice, { buyerGstin: buyerGstinOf(order), sellerPincode }),
  };
}
