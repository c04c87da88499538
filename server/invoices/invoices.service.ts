import { stateByCode } from "#core/indian-states.ts";
import type { OfferTaken } from "#core/offers.ts";
import type { Db } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { orderOffers } from "../offers/offer-redemption.ts";
import { isSpecimenSeller, type Signatory, type StoredSeller } from "../tax/seller.ts";
import { summariseByRate, totalsOf } from "../tax/tax-summary.ts";
import { type DocumentSigning, signPdf } from "./document-signing.ts";
import { type PartA, partAOf, pincodeAtEnd } from "./eway-bill-part-a.ts";
import { buyerGstinOf, needsEwayBill } from "./eway-bills.ts";
import {
  type InvoiceDocument,
  type InvoicedOrder,
  type InvoiceLine,
  ORIGINAL_COPY,
  TRANSPORTER_COPY,
} from "./invoice.schemas.ts";
import { renderInvoicePdf } from "./invoice-pdf.ts";
import { findInvoiceParts, findTaxLines } from "./invoices.repository.ts";

export const DOCUMENT_KINDS = ["invoice", "credit-note"] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export type DocumentFile = { filename: string; pdf: Buffer };

/**
 * An order's invoice or credit note as a PDF file, signed with the shop's certificate when it has
 * one; whoever asks has been checked by the caller.
 */
export async function documentFile(
  db: Db,
  signing: DocumentSigning,
  order: InvoicedOrder,
  kind: DocumentKind,
): Promise<DocumentFile> {
  return signedDocumentFile(signing, await invoiceDocument(db, order, kind, signing.signatory));
}

/** A tax document rendered as PDF and named by its number, signed when the shop has a certificate. */
export async function signedDocumentFile(signing: DocumentSigning, document: InvoiceDocument): Promise<DocumentFile> {
  const rendered = await renderInvoicePdf(document);
  // The signature is made now, by whoever holds the certificate now: the configured signatory.
  const pdf = signing.certificate
    ? await signPdf(rendered, signing.certificate, {
        name: signing.signatory.name,
        reason: `${document.kind === "invoice" ? "Tax invoice" : "Credit note"} ${document.number}`,
      })
    : rendered;
  return { filename: `${document.number.replaceAll("/", "-")}.pdf`, pdf };
}

/** The buyer a tax document is made out to, from the order's delivery details and business buyer. */
export function documentRecipient(order: {
  name: string;
  address: string;
  city: string;
  pincode: string;
  stateCode: string;
  phone: string;
  email: string;
  buyerGstin: string | null;
  buyerLegalName: string | null;
}): InvoiceDocument["recipient"] {
  return {
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
  };
}

/**
 * An order's invoice (or its credit note) as issued: the tax rows stored when the order was placed,
 * and the seller as it was then. Nothing is worked out again, so a document never changes.
 */
export async function invoiceDocument(
  db: Db,
  order: InvoicedOrder,
  kind: DocumentKind,
  currentSignatory: Signatory,
): Promise<InvoiceDocument> {
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
  const seller = JSON.parse(parts.seller) as StoredSeller;
  const totals = totalsOf(lines);
  // A credit note reverses the invoice in full: its round off too.
  const roundOff = order.roundOff ?? 0;
  const supplyType = parts.supplyType;
  const moves = needsEwayBill({ supplyType, total: totals.total + roundOff, roundOff, ...movedOn(order) });
  return {
    kind,
    ...(kind === "invoice" ? paymentOf(order, totals.total + roundOff) : {}),
    number: issued.number,
    date: issued.date,
    against: kind === "credit-note" ? order.invoice : null,
    orderNumber: order.orderNumber,
    // Orders placed before the shop named a signatory left the signatory's line blank for a hand
    // signature; a copy made now is signed by today's signatory (digitally, when the shop has a
    // certificate), so it names today's signatory rather than print an unsigned-looking invoice.
    seller: { ...seller, signatory: seller.signatory ?? currentSignatory },
    recipient: documentRecipient(order),
    supplyType,
    lines,
    summary: summariseByRate(lines),
    totals,
    roundOff,
    // Goods that move under an e-way bill travel with the transporter's copy of their invoice (Rule 48(1)(b)).
    ...(kind === "invoice" && moves ? { copies: [ORIGINAL_COPY, TRANSPORTER_COPY] } : {}),
    ...(isSpecimenSeller(seller) ? { specimen: true } : {}),
    discounts: discountsByCause(await orderOffers(db, order.id), totals.discount),
  };
}

/** Where and when an order's goods move, for the e-way bill's limits: its delivery state and invoice day. */
function movedOn(order: InvoicedOrder): { stateCode: string; createdAt: number } {
  return { stateCode: order.stateCode, createdAt: order.invoice?.date ?? Date.now() };
}

/**
 * A document's discount by cause: each offer's part (record 31), then the reward points, which
 * are the rest.
 */
function discountsByCause(offers: readonly OfferTaken[], discount: number): { label: string; amount: number }[] {
  const rows = offers
    .filter((offer) => offer.goods > 0)
    .map((offer) => ({ label: `offer ${offer.name}`, amount: offer.goods }));
  const points = discount - rows.reduce((sum, row) => sum + row.amount, 0);
  return [...rows, ...(points > 0 ? [{ label: "reward points", amount: points }] : [])];
}

/**
 * How an invoice says it is paid: online, or cash on delivery; store credit paid at checkout is a
 * payment towards it (record 30), printed with the balance left to pay, never as a discount.
 * `total` is the amount due, round off included.
 */
function paymentOf(order: InvoicedOrder, total: number): Pick<InvoiceDocument, "payment" | "settlements"> {
  const credit = order.storeCreditUsed ?? 0;
  const way = order.payment?.method === "online" ? "Paid online" : "Cash on delivery";
  if (credit <= 0) return { payment: way };
  return {
    payment: credit === total ? "Paid by store credit" : `Store credit; ${way.toLowerCase()}`,
    settlements: [{ label: "Paid by store credit", amount: credit }],
  };
}

export type EwayBillFile = { filename: string; partA: PartA };

/**
 * Part A of an order's e-way bill, from its tax invoice as issued, for the portal's bulk upload;
 * the caller has checked who asks and that the order needs one. The seller's pincode is read from
 * the end of the seller's address on the invoice, as the invoice prints it.
 */
export async function ewayBillFile(db: Db, order: InvoicedOrder, signatory: Signatory): Promise<EwayBillFile> {
  const invoice = await invoiceDocument(db, order, "invoice", signatory);
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
