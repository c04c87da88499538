import { indiaDay } from "#core/dates.ts";
/** The Indian financial year (April to March, India time) a moment falls in: "26-27". */
export function financialYearOf(at: number): string {
  const [year = "0", month = "0"] = indiaDay(at).split("-");
  const start = Number(month) >= 4 ? Number(year) : Number(year) - 1;
  return `${String(start % 100).padStart(2, "0")}-${String((start + 1) % 100).padStart(2, "0")}`;
}

/**
 * A document's number: series, financial year and a zero-padded serial, "KS/26-27/000123". CGST
 * Rule 46(b) allows at most 16 characters of letters, digits, "-" and "/", unique in the year.
 */
export function formatDocumentNumber(series: string, financialYear: string, serial: number): string {
  const number = `${series}/${financialYear}/${String(serial).padStart(6, "0")}`;
  if (!Number.isSafeInteger(serial) || serial < 1 || number.length > 16 || !/^[A-Z0-9/-]+$/.test(number)) {
    throw new Error(`${number} cannot be a document number: at most 16 letters, digits, "-" and "/".`);
  }
  return number;
}
