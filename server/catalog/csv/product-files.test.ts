import { readFileSync } from "node:fs";
import { buffer } from "node:stream/consumers";
import { expect, it } from "vitest";
import { SYSTEM } from "#core/actor.ts";
import type { Db } from "../../db/schema.ts";
import { makeProduct } from "../../testing/factories.ts";
import { describeEachDatabase } from "../../testing/test-databases.ts";
import { productForEditing } from "../catalog-admin.service.ts";
import { saveSizeCodes } from "../variants.service.ts";
import { checkProductFile, exportProducts, importProductFile } from "./product-files.service.ts";

const PUBLIC_URL = "https://kesar.test";
const SHOPIFY_EXPORT = readFileSync(new URL("./fixtures/shopify-products-export.csv", import.meta.url));

/** The catalogue as the database holds it: products, sizes and how many movements each size has. */
async function catalogue(db: Db) {
  const products = await db.selectFrom("products").selectAll().orderBy("id").execute();
  const sizes = await db.selectFrom("productSizes").selectAll().orderBy("productId").orderBy("position").execute();
  const movements = await db
    .selectFrom("stockMovements")
    .select(({ fn }) => fn.countAll().as("count"))
    .executeTakeFirst();
  return { products, sizes, movements: Number(movements?.count) };
}

async function exported(db: Db, ids?: number[]) {
  return (await buffer(exportProducts(db, SYSTEM, { publicUrl: PUBLIC_URL, ...(ids ? { ids } : {}) }))).toString(
    "utf8",
  );
}

