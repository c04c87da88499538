import type { InvoiceLine } from "../invoices/invoice.schemas.ts";

/**
 * The share of a stored tax row that `quantity` pieces after `before` others make, rounded so the
 * shares add up: `round(v·(k₀+k)/n) − round(v·k₀/n)`. The returns of a line add up to its row
 * exactly, and each share keeps the row's rate (record 30).
 */
export function pieceShare(row: InvoiceLine, before: number, quantity: number): InvoiceLine {
  const upTo = (value: number, pieces: number) => Math.round((value * pieces) / row.quantity);
  const part = (value: number) => upTo(value, before + quantity) - upTo(value, before);
  return {
    ...row,
    quantity,
    gross: part(row.gross),
    discount: part(row.discount),
    taxable: part(row.taxable),
    cgst: part(row.cgst),
    sgst: part(row.sgst),
    igst: part(row.igst),
  };
}

/** What the pieces were paid, tax included: the credit note's total (value less discount). */
export const amountOf = (line: Pick<InvoiceLine, "gross" | "discount">) => line.gross - line.discount;
