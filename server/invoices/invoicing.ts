import type { Insertable } from "kysely";
import type { Executor, OrderTaxLinesTable } from "../db/schema.ts";
import { financialYearOf, formatDocumentNumber } from "../tax/document-numbers.ts";
import { sharePoints, taxOrder } from "../tax/order-tax.ts";
import type { SellerDetails } from "../tax/seller.ts";
import type { TaxedLine } from "../tax/tax-summary.ts";
import { nextDocumentNumber, numberOrderInvoice } from "./document-counters.repository.ts";
import { findInvoiceParts, findTaxLines, insertTaxLines, setCreditNote } from "./invoices.repository.ts";

/**
 * Invoices are numbered KS/26-27/000001…, credit notes CN/26-27/000001…, and the credit notes of
 * returns RC/26-27/000001… (record 30), each from 1 every April.
 */
export const INVOICE_SERIES = "KS";
export const CREDIT_NOTE_SERIES = "CN";
export const RETURN_CREDIT_SERIES = "RC";

/** How an invoice names the fee for cash on delivery. */
export const COD_FEE_DESCRIPTION = "Cash on delivery fee";

export type InvoiceDraft = {
  supplyType: "intra" | "inter";
  /** The seller as the invoice prints it, kept with the order. */
  seller: string;
  rows: Omit<Insertable<OrderTaxLinesTable>, "orderId">[];
};

/** A line as sold; `offer` is the offers' share of it (paise), which an offer may have split off (record 31). */
type SoldLine = {
  title: string;
  size: string;
  hsn: string;
  unitPrice: number;
  quantity: number;
  material?: string;
  offer?: number;
};

/**
 * The invoice of an order being placed: the tax of every line worked out now (and stored with the
 * order, so the invoice never changes). Each line's discount is its offers' share and then its share
 * of the points (paise) redeemed, which come after the offers. Its number comes last
 * (`issueInvoiceNumber`).
 */
export function draftInvoice(
  sale: { lines: readonly SoldLine[]; points: number; shipping: number; stateCode: string; codFee?: number },
  seller: SellerDetails,
  now: number,
): InvoiceDraft {
  const lines = sharePoints(
    sale.lines.map(({ hsn, unitPrice, quantity, material, offer }) => ({
      hsn,
      unitPrice,
      quantity,
      material,
      discount: offer ?? 0,
    })),
    sale.points,
  );
  const tax = taxOrder({
    lines,
    shipping: sale.shipping,
    sellerStateCode: seller.stateCode,
    deliveryStateCode: sale.stateCode,
    onDate: now,
  });
  const goods = tax.goods.map((line, i) => {
    const sold = sale.lines[i];
    return row("goods", sold ? describeGoods(sold) : "", line);
  });
  const shipping = tax.shipping.map((line) => row("shipping", "Shipping and handling", line));
  // Cash on delivery's fee is charged with the goods, as shipping is: part of the one composite
  // supply, taxed at the goods' rate (record 24, after record 20). Its rows are worked out as
  // shipping's are, and named for what they are.
  const codFee = sale.codFee
    ? taxOrder({
        lines,
        shipping: sale.codFee,
        sellerStateCode: seller.stateCode,
        deliveryStateCode: sale.stateCode,
        onDate: now,
      }).shipping.map((line) => row("shipping", COD_FEE_DESCRIPTION, line))
    : [];
  return {
    supplyType: tax.supplyType,
    seller: JSON.stringify(seller),
    rows: [...goods, ...shipping, ...codFee].map((entry, position) => ({ ...entry, position })),
  };
}

/**
 * Gives an order being placed the next invoice number of the financial year and the invoice's date,
 * in its transaction. The date is taken with the number: `now`, or the previous invoice's date if
 * that is later (an order that began earlier may be numbered after one that began later), so the
 * dates never run backwards against the numbers. The counter's row stays locked until that
 * transaction ends, so every other order waits for it: this is the transaction's last step but the
 * history row, so the lock is held for a statement or two, not for the whole order (record 18). If
 * the order fails, the number goes back with it.
 */
export async function issueInvoiceNumber(trx: Executor, orderId: number, now: number): Promise<IssuedNumber> {
  const year = financialYearOf(now);
  const prefix = `${INVOICE_SERIES}/${year}/`;
  const issued = await numberOrderInvoice(trx, orderId, { series: INVOICE_SERIES, financialYear: year, prefix, now });
  // Thrown, so the order and its number go back together, if the serial outgrew its six digits.
  if (formatDocumentNumber(INVOICE_SERIES, year, issued.serial) !== issued.invoiceNumber)
    throw new Error(`Invoice ${issued.invoiceNumber} does not read as serial ${issued.serial}.`);
  return { number: issued.invoiceNumber, date: issued.date };
}

function row(kind: "goods" | "shipping", description: string, line: TaxedLine) {
  return { kind, description, ...line };
}

/**
 * Cancelling an invoiced order issues a credit note that reverses its invoice in full (CGST Act
 * s. 34), numbered in its own series, in the cancellation's transaction, and dated with its number
 * as an invoice is (never before the previous credit note). An order placed before invoicing began
 * has nothing to reverse.
 */
export async function issueCreditNote(
  trx: Executor,
  order: { id: number; invoiceNumber: string | null; creditNoteNumber: string | null },
  now: number,
): Promise<string | null> {
  if (!order.invoiceNumber || order.creditNoteNumber) return order.creditNoteNumber;
  const issued = await issueDocumentNumber(trx, CREDIT_NOTE_SERIES, now);
  // Thrown, not ignored: the transaction then takes the number back, so the series keeps no gap.
  if (!(await setCreditNote(trx, order.id, issued.number, issued.date)))
    throw new Error(`Order ${order.id} has a credit note already.`);
  return issued.number;
}

/** A tax document's number and its date, issued together. */
export type IssuedNumber = { number: string; date: number };

/**
 * The next number of a series with its date, in the caller's transaction (record 18): credit notes
 * (a cancellation's and a return's) and returns' replacement invoices are numbered here, in the
 * series their kind belongs to.
 */
export async function issueDocumentNumber(trx: Executor, series: string, now: number): Promise<IssuedNumber> {
  const year = financialYearOf(now);
  const issued = await nextDocumentNumber(trx, series, year, now);
  return { number: formatDocumentNumber(series, year, issued.serial), date: issued.date };
}

/** Keeps the tax rows of an order's invoice, drafted as it is placed (`draftInvoice`). */
export async function keepInvoiceRows(trx: Executor, orderId: number, draft: InvoiceDraft): Promise<void> {
  await insertTaxLines(
    trx,
    draft.rows.map((row) => ({ ...row, orderId })),
  );
}

/** The tax rows of an order's invoice, in their order: what a return's share is taken from. */
export function orderTaxRows(executor: Executor, orderId: number) {
  return findTaxLines(executor, orderId);
}

/** The seller and the supply type an order's documents were made out with. */
export function invoicePartsOf(executor: Executor, orderId: number) {
  return findInvoiceParts(executor, orderId);
}

/** A line as the invoice names it: the size when there is a choice of sizes ("One Size" says nothing). */
export function describeGoods(sold: { title: string; size: string }): string {
  return sold.size === "One Size" ? sold.title : `${sold.title} (size ${sold.size})`;
}
