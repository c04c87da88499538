import { describe, expect, it } from "vitest";
import { SYSTEM } from "#core/actor.ts";
import { flagRecord } from "#core/collections.ts";
import { PAGE_SIZE, productCount, SEARCH_COUNT_LIMIT } from "#core/listings.ts";
import { failure } from "../../testing/app-error.ts";
import { actorFor, makeCustomer, makeProduct, makeVisitor, uniqueWord } from "../../testing/factories.ts";
import { describeEachDatabase } from "../../testing/test-databases.ts";
import { findListingPage } from "../catalog.repository.ts";
import { listingQuerySchema } from "../catalog.schemas.ts";
import { browseListing } from "../catalog.service.ts";
import { archiveProduct, updateProduct } from "../catalog-admin.service.ts";
import { estimateMeansMany } from "./product-search.repository.ts";
import { searchInsights, treatAsSynonym } from "./search.service.ts";
import { suggestSearch } from "./suggestions.service.ts";

function search(q: string, listing = "all") {
  return listingQuerySchema.parse({ listing, q });
}

describeEachDatabase("search", (database) => {
  const found = async (q: string) => {
    const page = await browseListing(database().db, search(q));
    return { ids: page.items.map((item) => item.id), search: page.search, total: page.total };
  };

  it("finds the other Indian spellings of a word, and plurals", async () => {
    const { db } = database();
    const word = uniqueWord();
    const saree = await makeProduct(db, { title: `Banarasi ${word} Saree`, type: "Saree" });
    const lehenga = await makeProduct(db, { title: `Mirror ${word} Lehenga`, type: "Lehenga" });
    const jhumka = await makeProduct(db, { title: `Kundan ${word} Jhumka Earrings`, type: "Earrings" });
    const shalwar = await makeProduct(db, { title: `Lawn ${word} Shalwar Kameez`, type: "3-Piece Suit" });
    const dupatta = await makeProduct(db, { title: `Phulkari ${word}`, type: "Dupatta" });
    const kurti = await makeProduct(db, { title: `Leheriya ${word} Kurti`, type: "Top" });

    expect((await found(`${word} sari`)).ids).toEqual([saree]);
    expect((await found(`${word} sarees`)).ids).toEqual([saree]);
    expect((await found(`${word} lehnga`)).ids).toEqual([lehenga]);
    expect((await found(`${word} jhumki`)).ids).toEqual([jhumka]);
    expect((await found(`${word} salwar`)).ids).toEqual([shalwar]);
    expect((await found(`${word} chunni`)).ids).toEqual([dupatta]);
    expect((await found(`${word} kurtas`)).ids).toEqual([kurti]);
    // A spelling is not a correction: nothing to explain.
    expect((await found(`${word} sari`)).search?.showingFor).toBeNull();
  });

  it("corrects a word the shop does not use to its nearest word, and says so", async () => {
    const { db } = database();
    const word = uniqueWord();
    const kurta = await makeProduct(db, { title: `Ivory ${word} Kurta`, type: "Kurta" });
    const anarkali = await makeProduct(db, { title: `Neelam ${word} Anarkali`, type: "Anarkali Gown" });
    const dupatta = await makeProduct(db, { title: `Bandhani ${word} Dupatta`, type: "Dupatta" });

    const typo = await found(`${word} kurtaa`);
    expect(typo.ids).toEqual([kurta]);
    expect(typo.search?.showingFor).toBe(`${word} kurta`);
    expect((await found(`${word} anarkalli`)).ids).toEqual([anarkali]);
    const dupata = await found(`${word} dupata`);
    expect(dupata.ids).toEqual([dupatta]);
    expect(dupata.search?.showingFor).toBe(`${word} dupatta`);
  });

  it("reads Hindi in Devanagari", async () => {
    const { db } = database();
    const word = uniqueWord();
    const kurta = await makeProduct(db, { title: `Ivory ${word} Kurta`, type: "Kurta" });
    const saree = await makeProduct(db, { title: `Silk ${word} Saree`, type: "Saree" });
    const dupatta = await makeProduct(db, { title: `Cotton ${word} Dupatta`, type: "Dupatta" });
    const lehenga = await makeProduct(db, { title: `Gota ${word} Lehenga`, type: "Lehenga" });

    expect((await found(`${word} कुर्ता`)).ids).toEqual([kurta]);
    expect((await found(`${word} साड़ी`)).ids).toEqual([saree]);
    expect((await found(`${word} दुपट्टा`)).ids).toEqual([dupatta]);
    expect((await found(`${word} लहंगा`)).ids).toEqual([lehenga]);
  });

  it("leaves out the least important word when nothing has them all, and says so", async () => {
    const { db } = database();
    const word = uniqueWord();
    const kurta = await makeProduct(db, { title: `Ivory ${word} Kurta`, type: "Kurta", fabric: "Cotton" });

    const result = await found(`${word} velvet kurta`);
    expect(result.ids).toEqual([kurta]);
    expect(result.search?.dropped).toEqual(["velvet"]);
    expect(result.search?.showingFor).toBe(`${word} kurta`);
    // A word that matches nothing and corrects to nothing goes first.
    const unknown = await found(`${word} qqxxqqxx kurta`);
    expect(unknown.ids).toEqual([kurta]);
    expect(unknown.search?.dropped).toEqual(["qqxxqqxx"]);
    // With every word found, nothing is left out.
    expect((await found(`${word} cotton kurta`)).search?.showingFor).toBeNull();
  });

  it("ranks by relevance (title, then type, then description), then in stock, then sales", async () => {
    const { db } = database();
    const word = uniqueWord();
    // A garment word of this test's own, so that how common "kurta" is in the test database does not matter.
    const garment = uniqueWord("zg");
    const base = { type: "Plain", category: "Ethnic", fabric: "Cotton", description: "A plain piece." };
    const titled = await makeProduct(db, { ...base, title: `${word} ${garment}` });
    const soldOut = await makeProduct(db, { ...base, title: `${word} ${garment}`, sizes: { S: 0, M: 0 } });
    const bestSeller = await makeProduct(db, { ...base, title: `${word} ${garment}` });
    const byType = await makeProduct(db, { ...base, title: `${word} Plain`, type: garment });
    const byDescription = await makeProduct(db, {
      ...base,
      title: `${word} Stole`,
      description: `Wear it over a ${garment}.`,
    });
    await db.updateTable("products").set({ soldCount: 7 }).where("id", "=", bestSeller).execute();

    const expected = [bestSeller, titled, soldOut, byType, byDescription];
    expect((await found(`${word} ${garment}`)).ids).toEqual(expected);

    // Past RANK_EVERY_MATCH_UP_TO matches the page is taken band by band, in the same order,
    // and a page that starts inside one band and ends in the next is whole.
    const filter = {
      membership: undefined,
      sort: "relevance" as const,
      // One word: PostgreSQL takes bands for one word only.
      search: { terms: [{ word: garment, prefix: false }], matches: 1_000_000 },
    };
    expect((await findListingPage(db, filter, 24, 0)).map((card) => card.id)).toEqual(expected);
    const pages = [0, 2, 4].map((offset) => findListingPage(db, filter, 2, offset));
    expect((await Promise.all(pages)).flat().map((card) => card.id)).toEqual(expected);
    expect(await findListingPage(db, filter, 2, 6)).toEqual([]);
  });

  it("keeps the index in step with every product write: add, edit, archive", async () => {
    const { db } = database();
    const before = uniqueWord();
    const after = uniqueWord();
    const input = {
      title: `Velvet ${before} Suit`,
      price: 99_900,
      images: ["products/test-image"],
      category: "Ethnic",
      type: "3-Piece Suit",
      fabric: "Velvet",
      description: "Winter velvet.",
      description1: "",
      flags: flagRecord([]),
      sizes: [{ size: "M" as const, stock: 2 }],
    };
    const id = await makeProduct(db, { ...input, flags: [], sizes: { M: 2 } });
    expect((await found(before)).ids).toEqual([id]);

    await updateProduct(db, SYSTEM, id, { ...input, title: `Velvet ${after} Suit` });
    expect((await found(before)).ids).toEqual([]);
    expect((await found(after)).ids).toEqual([id]);

    await archiveProduct(db, SYSTEM, id);
    expect((await found(after)).ids).toEqual([]);
  });

  it("offers the listing a search names exactly: a collection or a garment type", async () => {
    const { db } = database();
    await makeProduct(db, { title: `Ivory ${uniqueWord()} Kurta`, type: "Kurta" });
    expect((await found("handbags")).search?.offer).toEqual({ label: "Handbags", href: "/handbags" });
    expect((await found("kurtas")).search?.offer).toEqual({ label: "Kurta", href: "/allproducts?type=Kurta" });
    expect((await found("silk kurta")).search?.offer).toBeNull();
  });

  it("suggests searches and products for the words typed so far", async () => {
    const { db } = database();
    const word = uniqueWord();
    const kurta = await makeProduct(db, { title: `Ivory ${word} Kurta`, type: "Kurta" });
    const suggestions = await suggestSearch(db, `${word} kur`);
    expect(suggestions.searches).toContain(`${word} kurta`);
    expect(suggestions.products.map((product) => product.id)).toEqual([kurta]);
    expect(await suggestSearch(db, "k")).toEqual({ searches: [], products: [] });
  });

  it("shows the administrator the searches that found nothing, and a synonym makes them find", async () => {
    const { db } = database();
    const word = uniqueWord();
    const nickname = uniqueWord("qv");
    const lehenga = await makeProduct(db, { title: `Gota ${word} Lehenga`, type: "Lehenga" });
    expect((await found(nickname)).total).toBe(0);

    const admin = actorFor({ id: "admin", email: "admin@shop.test" }, "admin");
    const insights = await searchInsights(db, admin);
    expect(insights.zero.map((row) => row.query)).toContain(nickname);
    expect(insights.top.map((row) => row.query)).toContain(nickname);

    expect(await treatAsSynonym(db, admin, { word: nickname, target: "lehengas" })).toEqual({
      word: nickname,
      target: "lehenga",
    });
    expect((await found(`${word} ${nickname}`)).ids).toEqual([lehenga]);
  });

  it("refuses the Searches view and its synonyms to anyone but an administrator", async () => {
    const { db } = database();
    const customer = actorFor(await makeCustomer(db));
    for (const [actor, code] of [
      [customer, "forbidden"],
      [makeVisitor(), "unauthenticated"],
    ] as const) {
      expect((await failure(searchInsights(db, actor))).code).toBe(code);
      expect((await failure(treatAsSynonym(db, actor, { word: "ghagri", target: "kurta" }))).code).toBe(code);
    }
    const stored = await db.selectFrom("searchSynonyms").select("word").where("word", "=", "ghagri").execute();
    expect(stored).toEqual([]);
  });

  it("refuses a synonym that is not one word, with a message", async () => {
    const { db } = database();
    const admin = actorFor({ id: "admin", email: "admin@shop.test" }, "admin");
    expect((await failure(treatAsSynonym(db, admin, { word: "two words", target: "kurta" }))).code).toBe(
      "validation-failed",
    );
    expect((await failure(treatAsSynonym(db, admin, { word: "", target: "kurta" }))).message).toMatch(/Say which word/);
    expect((await failure(treatAsSynonym(db, admin, { word: "kurti", target: "kurta" }))).message).toMatch(
      /already finds/,
    );
  });

  it("counts a search's matches up to 2,000 and says 2,000+ beyond, with that many pages", async () => {
    const { db } = database();
    const word = uniqueWord();
    const first = await makeProduct(db, { title: `Mulmul ${word} Kurta` });
    const {
      id: _id,
      inStock,
      soldCount,
      archived,
      ...row
    } = await db.selectFrom("products").selectAll().where("id", "=", first).executeTakeFirstOrThrow();
    // Copies of it, a hundred an insert: the index's triggers file each (with the words of the first).
    let copied = 0;
    const copies = async (count: number) => {
      for (let done = 0; done < count; done += 100) {
        // Each copy with a handle of its own: handles are unique (record 41).
        const batch = Array.from({ length: Math.min(100, count - done) }, (_, index) => ({
          ...row,
          handle: `${row.handle}-${copied + index + 1}`,
        }));
        copied += batch.length;
        await db.insertInto("products").values(batch).execute();
      }
    };
    await copies(SEARCH_COUNT_LIMIT - 1);
    const exactly = await browseListing(db, search(word));
    expect([exactly.total, exactly.more, exactly.pageCount]).toEqual([SEARCH_COUNT_LIMIT, undefined, 84]);

    await copies(1);
    const beyond = await browseListing(db, search(`${word} kurta`));
    expect([beyond.total, beyond.more, beyond.pageCount]).toEqual([SEARCH_COUNT_LIMIT, true, 84]);
    expect(beyond.items).toHaveLength(PAGE_SIZE);
    expect(productCount(beyond.total, beyond.more)).toBe("2,000+ products");
    expect(productCount(exactly.total)).toBe("2,000 products");
    expect(productCount(1)).toBe("1 product");
  });
});

describe("PostgreSQL's estimate of a search's matches", () => {
  it("means many only past the limit and past the planner's guess for a word it has no statistics of", () => {
    // 100k products: the guess for an unknown word (500) is under the limit's 4,000.
    expect(estimateMeansMany(14_000, 100_000)).toBe(true);
    expect(estimateMeansMany(3_000, 100_000)).toBe(false);
    // A million: a word found once is guessed at 5,000, which must be counted, not called "2,000+".
    expect(estimateMeansMany(5_000, 1_000_000)).toBe(false);
    expect(estimateMeansMany(140_000, 1_000_000)).toBe(true);
    // Before the table's first analysis the planner knows no size.
    expect(estimateMeansMany(5_000, 0)).toBe(true);
  });
});