describeEachDatabase("product files in and out", (database) => {
  it("leaves the catalogue as it was when its own file is imported back (export → import)", async () => {
    const { db } = database();
    const kurta = await makeProduct(db, {
      title: 'Rani "Silk" Kurta, =red',
      titleHi: "रानी सिल्क कुर्ता",
      sizes: { S: 3, M: 0, XL: 9 },
    });
    await saveSizeCodes(db, SYSTEM, kurta, { size: "M", sku: "RANI-M", barcode: "4006381333931", reorderPoint: 1 });
    await makeProduct(db, { title: "Zari Potli", images: ["https://cdn.example/potli.jpg"], sizes: { "One Size": 2 } });
    const before = await catalogue(db);
    const file = await exported(db);
    expect(file.split("\r\n")[0]).toMatch(/^\uFEFFHandle,Title,Body \(HTML\),Vendor,Type,Tags,Published,Option1 Name,/);

    const plan = await checkProductFile(db, SYSTEM, [file], { publicUrl: PUBLIC_URL });
    expect(plan.problems).toEqual([]);
    expect(plan.updates).toEqual([]);
    const report = await importProductFile(db, SYSTEM, [file], { publicUrl: PUBLIC_URL, fileName: "products.csv" });
    expect([report.created, report.updated, report.skipped, report.pictures]).toEqual([[], [], [], 0]);
    expect(await catalogue(db)).toEqual(before);
  });

  it("carries the Hindi title and description in and out; a blank Hindi cell keeps the product's Hindi", async () => {
    const { db } = database();
    const id = await makeProduct(db, { title: "Mint Kurta", titleHi: "मिंट कुर्ता", fabricHi: "सूती" });
    const handle = `mint-kurta-${id}`;
    const header = "Handle,Title,Title (Hindi),Description (Hindi),Option1 Value,Variant Price";
    const file = (title: string, titleHi: string) =>
      [header, `${handle},${title},${titleHi},"हल्का, हवादार",M,`].join("\n");
    expect(await exported(db, [id])).toContain("मिंट कुर्ता");

    const plan = await checkProductFile(db, SYSTEM, [file("Mint Kurta", "पुदीना कुर्ता")], { publicUrl: PUBLIC_URL });
    expect(plan.updates.map((update) => update.changes)).toEqual([
      ["Title (Hindi): 'मिंट कुर्ता' → 'पुदीना कुर्ता'", "Description (Hindi) changed"],
    ]);
    await importProductFile(db, SYSTEM, [file("Mint Kurta", "पुदीना कुर्ता")], {
      publicUrl: PUBLIC_URL,
      fileName: "a.csv",
    });
    expect((await productForEditing(db, SYSTEM, id)).hindi).toEqual({
      title: { value: "पुदीना कुर्ता", stale: false },
      description: { value: "हल्का, हवादार", stale: false },
      fabric: { value: "सूती", stale: false },
    });

    // The English title changes and the Hindi cell is blank: the Hindi stays, marked out of date.
    await importProductFile(db, SYSTEM, [file("Mint Green Kurta", "")], { publicUrl: PUBLIC_URL, fileName: "b.csv" });
    expect((await productForEditing(db, SYSTEM, id)).hindi?.title).toEqual({ value: "पुदीना कुर्ता", stale: true });
  });

  it("imports a Shopify export into the shop: products on sale with their sizes, counted stock and pictures to fetch", async () => {
    const { db } = database();
    const report = await importProductFile(db, SYSTEM, [SHOPIFY_EXPORT], {
      publicUrl: PUBLIC_URL,
      fileName: "shopify.csv",
    });
    expect(report.problems).toEqual([]);
    expect(report.skipped).toEqual([]);
    expect(report.created.length).toBeGreaterThan(0);
    const saree = await db
      .selectFrom("products")
      .selectAll()
      .where("handle", "=", "banarasi-katan-silk-saree")
      .executeTakeFirstOrThrow();
    expect(saree).toMatchObject({ title: "Banarasi Katan Silk Saree", archived: 0 });
    const sizes = await db.selectFrom("productSizes").selectAll().where("productId", "=", saree.id).execute();
    expect(sizes.length).toBeGreaterThan(0);
    const movements = await db.selectFrom("stockMovements").selectAll().where("productId", "=", saree.id).execute();
    expect(
      movements.every((movement) => movement.reason === "count" && movement.note === "Import of shopify.csv"),
    ).toBe(true);
    const fetches = await db.selectFrom("pictureFetches").selectAll().where("importId", "=", report.id).execute();
    expect(fetches.length).toBe(report.pictures);
    expect(fetches.every((fetch) => fetch.status === "waiting" && fetch.url.startsWith("https://"))).toBe(true);

    // The same file again changes nothing.
    const again = await importProductFile(db, SYSTEM, [SHOPIFY_EXPORT], {
      publicUrl: PUBLIC_URL,
      fileName: "again.csv",
    });
    expect([again.created.length, again.updated.length, again.unchanged]).toEqual([0, 0, report.created.length]);
  });

  it("skips a product whose SKU another product has, naming it, and writes the rest", async () => {
    const { db } = database();
    const other = await makeProduct(db, { title: "Festive Kurta Set", sizes: { M: 1 } });
    await saveSizeCodes(db, SYSTEM, other, { size: "M", sku: "TAKEN-1", barcode: "", reorderPoint: null });
    const file = [
      "Handle,Title,Body (HTML),Type,Option1 Value,Variant SKU,Variant Price,Variant Inventory Qty,Image Src,Collections",
      "good-one,Good One,<p>Fine.</p>,Kurta,M,,999.00,4,https://cdn.example/a.jpg,Ethnic",
      'bad-one,Bad One,<p>Clash.</p>,Kurta,M,taken-1,"12,99.x",1,https://cdn.example/b.jpg,Ethnic',
      "bad-two,Bad Two,<p>Clash.</p>,Kurta,M,taken-2,999,1,https://cdn.example/b.jpg,Ethnic",
    ].join("\n");
    const plan = await checkProductFile(db, SYSTEM, [file], { publicUrl: PUBLIC_URL });
    expect(plan.problems.map((problem) => `${problem.line} ${problem.column}: ${problem.message}`)).toEqual([
      "3 Variant Price: '12,99.x' is not an amount: write rupees as 1299 or 1,299.00.",
      `3 Variant SKU: SKU TAKEN-1 is already used by 'Festive Kurta Set' (festive-kurta-set-${other}).`,
    ]);
    expect(
      await db.selectFrom("products").select("id").where("handle", "=", "good-one").executeTakeFirst(),
    ).toBeUndefined();

    const report = await importProductFile(db, SYSTEM, [file], { publicUrl: PUBLIC_URL, fileName: "mixed.csv" });
    expect(report.created.map((created) => created.handle)).toEqual(["good-one", "bad-two"]);
    expect(report.skipped).toEqual([{ handle: "bad-one", line: 3, reason: "2 problems in its rows" }]);
    const good = await db
      .selectFrom("productSizes")
      .innerJoin("products", "products.id", "productSizes.productId")
      .select(["sku", "stock"])
      .where("handle", "=", "good-one")
      .execute();
    expect(good).toEqual([{ sku: "KSR-GOOD-ONE-M", stock: 4 }]);
  });
});
