import { afterAll, beforeAll, expect, it } from "vitest";
import { addToCart } from "#server/cart/cart.service.ts";
import { placeOrder } from "#server/orders/place-order.ts";
import { atShop, checkoutDetails, makeProduct, makeVisitor, uniqueWord } from "#server/testing/factories.ts";
import { describeEachDatabase } from "#server/testing/test-databases.ts";
import { shopBrowser, startTestShop, type TestShop } from "./test-shop.ts";

/** A page's words as a reader sees them: no tags, no React's text separators, entities read. */
function text(html: string): string {
  return html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, "")
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");
}

/** The searches an empty page offers, from its links. */
function offeredSearches(html: string): string[] {
  const list = html.match(/<ul aria-label="Searches that find something"[^>]*>(.*?)<\/ul>/s)?.[1] ?? "";
  return [...list.matchAll(/href="\/allproducts\?q=([^"]*)"/g)].map((match) =>
    decodeURIComponent((match[1] ?? "").replace(/&amp;/g, "&")),
  );
}

describeEachDatabase("search pages over HTTP", (database) => {
  let shop: TestShop;
  const word = uniqueWord();
  const page = async (url: string) => {
    const response = await shop.request({ method: "GET", url });
    expect(response.statusCode, url).toBe(200);
    return response.body;
  };
  const search = (q: string, extra = "") => page(`/allproducts?q=${encodeURIComponent(q)}${extra}`);

  beforeAll(async () => {
    shop = await startTestShop(database());
    const { db } = database();
    await makeProduct(db, { title: `Zainab ${word} Lawn Suit`, type: "3-Piece Suit", price: 459_900 });
    await makeProduct(db, { title: `Neelam ${word} Indigo Anarkali`, type: "Anarkali Gown", price: 329_900 });
    await makeProduct(db, { title: `QA ${word} Chikankari Kurti`, type: "Kurta", price: 129_900 });
  });
  afterAll(() => shop?.dispose());

  it("finds the suits by salwar and सूट, and the indigo anarkali by blue", async () => {
    for (const q of [`${word} salwar`, `${word} shalwar`, `${word} सूट`]) {
      const body = text(await search(q));
      expect(body, q).toContain(`Zainab ${word} Lawn Suit`);
      expect(body, q).toContain("1 product");
    }
    expect(text(await search(`${word} blue`))).toContain(`Neelam ${word} Indigo Anarkali`);
  });

  it("says which of the shopper's words it showed results for, and which it left out", async () => {
    const body = text(await search(`${word} kurtis for office`));
    expect(body).toContain(`QA ${word} Chikankari Kurti`);
    expect(body).toContain(
      `Showing results for “${word} kurtis”, without “for office”: no product matches every word.`,
    );
    expect(body).not.toContain(`“${word} kurta for”`);
  });

  it("speaks of the words of a search that found nothing, not of filters, and offers searches that find", async () => {
    const html = await search("qqzzxxqq");
    const body = text(html);
    expect(body).toContain("Nothing matches “qqzzxxqq”");
    expect(body).toContain("Check the spelling, or try one of these:");
    expect(body).not.toMatch(/these filters|fewer filters/);
    const offered = offeredSearches(html);
    expect(offered.length).toBeGreaterThan(0);
    for (const q of offered) expect(text(await search(q)), q).not.toContain("Nothing matches");
  });

  it("speaks of the filters when they are set, and offers the same search in the whole shop", async () => {
    const html = await search(`${word} kurti`, "&max=500");
    const body = text(html);
    expect(body).toContain(`Nothing matches “${word} kurti” with these filters`);
    expect(body).toContain("Try a higher price or fewer filters, or one of these:");
    expect(body).toContain(`“${word} kurti” in all products`);
    expect(offeredSearches(html)[0]).toBe(`${word} kurti`);
    // No search: the filters alone.
    expect(text(await page("/allproducts?max=1"))).toContain("No products match these filters");
  });

  it("suggests only searches that find something, each in the one spelling", async () => {
    const suggest = async (q: string) => {
      const response = await shop.request({ method: "GET", url: `/search/suggest?q=${encodeURIComponent(q)}` });
      return (response.json() as { searches: string[] }).searches;
    };
    expect(await suggest(`${word} sal`)).toEqual([`${word} salwar`]);
    expect(await suggest(`${word} kurti`)).toEqual([`${word} kurta`]);
    for (const q of ["sal", "shal", "leh", "lehng", "blu", `${word} red`]) {
      for (const offered of await suggest(q)) {
        expect(text(await search(offered)), `${q} → ${offered}`).not.toContain("Nothing matches");
      }
    }
  });

  it("finds the admin's products by the shop's spellings and orders by city", async () => {
    const { db } = database();
    const buyer = makeVisitor();
    const product = await makeProduct(db, { title: `Order ${word} Piece`, sizes: { M: 4 } });
    await addToCart(db, buyer, { productId: product, size: "M" });
    const order = await placeOrder(
      db,
      buyer,
      checkoutDetails({ city: "Chennai", stateCode: "33", pincode: "600040" }),
      atShop(),
    );
    const admin = shopBrowser(shop);
    await admin.post("/login", { email: "admin@shop.test", password: "Admin-password-1" });

    const products = text((await admin.get("/dashboard?tab=products&q=kurti")).body);
    expect(products).toContain(`QA ${word} Chikankari Kurti`);
    for (const q of ["Chennai", "600040"]) {
      const orders = text((await admin.get(`/admin/orders?q=${q}`)).body);
      expect(orders, q).toContain(order.orderNumber);
      // The row says where it goes, so the match is seen.
      expect(orders, q).toContain("Chennai · 600040");
    }
  });
});
