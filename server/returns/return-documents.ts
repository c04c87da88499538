import type { Actor } from "#core/actor.ts";
import { maskUpiId } from "#core/returns.ts";
import { assertCan } from "../access.ts";
import type { Db, Executor } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import type { DocumentSigning } from "../invoices/document-signing.ts";
import type { InvoiceDocument, InvoiceLine } from "../invoices/invoice.schemas.ts";
import { type DocumentFile, documentRecipient, signedDocumentFile } from "../invoices/invoices.service.ts";
import {
  describeGoods,
  INVOICE_SERIES,
  invoicePartsOf,
  issueDocumentNumber,
  orderTaxRows,
  RETURN_CREDIT_SERIES,
} from "../invoices/invoicing.ts";
import { orderRow } from "../orders/order-rows.service.ts";
import { isSpecimenSeller, type Signatory, type StoredSeller } from "../tax/seller.ts";
import { summariseByRate, totalsOf } from "../tax/tax-summary.ts";
import { pieceShare } from "./return-shares.ts";
import { type OrderRow, orderFor, type WhichOrder } from "./returned-order.ts";
import {
  creditedQuantity,
  findDocumentLines,
  findReturn,
  insertDocumentLines,
  setReturnDocument,
} from "./returns.repository.ts";

/*
 * The tax documents of a return (record 30). Every accepted return gets a credit note of its own
 * series (CGST Act s. 34, Rule 53): the returned pieces' share of the invoice's rows, at its rates
 * and place of supply. An exchange's replacement piece is a new supply (s. 31): it gets a tax
 * invoice of its own in the ordinary series (Rule 46), the same value at the same rate, settled
 * against that credit note, so the returned piece's tax comes out and the replacement's goes in.
 */

export const RETURN_DOCUMENT_KINDS = ["credit-note", "invoice"] as const;
export type ReturnDocumentKind = (typeof RETURN_DOCUMENT_KINDS)[number];

type ReturnRow = NonNullable<Awaited<ReturnType<typeof findReturn>>>;

/**
 * The credit note of an accepted return: the returned pieces' share of the invoice's rows, at the
 * invoice's own rates and place of supply, numbered in its own series and dated with its number.
 * Issued once: a second call finds the number written and does nothing.
 */
export async function issueReturnCreditNote(
  trx: Executor,
  order: OrderRow,
  request: Pick<ReturnRow, "id" | "position" | "quantity" | "creditNoteNumber">,
  now: number,
): Promise<void> {
  if (!order.invoiceNumber || request.creditNoteNumber) return;
  const row = (await orderTaxRows(trx, order.id)).find(
    (entry) => entry.kind === "goods" && entry.position === request.position,
  );
  if (!row) return;
  const before = await creditedQuantity(trx, order.id, request.position);
  const { orderId: _orderId, position: _position, ...taxRow } = row;
  const share = pieceShare(taxRow, before, request.quantity);
  const issued = await issueDocumentNumber(trx, RETURN_CREDIT_SERIES, now);
  // Thrown, not ignored: the transaction then takes the number back, so the series keeps no gap.
  if (!(await setReturnDocument(trx, request.id, "credit-note", issued)))
    throw new Error(`Return ${request.id} has a credit note already.`);
  await insertDocumentLines(trx, "credit-note", [{ ...share, returnId: request.id, position: 0 }]);
}

/**
 * The replacement piece of an accepted exchange: a tax invoice in the ordinary series, with the
 * returned piece's credited value, rate and taxes again, for the new size. The value is the net one
 * (what the credit note credited), so the invoice shows no discount of its own. Issued once.
 */
export async function issueExchangeInvoice(
  trx: Executor,
  order: OrderRow,
  request: Pick<ReturnRow, "id" | "exchangeSize" | "exchangeInvoiceNumber">,
  line: { title: string },
  now: number,
): Promise<void> {
  if (!order.invoiceNumber || !request.exchangeSize || request.exchangeInvoiceNumber) return;
  const credited = await findDocumentLines(trx, "credit-note", request.id);
  if (credited.length === 0) return;
  const issued = await issueDocumentNumber(trx, INVOICE_SERIES, now);
  if (!(await setReturnDocument(trx, request.id, "exchange-invoice", issued)))
    throw new Error(`Exchange ${request.id} has a replacement invoice already.`);
  const description = describeGoods({ title: line.title, size: request.exchangeSize });
  await insertDocumentLines(
    trx,
    "exchange-invoice",
    credited.map((row) => ({ ...row, description, gross: row.gross - row.discount, discount: 0 })),
  );
}

/** Who asks for a return's document: the order's customer or guest link, or the administrator. */
export type DocumentAsker = WhichOrder | { returnIdForAdmin: true };

/**
 * A return's credit note, or an exchange's replacement invoice, as a document: its own rows, at the
 * order's place of supply, for whoever may see the order; anyone else is told it does not exist.
 */
