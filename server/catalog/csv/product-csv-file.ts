import { normalizeHandle } from "#core/product-handle.ts";
import { normalizeSku } from "#core/sku.ts";
import { CsvFormatError, readCsvRecords } from "../../csv/csv-reader.ts";
import {
  columnName,
  type HeaderMatch,
  matchHeader,
  PRODUCT_CSV_COLUMNS,
  type ProductColumn,
} from "./product-csv-layout.ts";
import type { CsvProblem } from "./product-transfer.ts";

/** One row of a product file: its line, and its cells by column, trimmed. */
export type ProductCsvRow = { line: number; cells: Partial<Record<ProductColumn, string>> };

/** A product file as read, before it is checked against the shop. */
export type ProductCsvFile = {
  /** How the file spells its columns, for messages. */
  names: HeaderMatch["names"];
  rows: ProductCsvRow[];
  /** Problems of the file as a whole (its header, its CSV) and of single rows' cells. */
  problems: CsvProblem[];
  /** False when the file as a whole cannot be read as products: no rows are checked then. */
  readable: boolean;
  /** What the file holds that the shop reads past, in plain words. */
  notices: string[];
  /** The handles the rows name, normalised: the caller looks these products up. */
  handles: string[];
  /** The SKUs the rows name, normalised. */
  skus: string[];
};

// What the shop's writer (and a spreadsheet user) puts before a cell that would read as a formula.
const NEUTRALISED = /^'(?=[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20])/;

/**
 * Reads a product file in the shop's layout: the header line (its missing, repeated and unknown
 * columns), then every row with the line it starts on. A file past the size limit is refused (the
 * reader's 413); a file that is not CSV at some line, or is not UTF-8, is a problem of that line.
 */
export async function readProductCsv(
  source: Parameters<typeof readCsvRecords>[0],
  limits: { maxBytes?: number } = {},
): Promise<ProductCsvFile> {
  const file: ProductCsvFile = {
    names: {},
    rows: [],
    problems: [],
    readable: true,
    notices: [],
    handles: [],
    skus: [],
  };
  let header: (HeaderMatch & { line: number }) | undefined;
  let encodingReported = false;
  try {
    for await (const record of readCsvRecords(source, limits)) {
      if (!header) {
        header = { ...readHeader(file, record.line, record.cells), line: record.line };
        continue;
      }
      const row = readRow(file, header, record.line, record.cells);
      if (!encodingReported) encodingReported = reportEncoding(file, row);
      file.rows.push(row);
    }
  } catch (error) {
    if (!(error instanceof CsvFormatError)) throw error;
    file.problems.push({ line: error.line, column: null, message: error.reason });
    file.readable = false;
  }
  if (!header) {
    file.problems.push({ line: 1, column: null, message: "the file is empty: it has no header line." });
    file.readable = false;
  } else if (header.missing.length > 0 || header.repeated.length > 0) {
    file.readable = false;
  } else if (file.rows.length === 0 && file.readable) {
    file.problems.push({ line: header.line, column: null, message: "the file has a header line but no product rows." });
    file.readable = false;
  }
  file.handles = [...new Set(file.rows.map((row) => normalizeHandle(row.cells.handle ?? "")).filter(Boolean))];
  file.skus = [...new Set(file.rows.map((row) => normalizeSku(row.cells.sku ?? "")).filter(Boolean))];
  return file;
}

function readHeader(file: ProductCsvFile, line: number, cells: readonly string[]): HeaderMatch {
  const header = matchHeader(cells.map((cell) => cell.replace(/^\uFEFF/, "")));
  file.names = header.names;
  for (const key of header.missing) {
    const spec = PRODUCT_CSV_COLUMNS[key];
    const also = "aliases" in spec ? ` (Shopify's newer files call it ${spec.aliases.join(" or ")})` : "";
    file.problems.push({
      line,
      column: spec.header,
      message: `the header line has no ${spec.header} column${also}: the first line must name the columns.`,
    });
  }
  for (const { name, first } of header.repeated) {
    file.problems.push({ line, column: name, message: `this is the same column as ${first}: keep one of them.` });
  }
  if (header.ignored.length > 0) {
    file.notices.push(`Columns the shop does not keep, read past: ${header.ignored.join(", ")}.`);
  }
  return header;
}

function readRow(file: ProductCsvFile, header: HeaderMatch, line: number, cells: readonly string[]): ProductCsvRow {
  const row: ProductCsvRow = { line, cells: {} };
  for (const [index, cell] of cells.entries()) {
    const key = header.columns[index];
    if (key) row.cells[key] = cell.replace(NEUTRALISED, "").trim();
  }
  const extra = cells.slice(header.columns.length).filter((cell) => cell.trim() !== "").length;
  if (extra > 0) {
    file.problems.push({
      line,
      column: null,
      message: `the row has ${cells.length} cells, the header line ${header.columns.length}: a cell holding a comma may be missing its quotes.`,
    });
  }
  return row;
}

/** A cell that could not be read as UTF-8 is reported once: the file was saved in another encoding. */
function reportEncoding(file: ProductCsvFile, row: ProductCsvRow): boolean {
  const bad = (Object.entries(row.cells) as [ProductColumn, string][]).find(([, cell]) => cell.includes("\uFFFD"));
  if (!bad) return false;
  file.problems.push({
    line: row.line,
    column: columnName(file.names, bad[0]),
    message: "the file is not UTF-8 text (characters such as ₹ or Hindi letters are lost): save it as 'CSV UTF-8'.",
  });
  return true;
}
