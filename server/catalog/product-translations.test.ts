import { expect, it } from "vitest";
import { SYSTEM } from "#core/actor.ts";
import { makeProduct } from "../testing/factories.ts";
import { describeEachDatabase } from "../testing/test-databases.ts";
import { getProduct } from "./catalog.service.ts";
import { productForEditing, updateProduct } from "./catalog-admin.service.ts";
import { productList } from "./product-list.service.ts";
import { inLocale, linesInLocale, productInLocale } from "./product-translations.ts";

const BASE = {
  price: 249_900,
  images: ["products/test-image"],
  category: "Ethnic",
  type: "Kurta",
  fabric: "Cotton",
  description1: "",
  flags: {
    isPakistaniSuits: false,
    isKoreanTrendy: false,
    isPinterestFinds: false,
    isAnarkaliDress: false,
    isWestern: false,
    isEthnic: true,
    isAccessories: false,
    isHandbags: false,
    isJewellery: false,
    isMore: false,
  },
  sizes: [{ size: "M" as const, stock: 4 }],
};

describeEachDatabase("product texts in Hindi", (database) => {
  it("shows each field in Hindi where it has a translation and in English where it has none", async () => {
    const { db } = database();
    const titled = await makeProduct(db, {
      title: "Saffron Chanderi Kurta",
      description: "A light chanderi kurta.",
      titleHi: "केसरिया चंदेरी कुर्ता",
      fabricHi: "सूती",
    });
    const plain = await makeProduct(db, { title: "Indigo Kurta", description: "Hand-block printed." });
    const [first, second] = await inLocale(db, "hi-IN", [await getProduct(db, titled), await getProduct(db, plain)]);
    expect(first).toMatchObject({
      title: "केसरिया चंदेरी कुर्ता",
      description: "A light chanderi kurta.",
      fabric: "सूती",
    });
    expect(second).toMatchObject({ title: "Indigo Kurta", description: "Hand-block printed.", fabric: "Cotton" });
    // A cart's or wishlist's lines name their product by productId.
    const lines = [{ productId: titled, title: "Saffron Chanderi Kurta", size: "M" }];
    expect(await linesInLocale(db, "hi-IN", lines)).toEqual([{ ...lines[0], title: "केसरिया चंदेरी कुर्ता" }]);
    // English pages never read the translations.
    expect(await productInLocale(db, "en-IN", await getProduct(db, titled))).toMatchObject({
      title: "Saffron Chanderi Kurta",
    });
  });

  it("marks a translation stale when the English changes after it, until the Hindi is written again", async () => {
    const { db } = database();
    const id = await makeProduct(db, {
      title: "Rose Anarkali",
      description: "Flared, with gota work.",
      titleHi: "गुलाबी अनारकली",
      descriptionHi: "घेरदार, गोटा वर्क के साथ।",
    });
    expect((await productForEditing(db, SYSTEM, id)).hindi).toEqual({
      title: { value: "गुलाबी अनारकली", stale: false },
      description: { value: "घेरदार, गोटा वर्क के साथ।", stale: false },
    });

    // The English title changes; the form sends the Hindi back as it was.
    const edited = { ...BASE, description: "Flared, with gota work.", descriptionHi: "घेरदार, गोटा वर्क के साथ।" };
    await updateProduct(db, SYSTEM, id, { ...edited, title: "Rose Pink Anarkali", titleHi: "गुलाबी अनारकली" });
    expect((await productForEditing(db, SYSTEM, id)).hindi).toEqual({
      title: { value: "गुलाबी अनारकली", stale: true },
      description: { value: "घेरदार, गोटा वर्क के साथ।", stale: false },
    });

    // Written again, it is current; emptied, the page falls back to English.
    await updateProduct(db, SYSTEM, id, { ...edited, title: "Rose Pink Anarkali", titleHi: "रोज़ पिंक अनारकली" });
    expect((await productForEditing(db, SYSTEM, id)).hindi?.title).toEqual({ value: "रोज़ पिंक अनारकली", stale: false });
    await updateProduct(db, SYSTEM, id, { ...edited, title: "Rose Pink Anarkali", titleHi: "" });
    expect((await productForEditing(db, SYSTEM, id)).hindi?.title).toBeUndefined();
    expect((await productInLocale(db, "hi-IN", await getProduct(db, id))).title).toBe("Rose Pink Anarkali");
  });

  it("lists the products with no Hindi title, and those whose Hindi is out of date, for the admin", async () => {
    const { db } = database();
    const current = await makeProduct(db, { title: "Mint Kurta", description: "Cotton.", titleHi: "मिंट कुर्ता" });
    const missing = await makeProduct(db, { title: "Lemon Kurta", description: "Cotton." });
    const stale = await makeProduct(db, { title: "Lilac Kurta", description: "Cotton.", titleHi: "लाइलैक कुर्ता" });
    const hindi = { titleHi: "लाइलैक कुर्ता", fabricHi: "सूती" };
    await updateProduct(db, SYSTEM, stale, { ...BASE, title: "Lilac Kurta", description: "Cotton.", ...hindi });
    const ids = async (filter: "missing" | "stale") =>
      (await productList(db, SYSTEM, { q: undefined, hindi: filter, page: 1 })).rows.map((row) => row.id);

    expect(await ids("missing")).toContain(missing);
    expect(await ids("missing")).not.toContain(current);
    expect(await ids("stale")).not.toContain(stale);
    // The English fabric changes after its Hindi was written.
    await updateProduct(db, SYSTEM, stale, {
      ...BASE,
      fabric: "Linen",
      title: "Lilac Kurta",
      description: "Cotton.",
      ...hindi,
    });
    expect(await ids("stale")).toContain(stale);
    expect(await ids("stale")).not.toContain(current);
    expect((await productForEditing(db, SYSTEM, stale)).hindi?.fabric).toEqual({ value: "सूती", stale: true });
  });
});
