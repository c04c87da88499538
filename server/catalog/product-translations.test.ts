import { expect, it } from "vitest";
import { SYSTEM } from "#core/actor.ts";
import { makeProduct } from "../testing/factories.ts";
import { describeEachDatabase } from "../testing/test-databases.ts";
import { getProduct } from "./catalog.service.ts";
import { productForEditing, updateProduct } from "./catalog-admin.service.ts";
import { inLocale, productInLocale } from "./product-translations.ts";

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
    });
    const plain = await makeProduct(db, { title: "Indigo Kurta", description: "Hand-block printed." });
    const [first, second] = await inLocale(db, "hi-IN", [await getProduct(db, titled), await getProduct(db, plain)]);
    expect(first).toMatchObject({ title: "केसरिया चंदेरी कुर्ता", description: "A light chanderi kurta." });
    expect(second).toMatchObject({ title: "Indigo Kurta", description: "Hand-block printed." });
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
});
