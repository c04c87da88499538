/*
 * The sums of taxed rows, the one place they are made: an order's tax as it is placed, an invoice or
 * credit note as it is printed, and the monthly report all add their rows up here. Amounts in paise.
 */

/** Taxable value and the three taxes. */
export type TaxAmounts = { taxable: number; cgst: number; sgst: number; igst: number };

/**
 * One taxed row: a line of goods, or the share of shipping that follows a rate. `gross` is the
 * GST-inclusive value before the discount, `discount` its share of the discount, and `taxable` the
 * value after it with the tax taken out.
 */
export type TaxedLine = TaxAmounts & {
  hsn: string;
  quantity: number;
  gross: number;
  discount: number;
  rateBps: number;
};

/** Taxable value and tax at one rate. */
export type RateSummary = TaxAmounts & { rateBps: number };

/** A document's totals; `total` is what the buyer pays: gross − discount, exactly. */
export type TaxTotals = TaxAmounts & { gross: number; discount: number; total: number };

const sum = <T>(rows: readonly T[], pick: (row: T) => number) => rows.reduce((total, row) => total + pick(row), 0);

/** The rows added up rate by rate, lowest rate first. */
export function summariseByRate(rows: readonly (TaxAmounts & { rateBps: number })[]): RateSummary[] {
  const rates = [...new Set(rows.map((row) => row.rateBps))].sort((a, b) => a - b);
  return rates.map((rateBps) => {
    const at = rows.filter((row) => row.rateBps === rateBps);
    return {
      rateBps,
      taxable: sum(at, (row) => row.taxable),
      cgst: sum(at, (row) => row.cgst),
      sgst: sum(at, (row) => row.sgst),
      igst: sum(at, (row) => row.igst),
    };
  });
}

/** The rows' totals. */
export function totalsOf(rows: readonly Omit<TaxedLine, "hsn" | "quantity" | "rateBps">[]): TaxTotals {
  return {
    gross: sum(rows, (row) => row.gross),
    discount: sum(rows, (row) => row.discount),
    taxable: sum(rows, (row) => row.taxable),
    cgst: sum(rows, (row) => row.cgst),
    sgst: sum(rows, (row) => row.sgst),
    igst: sum(rows, (row) => row.igst),
    total: sum(rows, (row) => row.gross - row.discount),
  };
}
