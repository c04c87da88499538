import type { Executor } from "../db/schema.ts";
import type { InvoiceLine } from "../invoices/invoice.schemas.ts";
import { inWholeRupees } from "../tax/round-off.ts";
import { sumRefundsAsked } from "./returns.repository.ts";

/**
 * The share of a stored tax row that `quantity` pieces after `before` others make, rounded so the
 * shares add up: `round(v·(k₀+k)/n) − round(v·k₀/n)`. The returns of a line add up to its row
 * exactly, and each share keeps the row's rate (record 30). The taxable value is what is left of
 * the share's value once its taxes are taken out, as on the invoice, so a credit note's taxable
 * value and tax always add up to its total, to the paisa.
 */
export function pieceShare(row: InvoiceLine, before: number, quantity: number): InvoiceLine {
  const upTo = (value: number, pieces: number) => Math.round((value * pieces) / row.quantity);
  const part = (value: number) => upTo(value, before + quantity) - upTo(value, before);
  const [gross, discount, cgst, sgst, igst] = [row.gross, row.discount, row.cgst, row.sgst, row.igst].map(part) as [
    number,
    number,
    number,
    number,
    number,
  ];
  return { ...row, quantity, gross, discount, taxable: gross - discount - cgst - sgst - igst, cgst, sgst, igst };
}

/** What the pieces were paid, tax included: the credit note's total (value less discount). */
export const amountOf = (line: Pick<InvoiceLine, "gross" | "discount">) => line.gross - line.discount;

/**
 * What a return credits and pays back: the pieces' share in whole rupees, as every amount to pay is
 * (record 34), and the round off that made it, which its credit note prints outside the taxable
 * value. Each note is rounded on its own, so its round off stays within half a rupee; a refund is
 * never more than the order has left to give back (its total less the refunds asked before), which
 * only binds when rounding up several notes of an order that paid no shipping would otherwise
 * pay back a rupee more than was paid.
 */
export async function returnAmount(
  trx: Executor,
  order: { id: number; total: number },
  share: number,
  kind: "refund" | "exchange",
): Promise<{ amount: number; roundOff: number }> {
  const rounded = inWholeRupees(share);
  const amount =
    kind === "refund" ? Math.max(0, Math.min(rounded, order.total - (await sumRefundsAsked(trx, order.id)))) : rounded;
  return { amount, roundOff: amount - share };
}
