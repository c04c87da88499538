import { CsvError, parse } from "csv-parse";
import { AppError } from "../errors.ts";

/*
 * The one reader of CSV files the shop is given (record 41), the sibling of the one writer
 * (csv-writer.ts, record 33). Parsing is csv-parse's, per RFC 4180 and as spreadsheets write it:
 * a byte-order mark is dropped; lines may end in CRLF, LF or CR, even mixed in one file; a quoted
 * cell may hold commas, line breaks and quotes written twice; a stray quote inside an unquoted cell
 * (`5" heels`) is kept as text. The file is read as it arrives and refused once it passes its size
 * limit, so a large upload is never held whole.
 */

export type CsvRecord = {
  /** The line of the file the record starts on, counting from 1 as an editor does. */
  line: number;
  cells: string[];
};

/** The most the shop reads of one file: 10 MB holds some 60,000 rows of the shop's own product file. */
export const CSV_MAX_BYTES = 10 * 1024 * 1024;

/** A file that is not CSV at some line: the line it happened on, and why, in plain words. */
export class CsvFormatError extends AppError {
  readonly line: number;
  readonly reason: string;

  constructor(line: number, reason: string) {
    super("validation-failed", `Line ${line}: ${reason}`);
    this.line = line;
    this.reason = reason;
  }
}

type Source = AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>;

/**
 * The records of a CSV file with the line each starts on. A record whose cells are all blank (an
 * empty line, or a line of commas) is passed over. csv-parse's own line count counts a CRLF inside
 * a quoted cell as two lines; here a record spans one line more for each line break inside its
 * cells (CRLF, LF or CR), and the empty lines skipped before it are added from the parser's count.
 * Records are taken from the parser as it meets them, a chunk of the file at a time: the records
 * before a line that is not CSV are all handed on, then the error names that line.
 */
export async function* readCsvRecords(
  source: Source,
  limits: { maxBytes?: number } = {},
): AsyncGenerator<CsvRecord, void, undefined> {
  const pending: CsvRecord[] = [];
  let nextLine = 1;
  let emptyLinesSeen = 0;
  const lineOf = (emptyLines: number) => nextLine + emptyLines - emptyLinesSeen;
  const parser = parse({
    bom: true,
    relax_quotes: true,
    relax_column_count: true,
    skip_empty_lines: true,
    record_delimiter: ["\r\n", "\n", "\r"],
    on_record: (cells: string[], context) => {
      const line = lineOf(context.empty_lines);
      emptyLinesSeen = context.empty_lines;
      nextLine = line + 1 + lineBreaksIn(cells);
      if (cells.some((cell) => cell.trim() !== "")) pending.push({ line, cells });
      return null;
    },
  });
  const failure = (error: unknown) =>
    error instanceof CsvError
      ? new CsvFormatError(
          lineOf(typeof error.empty_lines === "number" ? error.empty_lines : emptyLinesSeen),
          formatProblem(error),
        )
      : error;
  try {
    for await (const chunk of limited(source, limits.maxBytes ?? CSV_MAX_BYTES)) {
      const error = await new Promise<Error | null | undefined>((done) => parser.write(chunk, done));
      yield* pending.splice(0);
      if (error) throw failure(error);
    }
    const error = await new Promise<Error | null | undefined>((done) => {
      parser.once("error", done);
      parser.end(() => done(null));
    });
    yield* pending.splice(0);
    if (error) throw failure(error);
  } finally {
    parser.destroy();
  }
}

/** The source's bytes, as they come, until they pass the limit: then a clear refusal. */
async function* limited(source: Source, maxBytes: number): AsyncGenerator<Buffer> {
  let total = 0;
  for await (const chunk of source) {
    const bytes =
      typeof chunk === "string"
        ? Buffer.from(chunk, "utf8")
        : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    total += bytes.length;
    if (total > maxBytes) {
      throw new AppError(
        "payload-too-large",
        `The file is larger than ${sizeText(maxBytes)}, the most the shop reads at once: split it into smaller files, each with the header line.`,
      );
    }
    yield bytes;
  }
}

function sizeText(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MB` : `${bytes.toLocaleString("en-IN")} bytes`;
}

function lineBreaksIn(cells: readonly string[]): number {
  let breaks = 0;
  for (const cell of cells) {
    if (cell.includes("\n") || cell.includes("\r")) breaks += cell.match(/\r\n|\r|\n/g)?.length ?? 0;
  }
  return breaks;
}

function formatProblem(error: CsvError): string {
  const twice = 'a quote inside a quoted cell is written twice ("")';
  switch (error.code) {
    case "CSV_QUOTE_NOT_CLOSED":
      return `a quoted cell starts on this line and is never closed: ${twice}.`;
    case "CSV_INVALID_CLOSING_QUOTE":
      return `a quoted cell on this line is closed, then more text follows before the next comma: ${twice}.`;
    default:
      return "this line cannot be read as CSV.";
  }
}
