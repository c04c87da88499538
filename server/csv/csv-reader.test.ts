import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { AppError } from "../errors.ts";
import { CSV_MAX_BYTES, CsvFormatError, type CsvRecord, readCsvRecords } from "./csv-reader.ts";
import { csvText } from "./csv-writer.ts";

async function records(source: Parameters<typeof readCsvRecords>[0], maxBytes?: number): Promise<CsvRecord[]> {
  const found: CsvRecord[] = [];
  for await (const record of readCsvRecords(source, { maxBytes })) found.push(record);
  return found;
}

/** The same bytes, handed over one byte at a time: every line break and character split across chunks. */
function byteByByte(text: string): Iterable<Uint8Array> {
  const bytes = Buffer.from(text, "utf8");
  return Array.from(bytes, (_, index) => bytes.subarray(index, index + 1));
}

describe("the one CSV reader, from the side of whoever saved the file", () => {
  it("reads quotes, doubled quotes, commas and line breaks inside cells, and counts lines as an editor does", async () => {
    const file =
      'Handle,Title,Body\r\nred-saree,"Red ""Rani"" Saree","Line one\r\nline two\r\nline three"\r\n' +
      'blue-kurta,"Kurta, blue","a\nb"\r\ngreen-top,Top,x\r\n';
    const found = await records([file]);
    expect(found).toEqual([
      { line: 1, cells: ["Handle", "Title", "Body"] },
      { line: 2, cells: ["red-saree", 'Red "Rani" Saree', "Line one\r\nline two\r\nline three"] },
      { line: 5, cells: ["blue-kurta", "Kurta, blue", "a\nb"] },
      { line: 7, cells: ["green-top", "Top", "x"] },
    ]);
    expect(await records(byteByByte(file))).toEqual(found);
  });

  it("drops a byte-order mark and reads LF, CRLF, CR and a mix of them alike", async () => {
    const rows = [
      ["Handle", "Title"],
      ["a", "साड़ी"],
      ["b", "Zoë’s kurta"],
      ["c", "x"],
    ];
    const expected = rows.map((cells, index) => ({ line: index + 1, cells }));
    for (const ending of ["\n", "\r\n", "\r"]) {
      const file = `\uFEFF${rows.map((row) => row.join(",")).join(ending)}${ending}`;
      expect(await records([file]), JSON.stringify(ending)).toEqual(expected);
      expect(await records(byteByByte(file)), JSON.stringify(ending)).toEqual(expected);
    }
    expect(await records(["Handle,Title\r\na,साड़ी\nb,Zoë’s kurta\rc,x"])).toEqual(expected);
    // The last line need not end with a line break.
    expect(await records(["\uFEFFHandle,Title\r\na,साड़ी"])).toEqual(expected.slice(0, 2));
  });

  it("passes over empty lines and lines of commas, and still numbers the lines after them", async () => {
    const found = await records(['\r\nHandle,Title\r\n\r\n,\r\nred-saree,"A\r\nB"\r\n\r\n\r\nblue-kurta,K\r\n\r\n']);
    expect(found).toEqual([
      { line: 2, cells: ["Handle", "Title"] },
      { line: 5, cells: ["red-saree", "A\r\nB"] },
      { line: 9, cells: ["blue-kurta", "K"] },
    ]);
  });

  it("keeps a stray quote inside an unquoted cell as text", async () => {
    expect(await records(['Title,Size\n5" heels,UK 5\n'])).toEqual([
      { line: 1, cells: ["Title", "Size"] },
      { line: 2, cells: ['5" heels', "UK 5"] },
    ]);
  });

  it("names the line of a quoted cell that is never closed, after multi-line cells and empty lines", async () => {
    const file = 'Handle,Body\r\na,"one\r\ntwo"\r\n\r\nb,"never closed\r\nc,d\r\n';
    const error = await records([file]).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CsvFormatError);
    expect((error as CsvFormatError).line).toBe(5);
    expect((error as CsvFormatError).userMessage).toBe(
      'Line 5: a quoted cell starts on this line and is never closed: a quote inside a quoted cell is written twice ("").',
    );
    expect((error as CsvFormatError).status).toBe(400);
  });

  it("reads a file the shop's own writer made back to the same cells, formulas' quote included", async () => {
    const rows = [["a", "=1+1", 'say "hi"', "line\r\nbreak", "cr\rhere", "₹2,69,900.00", ""]];
    const found = await records([csvText(rows)]);
    expect(found).toEqual([
      { line: 1, cells: ["a", "'=1+1", 'say "hi"', "line\r\nbreak", "cr\rhere", "₹2,69,900.00", ""] },
    ]);
  });

  it("refuses a file past its limit while it streams, without reading the rest", async () => {
    let chunksRead = 0;
    const chunk = `${"x".repeat(1023)}\n`;
    async function* tenMegabytesAndMore() {
      for (let index = 0; index < 20 * 1024; index++) {
        chunksRead++;
        yield chunk;
      }
    }
    const error = await records(tenMegabytesAndMore()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(413);
    expect((error as AppError).userMessage).toBe(
      "The file is larger than 10 MB, the most the shop reads at once: split it into smaller files, each with the header line.",
    );
    expect(chunksRead).toBeLessThan(10 * 1024 + 64);
  });

  it("reads a file of exactly its limit, from a Node stream", async () => {
    const row = `${"y".repeat(1023)}\n`;
    const file = row.repeat(CSV_MAX_BYTES / 1024);
    expect(Buffer.byteLength(file)).toBe(CSV_MAX_BYTES);
    let count = 0;
    for await (const record of readCsvRecords(Readable.from([Buffer.from(file)]))) {
      count++;
      expect(record.line).toBe(count);
    }
    expect(count).toBe(10 * 1024);
    await expect(records([file, "z"])).rejects.toThrow(/larger than 10 MB/);
  });
});
