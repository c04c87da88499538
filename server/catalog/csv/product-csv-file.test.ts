import { describe, expect, it } from "vitest";
import { AppError } from "../../errors.ts";
import { readProductCsv } from "./product-csv-file.ts";
import { problemText } from "./product-transfer.ts";

const HEADER = "Handle,Title,Option1 Name,Option1 Value,Variant SKU,Variant Inventory Qty,Variant Price";
const read = (text: string | Buffer) => readProductCsv([text]);
const texts = (file: Awaited<ReturnType<typeof read>>) => file.problems.map(problemText);

describe("reading a product file, from the side of whoever made it", () => {
  it("reads the header whatever its case and spacing, and Shopify's newer spellings as the same columns", async () => {
    const newer = await read(
      "Title,URL handle,Description,SKU,option1 NAME,Option 1 value,Price,Compare-at price,Inventory quantity,Barcode,Product image URL,Image position,Published on online store,Status\n" +
        "Red Saree,red-saree,<p>Silk</p>,KSR-1-OS,Size,One Size,1299.00,,4,8901234567890,https://cdn.example/r.jpg,1,TRUE,active\n",
    );
    expect(newer.problems).toEqual([]);
    expect(newer.notices).toEqual([]);
    expect(newer.rows).toEqual([
      {
        line: 2,
        cells: {
          title: "Red Saree",
          handle: "red-saree",
          body: "<p>Silk</p>",
          sku: "KSR-1-OS",
          optionName: "Size",
          size: "One Size",
          price: "1299.00",
          compareAtPrice: "",
          stock: "4",
          barcode: "8901234567890",
          imageSrc: "https://cdn.example/r.jpg",
          imagePosition: "1",
          published: "TRUE",
          status: "active",
        },
      },
    ]);
    // Messages name a column as the file spells it.
    expect(newer.names.price).toBe("Price");
    expect(newer.names.handle).toBe("URL handle");
    expect(newer.handles).toEqual(["red-saree"]);
    expect(newer.skus).toEqual(["KSR-1-OS"]);
  });

  it("names each missing column and reads no rows without them", async () => {
    const file = await read("Handle,Name,Size,Cost\nred-saree,Red Saree,M,1299\n");
    expect(file.readable).toBe(false);
    expect(texts(file)).toEqual([
      "Line 1, Title: the header line has no Title column: the first line must name the columns.",
      "Line 1, Option1 Value: the header line has no Option1 Value column: the first line must name the columns.",
      "Line 1, Variant Price: the header line has no Variant Price column (Shopify's newer files call it Price): the first line must name the columns.",
    ]);
    expect(file.notices).toEqual(["Columns the shop does not keep, read past: Name, Size, Cost."]);
  });

  it("refuses a column given twice, under one spelling or two", async () => {
    const file = await read("Handle,URL handle,Title,Option1 Value,Variant Price,Title\n");
    expect(texts(file)).toEqual([
      "Line 1, URL handle: this is the same column as Handle: keep one of them.",
      "Line 1, Title: this is the same column as Title: keep one of them.",
    ]);
    expect(file.readable).toBe(false);
  });

  it("reports Shopify's columns the shop does not keep, once, and reads past them", async () => {
    const file = await read(
      `${HEADER},Variant Grams,Gift Card,SEO Title,,Option2 Name\nred-saree,Red,Size,M,,1,1299,500,false,Red,,\n`,
    );
    expect(file.problems).toEqual([]);
    expect(file.notices).toEqual([
      "Columns the shop does not keep, read past: Variant Grams, Gift Card, SEO Title, column 11 (no name).",
    ]);
    expect(Object.keys(file.rows[0]?.cells ?? {})).toEqual([
      "handle",
      "title",
      "optionName",
      "size",
      "sku",
      "stock",
      "price",
    ]);
  });

  it("reads BOM, CRLF, quotes, doubled quotes, empty lines and multi-line cells with each row's own line", async () => {
    const file = await read(
      `\uFEFF${HEADER},Body (HTML)\r\n` +
        `red-saree,"Red ""Rani"" Saree, silk",Size,S,KSR-1-S,3,"1,299.00","<p>One</p>\r\n<p>Two</p>\r\n"\r\n` +
        "\r\n" +
        "red-saree,,,M,KSR-1-M,4,1299.00,\r\n" +
        'blue-kurta,Blue Kurta,Size,L,,2,999,"a\nb"\n',
    );
    expect(file.problems).toEqual([]);
    expect(file.rows.map((row) => [row.line, row.cells.title, row.cells.size])).toEqual([
      [2, 'Red "Rani" Saree, silk', "S"],
      [6, "", "M"],
      [7, "Blue Kurta", "L"],
    ]);
    expect(file.rows[0]?.cells.body).toBe("<p>One</p>\r\n<p>Two</p>");
  });

  it("takes the quote a spreadsheet or the shop's writer puts before a formula off, and keeps the formula as text", async () => {
    const file = await read(
      `${HEADER}\nred-saree,"'=HYPERLINK(""http://evil.test"",""x"")",Size,M,,1,1299\nb,'@SUM(1),Size,M,,1,1299\nc,'Tis the season,Size,M,,1,1299\n`,
    );
    expect(file.rows.map((row) => row.cells.title)).toEqual([
      '=HYPERLINK("http://evil.test","x")',
      "@SUM(1)",
      "'Tis the season",
    ]);
  });

  it("reports a row with more cells than the header names, at its line", async () => {
    const file = await read(`${HEADER}\nred-saree,Red,Size,M,,1,1299\nred-saree,Red, silk,Size,L,,1,1299\n`);
    expect(texts(file)).toEqual([
      "Line 3: the row has 8 cells, the header line 7: a cell holding a comma may be missing its quotes.",
    ]);
    expect(file.readable).toBe(true);
  });

  it("names the line of a quote that never closes, after a cell over several lines", async () => {
    const file = await read(
      `${HEADER},Body (HTML)\nred-saree,Red,Size,M,,1,1299,"one\ntwo"\nblue,"Blue,Size,M,,1,1299,x\n`,
    );
    expect(file.readable).toBe(false);
    expect(texts(file)).toEqual([
      'Line 4: a quoted cell starts on this line and is never closed: a quote inside a quoted cell is written twice ("").',
    ]);
  });

  it("says so once when the file is not UTF-8", async () => {
    const latin1 = Buffer.concat([
      Buffer.from(`${HEADER}\nzoe,`),
      Buffer.from([0x5a, 0x6f, 0xeb, 0x27, 0x73]),
      Buffer.from(",Size,M,,1,1299\nzoe,Zo\xeb,Size,L,,1,1299\n", "latin1"),
    ]);
    const file = await read(latin1);
    expect(texts(file)).toEqual([
      "Line 2, Title: the file is not UTF-8 text (characters such as ₹ or Hindi letters are lost): save it as 'CSV UTF-8'.",
    ]);
  });

  it("says what is wrong with an empty file and with a header alone", async () => {
    expect(texts(await read(""))).toEqual(["Line 1: the file is empty: it has no header line."]);
    expect(texts(await read("\n\n"))).toEqual(["Line 1: the file is empty: it has no header line."]);
    expect(texts(await read(`\n${HEADER}\n`))).toEqual(["Line 2: the file has a header line but no product rows."]);
  });

  it("refuses a file past 10 MB while it streams (a 413), and reads one under it", async () => {
    const row = `red-saree,${"Long title ".repeat(15)},Size,M,,1,1299\n`;
    async function* elevenMegabytes() {
      yield `${HEADER}\n`;
      for (let sent = 0; sent < 11 * 1024 * 1024; sent += row.length * 1000) yield row.repeat(1000);
    }
    const refused = await readProductCsv(elevenMegabytes()).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).status).toBe(413);
    expect((refused as AppError).userMessage).toMatch(/^The file is larger than 10 MB/);

    const underLimit = await readProductCsv([`${HEADER}\n`, row.repeat(Math.floor((9.9 * 1024 * 1024) / row.length))]);
    expect(underLimit.problems).toEqual([]);
    expect(underLimit.rows.length).toBeGreaterThan(50_000);
    expect(underLimit.rows.at(-1)?.line).toBe(underLimit.rows.length + 1);
  });
});
