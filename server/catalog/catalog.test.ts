import { beforeAll, expect, it } from "vitest";
import { SYSTEM } from "#core/actor.ts";
import { AppError } from "../errors.ts";
import { makeProduct, uniqueWord } from "../testing/factories.ts";
import { describeEachDatabase } from "../testing/test-databases.ts";
import { type ListingQuery, listingQuerySchema } from "./catalog.schemas.ts";
import { browseListing, getProduct, listingOptions } from "./catalog.service.ts";
import { archiveProduct } from "./catalog-admin.service.ts";

function query(listing: string, params: Record<string, string> = {}): ListingQuery {
  return listingQuerySchema.parse({ listing, ...params });
}

describeEachDatabase("catalogue listings", (database) => {
  it("lists a flag collection's members only, and never an archived product", async () => {
    const { db } = database();
    const word = uniqueWord();
    const member = await makeProduct(db, { title: `Ethnic ${word}`, flags: ["isEthnic"] });
    const outsider = await makeProduct(db, { title: `Plain ${word}`, flags: ["isWestern"] });
    const archived = await makeProduct(db, { title: `Gone ${word}`, flags: ["isEthnic"] });
    await archiveProduct(db, SYSTEM, archived);

    const ids = (await browseListing(db, query("ethnic", { q: word }))).items.map((item) => item.id);
    expect(ids).toEqual([member]);
    const all = (await browseListing(db, query("all", { q: word }))).items.map((item) => item.id);
    expect(all.sort()).toEqual([member, outsider].sort());
  });

  it("shows a product in Western and Pinterest Finds when its flag is set, and also when its category text is theirs", async () => {
    const { db } = database();
    const word = uniqueWord();
    const western = await makeProduct(db, { title: `A ${word}`, category: "WESTERN" });
    const flaggedWestern = await makeProduct(db, { title: `B ${word}`, category: "Ethnic", flags: ["isWestern"] });
    await makeProduct(db, { title: `C ${word}`, category: "Western wear" });
    const pinterest = await makeProduct(db, { title: `D ${word}`, category: "Pinterest Finds" });
    const flaggedPinterest = await makeProduct(db, {
      title: `E ${word}`,
      category: "Ethnic",
      flags: ["isPinterestFinds"],
    });

    const ids = async (slug: string) =>
      (await browseListing(db, query(slug, { q: word }))).items.map((item) => item.id).sort((a, b) => a - b);
    expect(await ids("western")).toEqual([western, flaggedWestern].sort((a, b) => a - b));
    expect(await ids("pinterest-finds")).toEqual([pinterest, flaggedPinterest].sort((a, b) => a - b));
  });

  it("searches title, category, type and fabric by words, with one spelling and the singular", async () => {
    const { db } = database();
    const word = uniqueWord();
    const byTitle = await makeProduct(db, { title: `Rose ${word.toUpperCase()} Kurta` });
    const byCategory = await makeProduct(db, { title: "Plain top", type: "Shirt", category: `Cat ${word}` });
    const byFabric = await makeProduct(db, { title: "Plain skirt", type: "Skirt", fabric: `Silk-${word}` });
    const byType = await makeProduct(db, { title: `Yuna ${word} Blouse`, type: "Top" });
    const anarkali = await makeProduct(db, { title: `Neelam ${word}`, type: "Anarkali Kurta" });
    const saree = await makeProduct(db, { title: `Banarasi ${word} Saree`, type: "Saree" });

    const found = async (q: string) =>
      (await browseListing(db, query("all", { q }))).items.map((item) => item.id).sort((a, b) => a - b);
    const sorted = (...ids: number[]) => ids.sort((a, b) => a - b);
    expect(await found(word)).toEqual(sorted(byTitle, byCategory, byFabric, byType, anarkali, saree));
    expect(await found(`${word} kurti`)).toEqual(sorted(byTitle, anarkali));
    expect(await found(`${word} kurtas`)).toEqual(sorted(byTitle, anarkali));
    expect(await found(`${word} sari`)).toEqual([saree]);
    expect(await found(`${word} tops`)).toEqual(sorted(byCategory, byType));
    // % and _ are not wildcards: they are not words at all.
    expect(await found(`${word}_%`)).toEqual(await found(word));
  });

  it("filters by garment type (equal), fabric (equal, no fabric never matches) and max price", async () => {
    const { db } = database();
    const word = uniqueWord();
    const suit = await makeProduct(db, {
      title: `S ${word}`,
      type: "3-Piece Suit",
      fabric: "Lawn",
      price: 250_000,
    });
    const cheapSuit = await makeProduct(db, {
      title: `T ${word}`,
      type: "3-piece suit",
      fabric: "LAWN",
      price: 99_900,
    });
    const noFabric = await makeProduct(db, { title: `U ${word}`, type: "3-Piece Suit", fabric: null });
    await makeProduct(db, { title: `V ${word}`, type: "Kurta", fabric: "Lawn" });

    const ids = async (params: Record<string, string>) =>
      (await browseListing(db, query("all", { q: word, ...params }))).items.map((i) => i.id).sort();
    expect(await ids({ type: "3-piece suit" })).toEqual([suit, cheapSuit, noFabric].sort());
    expect(await ids({ type: "3-Piece Suit", fabric: "lawn" })).toEqual([suit, cheapSuit].sort());
    expect(await ids({ type: "suit" })).toEqual([]);
    expect(await ids({ fabric: "Lawn", max: "999" })).toEqual([cheapSuit]);
    // The maximum is inclusive.
    expect(await ids({ type: "3-Piece Suit", max: "2500" })).toContain(suit);
  });

  it("sorts a search by relevance by default, by price low to high, high to low, newest first", async () => {
    const { db } = database();
    const word = uniqueWord();
    const mid = await makeProduct(db, { title: `M ${word}`, price: 200_000, createdAt: 3_000 });
    const low = await makeProduct(db, { title: `L ${word}`, price: 100_000, createdAt: 1_000 });
    const high = await makeProduct(db, { title: `H ${word}`, price: 300_000, createdAt: 2_000 });

    const ids = async (sort?: string) =>
      (await browseListing(db, query("all", { q: word, ...(sort ? { sort } : {}) }))).items.map((i) => i.id);
    expect(await ids("low")).toEqual([low, mid, high]);
    expect(await ids("high")).toEqual([high, mid, low]);
    expect(await ids("new")).toEqual([mid, high, low]);
    expect(await ids("sideways")).toEqual(await ids("relevance"));
  });

  it("pages 24 at a time and says whether there is a next page", async () => {
    const { db } = database();
    const word = uniqueWord();
    for (let index = 0; index < 30; index++) {
      await makeProduct(db, { title: `P${index} ${word}`, price: 10_000 + index * 100 });
    }
    const first = await browseListing(db, query("all", { q: word, sort: "low" }));
    expect(first.items).toHaveLength(24);
    expect(first.hasNext).toBe(true);
    expect(first.hasPrevious).toBe(false);
    const second = await browseListing(db, query("all", { q: word, sort: "low", page: "2" }));
    expect(second.items.map((item) => item.price)).toEqual([24, 25, 26, 27, 28, 29].map((i) => 10_000 + i * 100));
    expect(second.hasNext).toBe(false);
    expect(second.hasPrevious).toBe(true);
    expect((await browseListing(db, query("all", { q: word, sort: "low", page: "3" }))).items).toEqual(second.items);
  });
});

