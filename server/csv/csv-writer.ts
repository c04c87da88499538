import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { type Options, stringify } from "csv-stringify";
import { stringify as stringifyNow } from "csv-stringify/sync";

/*
 * The one writer of every CSV file the shop hands out (record 33). Quoting is csv-stringify's, per
 * RFC 4180: a cell holding a comma, a double quote, a CR or an LF is quoted, its quotes doubled;
 * lines end in CRLF. Cells a spreadsheet would run as a formula are made text first (OWASP's rule,
 * see safeCell). Files begin with a byte-order mark, without which Excel reads UTF-8 (₹, Hindi
 * names) as another encoding.
 */

export type CsvCell = string | number | null | undefined;
export type CsvRow = readonly CsvCell[];

// A lone CR or LF in a cell is quoted too (csv-stringify leaves them bare once the line ending is
// chosen); formulas are handled by safeCell, whose rule for numbers differs from the library's.
const OPTIONS: Options = { record_delimiter: "\r\n", quote_record_delimiter: true, bom: true, escape_formulas: false };

// A spreadsheet reads a cell that begins with one of these as a formula (or, for tab and CR, may
// drop them and read what follows): =, +, -, @, tab, CR, and the full-width =, +, - and @ that
// Apple Numbers treats alike.
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
// A plain decimal number, negative or not ("-1998.10"): a spreadsheet reads it as the number it is.
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * A cell as the file holds it: text that a spreadsheet would take for a formula gets a single
 * quote in front (`=HYPERLINK(…)` → `'=HYPERLINK(…)`), so that it shows as the text it is; a plain
 * number, negative ones included, stays a number; nothing (null) is an empty cell.
 */
export function safeCell(value: CsvCell): string {
  if (value === null || value === undefined) return "";
  const text = typeof value === "number" ? (Number.isFinite(value) ? String(value) : "") : value;
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
}

const safeRow = (row: CsvRow) => row.map(safeCell);

/** A whole (small) file at once, as text. */
export function csvText(rows: Iterable<CsvRow>): string {
  return stringifyNow(Array.from(rows, safeRow), OPTIONS);
}

/**
 * A file written as its rows arrive, for exports too large to hold in memory: rows from an
 * iterable or an async iterable (a query read page by page), CSV text out, never more than a few
 * rows in memory. A failure reading the rows ends the stream with that error.
 */
export function csvStream(rows: Iterable<CsvRow> | AsyncIterable<CsvRow>): Readable {
  const writer = stringify(OPTIONS);
  pipeline(Readable.from(rows).map(safeRow), writer).catch((error: unknown) => writer.destroy(error as Error));
  return writer;
}
