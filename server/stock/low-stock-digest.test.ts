import { expect, it } from "vitest";
import { SYSTEM } from "#core/actor.ts";
import { adjustSizeStock, saveSizeCodes } from "../catalog/variants.service.ts";
import { makeProduct, uniqueWord } from "../testing/factories.ts";
import { mailsTo } from "../testing/outbox.ts";
import { describeEachDatabase } from "../testing/test-databases.ts";
import { sendLowStockDigest } from "./low-stock-digest.ts";

const DAY = 24 * 3_600_000;

describeEachDatabase("the low-stock digest", (database) => {
  it("names each size that fell to its reorder point once, a day at a time, and a new fall again", async () => {
    const { db } = database();
    const owner = `${uniqueWord("owner")}@shop.test`;
    const settings = { db, ownerAddresses: async () => [owner] };
    const id = await makeProduct(db, { title: "Digest Dupatta", sizes: { S: 10, M: 10 } });
    await saveSizeCodes(db, SYSTEM, id, { size: "S", sku: `D-${id}-S`, barcode: "", reorderPoint: 3 });
    const start = Date.now() + 10 * DAY;

    await adjustSizeStock(db, SYSTEM, id, { kind: "correction", size: "S", quantity: -7, note: "Sold at a fair" });
    await adjustSizeStock(db, SYSTEM, id, { kind: "correction", size: "S", quantity: -1, note: "Torn" });
    await adjustSizeStock(db, SYSTEM, id, { kind: "correction", size: "M", quantity: -4, note: "Lost" });
    const both = await Promise.all([sendLowStockDigest(settings, start), sendLowStockDigest(settings, start)]);
    expect(both.sort()).toEqual([0, 1]);
    const [mail] = await mailsTo(db, owner);
    expect(mail?.subject).toBe("Low stock: 1 size at its reorder point");
    expect(JSON.stringify(mail?.payload)).toContain(`"sku":"D-${id}-S","stock":2,"reorderPoint":3`);

    // Up above the point and down again: a new fall, named in the next day's digest, not before.
    await adjustSizeStock(db, SYSTEM, id, { kind: "received", size: "S", quantity: 5 });
    await adjustSizeStock(db, SYSTEM, id, { kind: "correction", size: "S", quantity: -6, note: "Sample pieces" });
    expect(await sendLowStockDigest(settings, start + DAY / 2)).toBe(0);
    expect(await sendLowStockDigest(settings, start + DAY)).toBe(1);
    expect(await mailsTo(db, owner)).toHaveLength(2);
  });
});
