import { expect, it } from "vitest";
import { makeProduct, uniqueWord } from "../testing/factories.ts";
import { describeEachDatabase } from "../testing/test-databases.ts";
import { listingQuerySchema } from "./catalog.schemas.ts";
import { browseListing, listingOptions } from "./catalog.service.ts";

const query = (listing: string, params: Record<string, string> = {}) =>
  listingQuerySchema.parse({ listing, ...params });

describeEachDatabase("how a listing opens", (database) => {
  it("opens a listing newest first, not cheapest first", async () => {
    const { db } = database();
    const word = uniqueWord();
    const older = await makeProduct(db, { title: `Older ${word}`, price: 50_000, createdAt: 1_000 });
    const newer = await makeProduct(db, { title: `Newer ${word}`, price: 900_000, createdAt: 2_000 });
    expect(query("all").sort).toBe("new");
    // A search given as a filter of its own words, in the order a listing without one takes.
    const page = await browseListing(db, { ...query("all", { q: word }), sort: query("all").sort });
    expect(page.items.map((item) => item.id)).toEqual([newer, older]);
  });

  it("opens a search by relevance: the words in the title first, then by sales", async () => {
    const { db } = database();
    const word = uniqueWord();
    // Found by its fabric only, though cheaper and newer.
    const byFabric = await makeProduct(db, { title: "Plain kurta", fabric: word, price: 10_000, createdAt: 9_000 });
    const byTitle = await makeProduct(db, { title: `Kurta ${word}`, price: 500_000, createdAt: 1_000 });
    expect(query("all", { q: word }).sort).toBe("relevance");
    const page = await browseListing(db, query("all", { q: word }));
    expect(page.items.map((item) => item.id)).toEqual([byTitle, byFabric]);
    // Relevance without a search means nothing: the listing's own order applies.
    expect(query("all", { sort: "relevance" }).sort).toBe("new");
  });

  it("shows the last page for a page number beyond it", async () => {
    const { db } = database();
    const word = uniqueWord();
    for (let index = 0; index < 26; index++) await makeProduct(db, { title: `P${index} ${word}` });
    const page = await browseListing(db, query("all", { q: word, page: "99" }));
    expect(page.page).toBe(2);
    expect(page.pageCount).toBe(2);
    expect(page.items).toHaveLength(2);
    expect(page.hasNext).toBe(false);
    expect(page.hasPrevious).toBe(true);
  });

  it("offers garment types, and calls the fabric Material where metals are sold", async () => {
    const { db } = database();
    const word = uniqueWord();
    await makeProduct(db, {
      title: `Jhumka ${word}`,
      type: "Earrings",
      fabric: "Brass",
      hsn: "7117",
      flags: ["isJewellery"],
    });
    await makeProduct(db, {
      title: `Kada ${word}`,
      type: "Bangles",
      fabric: "Silver",
      hsn: "7117",
      flags: ["isJewellery"],
    });
    const jewellery = await listingOptions(db, "jewellery");
    expect(jewellery.types).toEqual(["Bangles", "Earrings"]);
    expect(jewellery.materialLabel).toBe("Material");
    await makeProduct(db, { title: `Kurta ${word}`, type: "Kurta", fabric: "Cotton", flags: ["isEthnic"] });
    expect((await listingOptions(db, "ethnic")).materialLabel).toBe("Fabric");
    expect((await listingOptions(db, "all")).materialLabel).toBe("Fabric or material");
  });
});
