import { expect, it } from "vitest";
import { SYSTEM } from "#core/actor.ts";
import { importProductFile } from "../catalog/csv/product-files.service.ts";
import { bulkChangeProducts } from "../catalog/product-list.service.ts";
import { adjustSizeStock, productStock, saveSizeCodes } from "../catalog/variants.service.ts";
import type { Db } from "../db/schema.ts";
import { failure } from "../testing/app-error.ts";
import { actorFor, makeCustomer, makeProduct, uniqueWord } from "../testing/factories.ts";
import { describeEachDatabase } from "../testing/test-databases.ts";

async function auditOf(db: Db, productId: number) {
  return db
    .selectFrom("auditLog")
    .select(["kind", "actor", "before", "after", "reason"])
    .where("subjectType", "=", "product")
    .where("subjectId", "=", String(productId))
    .orderBy("id")
    .execute();
}

describeEachDatabase("stock, prices and imports by role, in the audit log", (database) => {
  it("lets the Catalogue role correct stock and change prices, each in the audit log with its reason", async () => {
    const { db } = database();
    const catalogue = actorFor(await makeCustomer(db), "catalogue");
    const id = await makeProduct(db, { title: "Audited Kurta", price: 100_000, sizes: { M: 6 } });
    await adjustSizeStock(db, catalogue, id, {
      kind: "correction",
      size: "M",
      quantity: -2,
      note: "Two found stained",
    });
    await bulkChangeProducts(db, catalogue, { action: "price", ids: [id], percent: -10, reason: "Diwali sale" });
    await saveSizeCodes(db, catalogue, id, { size: "M", sku: `AUD-${id}`, barcode: "", reorderPoint: 2 });

    const entries = await auditOf(db, id);
    expect(entries.map((entry) => [entry.kind, entry.actor, entry.reason])).toEqual([
      ["product.stock", catalogue.email, "Two found stained"],
      ["product.price", catalogue.email, "Diwali sale"],
      ["product.updated", catalogue.email, null],
    ]);
    expect(JSON.parse(entries[0]?.after ?? "{}")).toEqual({ size: "M", stock: 4, as: "correction" });
    expect(JSON.parse(entries[1]?.after ?? "{}")).toEqual({ price: 90_000, percent: -10 });
  });

  it("refuses stock, prices and imports to a role without products.edit, and the screen to one without products.view", async () => {
    const { db } = database();
    const support = actorFor(await makeCustomer(db), "support");
    const packer = actorFor(await makeCustomer(db), "packer");
    const customer = actorFor(await makeCustomer(db));
    const id = await makeProduct(db, { sizes: { M: 6 } });
    const file = ["Handle,Title,Option1 Value,Variant Price", `x-${uniqueWord()},X,M,100`].join("\n");
    for (const actor of [support, packer, customer]) {
      expect((await failure(adjustSizeStock(db, actor, id, { kind: "received", size: "M", quantity: 1 }))).code).toBe(
        "forbidden",
      );
      expect(
        (await failure(bulkChangeProducts(db, actor, { action: "price", ids: [id], percent: 50, reason: "Because" })))
          .code,
      ).toBe("forbidden");
      expect(
        (await failure(importProductFile(db, actor, [file], { publicUrl: "https://kesar.test", fileName: "x.csv" })))
          .code,
      ).toBe("forbidden");
    }
    expect((await failure(productStock(db, packer, id))).message).toBe("Your role (Packer) does not allow this.");
    expect((await productStock(db, SYSTEM, id)).sizes[0]?.stock).toBe(6);
  });

  it("writes an audit entry for each product an import writes, with the file it came from", async () => {
    const { db } = database();
    const catalogue = actorFor(await makeCustomer(db), "catalogue");
    const handle = `audited-import-${uniqueWord()}`;
    const file = [
      "Handle,Title,Body (HTML),Type,Option1 Value,Variant Price,Variant Inventory Qty,Image Src,Collections",
      `${handle},Audited Import,<p>Fine.</p>,Kurta,M,999,3,https://cdn.example/a.jpg,Ethnic`,
    ].join("\n");
    await importProductFile(db, catalogue, [file], { publicUrl: "https://kesar.test", fileName: "spring.csv" });
    const product = await db.selectFrom("products").select("id").where("handle", "=", handle).executeTakeFirstOrThrow();
    expect(await auditOf(db, product.id)).toEqual([
      {
        kind: "product.imported",
        actor: catalogue.email,
        before: null,
        after: JSON.stringify({ changes: ["created"] }),
        reason: "Import of spring.csv",
      },
    ]);
  });
});
