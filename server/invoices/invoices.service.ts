import { stateByCode } from "../../app/lib/indian-states.ts";
import type { Actor } from "../accounts/actor.ts";
import type { Db } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import type { OrderDetail } from "../orders/orders.schemas.ts";
import { customerOrder, orderByAccessToken, orderForAdmin } from "../orders/orders.service.ts";
import type { InvoiceDocument, InvoiceLine, RateSummary, SellerDetails } from "./invoice.schemas.ts";
import { renderInvoicePdf } from "./invoice-pdf.ts";
import { findInvoiceParts, findTaxLines } from "./invoices.repository.ts";

export const DOCUMENT_KINDS = ["invoice", "credit-note"] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export type DocumentFile = { filename: string; pdf: Buffer };

/** The customer's own order's invoice or credit note; anyone else's order is "not found". */
export async function customerDocument(db: Db, actor: Actor, orderNumber: string, kind: DocumentKind) {
  return documentFile(db, await customerOrder(db, actor, orderNumber), kind);
}

/** A guest's invoice or credit note, through the secret of the order's link. */
export async function guestDocument(db: Db, token: string, kind: DocumentKind) {
  return documentFile(db, await orderByAccessToken(db, token), kind);
}

/** Any order's invoice or credit note, for the administrator. */
export async function adminDocument(db: Db, actor: Actor, orderId: number, kind: DocumentKind) {
  return documentFile(db, await orderForAdmin(db, actor, orderId), kind);
}

async function documentFile(db: Db, order: OrderDetail, kind: DocumentKind): Promise<DocumentFile> {
  const document = await invoiceDocument(db, order, kind);
  return { filename: `${document.number.replaceAll("/", "-")}.pdf`, pdf: await renderInvoicePdf(document) };
}

/**
 * An order's invoice (or its credit note) as issued: the tax rows stored when the order was placed,
 * and the seller as it was then. Nothing is worked out again, so a document never changes.
 */
export async function invoiceDocument(db: Db, order: OrderDetail, kind: DocumentKind): Promise<InvoiceDocument> {
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
  const sum = (pick: (line: InvoiceLine) => number, of = lines) => of.reduce((total, line) => total + pick(line), 0);
  const summary: RateSummary[] = [...new Set(lines.map((line) => line.rateBps))]
    .sort((a, b) => a - b)
    .map((rateBps) => {
      const at = lines.filter((line) => line.rateBps === rateBps);
      return {
        rateBps,
        taxable: sum((l) => l.taxable, at),
        cgst: sum((l) => l.cgst, at),
        sgst: sum((l) => l.sgst, at),
        igst: sum((l) => l.igst, at),
      };
    });
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
    },
    supplyType: parts.supplyType,
    lines,
    summary,
    totals: {
      gross: sum((l) => l.gross),
      discount: sum((l) => l.discount),
      taxable: sum((l) => l.taxable),
      cgst: sum((l) => l.cgst),
      sgst: sum((l) => l.sgst),
      igst: sum((l) => l.igst),
      total: sum((l) => l.gross - l.discount),
    },
  };
}