export async function returnDocument(
  db: Db,
  actor: Actor,
  asker: DocumentAsker,
  returnId: number,
  kind: ReturnDocumentKind,
  currentSignatory: Signatory,
): Promise<InvoiceDocument> {
  const request = await findReturn(db, returnId);
  if (!request) throw new AppError("not-found", "This document could not be found.");
  const order = await orderOfReturn(db, actor, asker, request);
  const parts = order ? await invoicePartsOf(db, order.id) : undefined;
  if (
    !order?.invoiceNumber ||
    !order.invoiceDate ||
    !request.creditNoteNumber ||
    !request.creditNoteDate ||
    !parts?.seller ||
    !parts.supplyType
  )
    throw new AppError("not-found", "This return has no credit note: one is issued when the parcel is accepted.");
  const seller = JSON.parse(parts.seller) as StoredSeller;
  const common = {
    orderNumber: order.orderNumber,
    seller: { ...seller, signatory: seller.signatory ?? currentSignatory },
    recipient: documentRecipient(order),
    supplyType: parts.supplyType,
    specimen: isSpecimenSeller(seller),
  };
  if (kind === "credit-note") {
    const lines = withoutKeys(await findDocumentLines(db, "credit-note", returnId));
    return {
      ...common,
      kind: "credit-note",
      payment: refundWay(request),
      note: "Issued under section 34 of the CGST Act, 2017: the pieces above were returned; the rest of the invoice stands.",
      number: request.creditNoteNumber,
      date: request.creditNoteDate,
      against: { number: order.invoiceNumber, date: order.invoiceDate },
      lines,
      summary: summariseByRate(lines),
      totals: totalsOf(lines),
      roundOff: request.roundOff,
    };
  }
  return replacementInvoice(db, request, order.invoiceNumber, common);
}

/**
 * An accepted exchange's replacement invoice, settled against its return's credit note. Its value is
 * the credited value, so it rounds as the credit note did (record 34): the two amounts due are equal
 * and nothing is left to pay.
 */
async function replacementInvoice(
  db: Db,
  request: ReturnRow,
  invoiceNumber: string,
  common: Pick<InvoiceDocument, "orderNumber" | "seller" | "recipient" | "supplyType" | "specimen">,
): Promise<InvoiceDocument> {
  if (!request.exchangeInvoiceNumber || request.exchangeInvoiceDate === null)
    throw new AppError("not-found", "This return has no replacement invoice: only an accepted exchange has one.");
  const lines = withoutKeys(await findDocumentLines(db, "exchange-invoice", request.id));
  const totals = totalsOf(lines);
  const settledAgainst = `Settled against credit note ${request.creditNoteNumber}`;
  return {
    ...common,
    kind: "invoice",
    note: `A replacement in exchange for the piece returned on credit note ${request.creditNoteNumber} (invoice ${invoiceNumber}): its value is set off against that credit note, so nothing is to pay.`,
    payment: settledAgainst,
    settlements: [{ label: settledAgainst, amount: totals.total + request.roundOff }],
    number: request.exchangeInvoiceNumber,
    date: request.exchangeInvoiceDate,
    against: null,
    lines,
    summary: summariseByRate(lines),
    totals,
    roundOff: request.roundOff,
  };
}

/**
 * How a return's credit is settled, as its credit note's head says it (record 32): the refund's way
 * (a UPI ID masked), store credit first where the order was paid with it, or an exchange's
 * replacement invoice.
 */
function refundWay(request: ReturnRow): string {
  if (request.kind === "exchange") {
    return request.exchangeInvoiceNumber
      ? `Set off against invoice ${request.exchangeInvoiceNumber}`
      : "Set off against the replacement";
  }
  const way =
    request.refundMethod === "upi" && request.upiId
      ? `Refund to UPI ID ${maskUpiId(request.upiId)}`
      : request.refundMethod === "store-credit"
        ? "Refund as store credit"
        : "Refund to the original payment";
  return Number(request.storeCreditBack) > 0 && request.refundMethod !== "store-credit"
    ? `Store credit; ${way.charAt(0).toLowerCase()}${way.slice(1)}`
    : way;
}

/** The return's order, if the asker may see it. */
async function orderOfReturn(
  db: Db,
  actor: Actor,
  asker: DocumentAsker,
  request: ReturnRow,
): Promise<OrderRow | undefined> {
  if ("returnIdForAdmin" in asker) {
    assertCan(actor, "returns.manage");
    return orderRow(db, { id: request.orderId });
  }
  const order = await orderFor(db, actor, asker);
  return order.id === request.orderId ? order : undefined;
}

/** A document's stored rows as it prints them: without the keys that tie them to their return. */
function withoutKeys(rows: readonly (InvoiceLine & { returnId: number; position: number })[]): InvoiceLine[] {
  return rows.map(({ returnId: _returnId, position: _position, ...line }) => line);
}

/**
 * A return's credit note or an exchange's replacement invoice as a PDF for whoever may see its order
 * (the customer, the guest's secret link, or the administrator), signed as the shop's invoices are.
 */
export async function returnDocumentFile(
  db: Db,
  signing: DocumentSigning,
  actor: Actor,
  asker: DocumentAsker,
  returnId: number,
  kind: ReturnDocumentKind,
): Promise<DocumentFile> {
  return signedDocumentFile(signing, await returnDocument(db, actor, asker, returnId, kind, signing.signatory));
}