describeEachDatabase("catalogue options and product pages", (database) => {
  let word: string;
  beforeAll(async () => {
    const { db } = database();
    word = uniqueWord();
    await makeProduct(db, {
      title: `A ${word}`,
      category: "Korean Trendy",
      fabric: "Cotton",
      flags: ["isKoreanTrendy"],
    });
    await makeProduct(db, {
      title: `B ${word}`,
      category: "korean trendy",
      fabric: "Linen",
      flags: ["isKoreanTrendy"],
    });
    await makeProduct(db, {
      title: `C ${word}`,
      category: "Co-ord Sets",
      type: "Co-ord Set",
      fabric: null,
      flags: ["isKoreanTrendy"],
    });
    await makeProduct(db, { title: `D ${word}`, category: "Handbags", fabric: "Leather", flags: ["isHandbags"] });
  });

  it("offers the distinct garment types and fabrics of the listing's own products", async () => {
    const { db } = database();
    const options = await listingOptions(db, "korean-trendy");
    expect(options.types).toEqual(["Co-ord Set", "Kurta"]);
    expect(options.fabrics).toEqual(["Cotton", "Linen"]);
    expect(options.materialLabel).toBe("Fabric");
  });

  it("shows a product with its sizes in order, and not an archived or unknown one", async () => {
    const { db } = database();
    const id = await makeProduct(db, { title: `Sized ${word}`, sizes: { S: 0, M: 3, XL: 9 } });
    const product = await getProduct(db, id);
    expect(product.sizes).toEqual([
      { size: "S", stock: 0 },
      { size: "M", stock: 3 },
      { size: "XL", stock: 9 },
    ]);
    await archiveProduct(db, SYSTEM, id);
    const archived = await getProduct(db, id).catch((error: unknown) => error);
    expect(archived instanceof AppError && archived.code).toBe("not-found");
    const unknown = await getProduct(db, 987_654).catch((error: unknown) => error);
    expect(unknown instanceof AppError && unknown.code).toBe("not-found");
  });
});
