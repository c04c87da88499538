import { sql } from "kysely";
import { expect, it } from "vitest";
import { up as refoldSearchWords } from "../../db/migrations/0030_search_words_and_order_search.ts";
import { makeProduct, uniqueWord } from "../../testing/factories.ts";
import { describeEachDatabase } from "../../testing/test-databases.ts";
import { listingQuerySchema } from "../catalog.schemas.ts";
import { browseListing } from "../catalog.service.ts";
import { suggestSearch } from "./suggestions.service.ts";

describeEachDatabase("synonyms, colour families and searches that always find something", (database) => {
  const browse = (values: Record<string, string>) =>
    browseListing(database().db, listingQuerySchema.parse({ listing: "all", ...values }));
  const found = async (q: string) => (await browse({ q })).items.map((item) => item.id).sort((a, b) => a - b);
  const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

  it("finds salwar-kameez suits by salwar, shalwar, suit, salwar kameez and in Devanagari", async () => {
    const { db } = database();
    const word = uniqueWord();
    const lawn = await makeProduct(db, { title: `Zainab ${word} Lawn 3-Piece Suit`, type: "3-Piece Suit" });
    const sharara = await makeProduct(db, { title: `Mahnoor ${word} Sharara Suit`, type: "Sharara Set" });
    const salwar = await makeProduct(db, { title: `Cotton ${word} Shalwar`, type: "Bottoms" });
    await makeProduct(db, { title: `Ivory ${word} Kurta`, type: "Kurta" });
    const suits = sorted([lawn, sharara, salwar]);

    for (const q of ["salwar", "shalwar", "Salwar Kameez", "salwar suit", "suits", "सूट", "सलवार", "सलवार कमीज़"]) {
      expect(await found(`${word} ${q}`), q).toEqual(suits);
    }
    // Nothing to explain: every word was found.
    expect((await browse({ q: `${word} salwar kameez` })).search?.showingFor).toBeNull();
  });

  it("finds a colour's shades by the colour, in English and Hindi, and a shade only by itself", async () => {
    const { db } = database();
    const word = uniqueWord();
    const indigo = await makeProduct(db, { title: `Neelam ${word} Indigo Anarkali`, type: "Anarkali Kurta" });
    const navy = await makeProduct(db, { title: `${word} Navy Straight Kurta`, type: "Kurta" });
    const turquoise = await makeProduct(db, { title: `Firozi ${word} Tiered Anarkali`, type: "Anarkali Kurta" });
    const maroon = await makeProduct(db, { title: `${word} Maroon Banarasi Saree`, type: "Saree" });
    const wine = await makeProduct(db, { title: `${word} Wine Velvet Suit`, type: "3-Piece Suit" });
    const ivory = await makeProduct(db, { title: `${word} Ivory Chikankari Kurta`, type: "Kurta" });

    const blues = sorted([indigo, navy, turquoise]);
    for (const q of ["blue", "Blues", "नीला", "neela"]) expect(await found(`${word} ${q}`), q).toEqual(blues);
    for (const q of ["red", "लाल"]) expect(await found(`${word} ${q}`), q).toEqual(sorted([maroon, wine]));
    expect(await found(`${word} white`)).toEqual([ivory]);
    expect(await found(`${word} indigo`)).toEqual([indigo]);
    expect(await found(`${word} navy`)).toEqual([navy]);
    // A colour and a garment: both must be found.
    expect(await found(`${word} blue anarkali`)).toEqual(sorted([indigo, turquoise]));
    expect(await found(`${word} red saree`)).toEqual([maroon]);
  });

  it("shows the shopper's own words and the words it left out", async () => {
    const { db } = database();
    const word = uniqueWord();
    const kurti = await makeProduct(db, { title: `QA ${word} Chikankari Kurti`, type: "Kurta" });

    const office = await browse({ q: `${word} Kurtis for office` });
    expect(office.items.map((item) => item.id)).toEqual([kurti]);
    expect(office.search?.showingFor).toBe(`${word} Kurtis`);
    expect(office.search?.dropped).toEqual(["for", "office"]);
    // A filler word alone does not narrow a search, and is not reported.
    const withFiller = await browse({ q: `kurtis for ${word}` });
    expect(withFiller.items.map((item) => item.id)).toEqual([kurti]);
    expect(withFiller.search?.showingFor).toBeNull();
    // A correction shows the corrected word.
    expect((await browse({ q: `${word} kurtii` })).search?.showingFor).toBe(`${word} kurta`);
  });

  it("suggests only searches that find something, in the one spelling", async () => {
    const { db } = database();
    const word = uniqueWord();
    await makeProduct(db, { title: `Zainab ${word} Lawn Suit`, type: "3-Piece Suit" });
    await makeProduct(db, { title: `Mirror ${word} Lehenga Set`, type: "Lehenga" });
    await makeProduct(db, { title: `${word} Indigo Straight Kurta`, type: "Kurta" });

    const searches = async (q: string) => (await suggestSearch(db, q)).searches;
    // The Hindi names of blue are one search, not four.
    expect(await searches(`${word} nee`)).toEqual([`${word} neela`]);
    expect(await searches(`${word} sal`)).toContain(`${word} salwar`);
    expect(await searches(`${word} shal`)).toEqual([`${word} salwar`]);
    expect(await searches(`${word} lehng`)).toEqual([`${word} lehenga`]);
    expect(await searches(`${word} leh`)).not.toContain(`${word} lehnga`);
    // No red lehenga: "red lehenga" is not offered, nor anything else that finds nothing.
    expect(await searches(`${word} red leh`)).toEqual([]);
    for (const q of [`${word} sal`, `${word} le`, `${word} su`, "sal", "leh", "kur", "blu"]) {
      for (const search of await searches(q)) {
        expect((await browse({ q: search })).total, `${q} → ${search}`).toBeGreaterThan(0);
        expect((await browse({ q: search })).search?.showingFor, `${q} → ${search}`).toBeNull();
      }
    }
    // The products under the searches complete the word too, with what it completes to finds.
    expect((await suggestSearch(db, `${word} lehn`)).products).toHaveLength(1);
    expect((await suggestSearch(db, `${word} sal`)).products.map((product) => product.title)).toEqual([
      `Zainab ${word} Lawn Suit`,
    ]);
    expect((await suggestSearch(db, `${word} blu`)).products.map((product) => product.title)).toEqual([
      `${word} Indigo Straight Kurta`,
    ]);
  });

  it("offers, for a search that finds nothing, the nearest searches that do", async () => {
    const { db } = database();
    const word = uniqueWord();
    await makeProduct(db, { title: `Velvet ${word} Potli`, type: "Potli", price: 129_900 });

    const nothing = await browse({ q: "qqxxqqzz" });
    expect(nothing.total).toBe(0);
    expect(nothing.search?.showingFor).toBeNull();
    expect(nothing.search?.instead?.length).toBeGreaterThan(0);
    for (const search of nothing.search?.instead ?? []) {
      expect((await browse({ q: search })).total, search).toBeGreaterThan(0);
    }
    // Narrowed by a filter, the same words in the whole shop come first.
    const filtered = await browse({ q: word, max: "100" });
    expect(filtered.total).toBe(0);
    expect(filtered.search?.instead?.[0]).toBe(word);
    // A word the shop knows but no product has ("teal") is left out before one that products have.
    const tealPotli = await browse({ q: `teal ${word}` });
    expect(tealPotli.total).toBe(1);
    expect(tealPotli.search?.dropped).toEqual(["teal"]);
    const teal = await browse({ q: "teal" });
    expect(teal.total).toBe(0);
    expect(teal.search?.instead).not.toContain("teal");
  });

  it("folds the words products kept as “shalwar” to “salwar” (migration 0030)", async () => {
    const { db } = database();
    const word = uniqueWord();
    const id = await makeProduct(db, { title: `Lawn ${word} Salwar Kameez`, type: "3-Piece Suit" });
    // As the index kept it before: "shalwar" was the one spelling, and "kamiz" a word of its own.
    await sql`update products set search_title = ${`lawn ${word} shalwar kamiz`},
      search_text = ${`lawn ${word} shalwar kamiz 3piece piece suit`} where id = ${id}`.execute(db);
    await refoldSearchWords(db.withoutPlugins());

    const row = await db
      .selectFrom("products")
      .select(["searchTitle", "searchText"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      searchTitle: `lawn ${word} salwar kameez`,
      searchText: `lawn ${word} salwar kameez 3piece piece suit`,
    });
    expect(await found(`${word} shalwar`)).toEqual([id]);
  });
});
