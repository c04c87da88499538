import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SYSTEM } from "#core/actor.ts";
import { COLLECTIONS } from "#core/collections.ts";
import { addToCart } from "#server/cart/cart.service.ts";
import { changeStatus } from "#server/orders/orders.service.ts";
import { placeOrder } from "#server/orders/place-order.ts";
import { moderateReview, reviewQueue, submitReview } from "#server/reviews/reviews.service.ts";
import { actorFor, atShop, checkoutDetails, makeCustomer, makeProduct, uniqueWord } from "#server/testing/factories.ts";
import { describeEachDatabase } from "#server/testing/test-databases.ts";
import { cookiesFrom, SHOP_ORIGIN, startTestShop, type TestShop } from "./test-shop.ts";

describeEachDatabase("storefront over HTTP", (database) => {
  let shop: TestShop;
  let productId: number;
  const word = uniqueWord();

  beforeAll(async () => {
    shop = await startTestShop(database());
    productId = await makeProduct(database().db, {
      title: `Emerald ${word} Suit`,
      category: "Pakistani Suits",
      flags: ["isPakistaniSuits"],
      price: 459_900,
      sizes: { S: 0, M: 3, L: 12 },
    });
  });
  afterAll(() => shop?.dispose());

  it("renders a category page on the server with its title and its products", async () => {
    const response = await shop.request({ method: "GET", url: "/pakistani-suits" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/html");
    expect(response.body).toContain("<title>Pakistani Suits | Kesar</title>");
    expect(response.body).toContain(`Emerald ${word} Suit`);
    expect(response.body).toContain("₹4,599");
  });

  it("writes a published review into the page's structured data without letting its text out of the script", async () => {
    const { db } = database();
    const kurta = await makeProduct(db, { title: `Review ${uniqueWord()} Kurta`, price: 189_900, sizes: { M: 5 } });
    const customer = await makeCustomer(db, { name: "Kavya Iyer" });
    const buyer = actorFor(customer);
    await addToCart(db, buyer, { productId: kurta, size: "M", quantity: 1 });
    const order = await placeOrder(db, buyer, checkoutDetails({ email: customer.email }), atShop());
    await changeStatus(db, SYSTEM, { orderId: order.id, from: "placed", to: "shipped" });
    await changeStatus(db, SYSTEM, { orderId: order.id, from: "shipped", to: "delivered" });
    const hostile = "Fits well </script><script>alert(1)</script>";
    const input = { rating: "5", title: "Lovely", body: hostile, sizeBought: "M", fit: "true" };
    await submitReview(db, shop.services.storage, buyer, kurta, input as Parameters<typeof submitReview>[4]);
    const moderator = actorFor(await makeCustomer(db), "admin");
    const [waiting] = (await reviewQueue(db, moderator, "pending")).reviews;
    await moderateReview(db, moderator, { decision: "approve", reviewId: waiting?.id });

    const page = await shop.request({ method: "GET", url: `/productinfo/${kurta}` });
    expect(page.body).not.toContain("<script>alert(1)");
    const ld = page.body.match(/<script type="application\/ld\+json">(.*?)<\/script>/s)?.[1] ?? "";
    const data = JSON.parse(ld) as { aggregateRating?: object; review?: { reviewBody: string }[] };
    expect(data.aggregateRating).toMatchObject({ ratingValue: 5, reviewCount: 1 });
    expect(data.review?.[0]?.reviewBody).toBe(hostile);
  });

  it("gives every collection its title and only its members, by flag or by category text", async () => {
    // One piece flagged for each collection, and two that belong by their category text alone.
    const word = uniqueWord();
    const members = new Map<string, string[]>();
    for (const collection of COLLECTIONS) {
      const title = `${collection.label} ${word} piece`;
      await makeProduct(database().db, { title, category: "Ethnic", flags: [collection.flag] });
      members.set(collection.slug, [title]);
    }
    for (const slug of ["pinterest-finds", "western"]) {
      const title = `${slug} ${word} by category`;
      await makeProduct(database().db, { title, category: slug === "western" ? "Western" : "Pinterest Finds" });
      members.get(slug)?.push(title);
    }
    for (const collection of COLLECTIONS) {
      const page = await shop.request({ method: "GET", url: `/${collection.slug}?q=${word}` });
      expect(page.body, collection.slug).toMatch(new RegExp(`<h1[^>]*>${collection.title}</h1>`));
      const shown = [...page.body.matchAll(new RegExp(`>([^<>]*${word}[^<>]*)</h2>`, "g"))].map((match) => match[1]);
      expect(shown.sort(), collection.slug).toEqual([...(members.get(collection.slug) ?? [])].sort());
    }
  });

  it("renders a product page with its sizes, stock hints, OpenGraph and Product JSON-LD", async () => {
    const response = await shop.request({ method: "GET", url: `/productinfo/${productId}` });
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatch(/<option value="S" disabled="" data-stock="0">S \(out of stock\)<\/option>/);
    expect(response.body).toContain('property="og:title"');
    const jsonLd = response.body.match(/<script type="application\/ld\+json">(.*?)<\/script>/s)?.[1];
    const product = JSON.parse(jsonLd ?? "{}");
    expect(product["@type"]).toBe("Product");
    expect(product.offers).toMatchObject({ priceCurrency: "INR", price: "4599.00" });
    expect(product.offers.availability).toBe("https://schema.org/InStock");
  });

  it("answers unknown pages, unknown products and malformed ids with the Not-found screen and 404", async () => {
    for (const url of ["/no-such-page", "/productinfo/987654321", "/productinfo/abc", "/productinfo/1.5"]) {
      const response = await shop.request({ method: "GET", url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).toContain("Page not found");
    }
  });

  it("explains a max price it cannot use instead of failing the page", async () => {
    const response = await shop.request({ method: "GET", url: "/allproducts?max=abc" });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain("Max price must be a number of rupees, 0 or more.");
  });

  it("sends security headers: a nonce-based CSP without unsafe-inline scripts, no framing, nosniff", async () => {
    // A page rendered for this request (shared pages allow their scripts by hash: page-cache.test.ts).
    const response = await shop.request({ method: "GET", url: "/login" });
    const csp = String(response.headers["content-security-policy"]);
    const scriptSrc = csp.split(";").find((directive) => directive.trim().startsWith("script-src")) ?? "";
    expect(scriptSrc).toMatch(/'nonce-[A-Za-z0-9+/=_-]+'/);
    expect(scriptSrc).not.toContain("unsafe-inline");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    const nonce = scriptSrc.match(/'nonce-([^']+)'/)?.[1];
    // Every inline script on the page carries that nonce.
    const inlineScripts = [...response.body.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*ld\+json)([^>]*)>/g)];
    expect(inlineScripts.length).toBeGreaterThan(0);
    for (const [, attributes] of inlineScripts) expect(attributes).toContain(`nonce="${nonce}"`);
  });

  it("keeps the chosen theme in a cookie so the server renders dark mode without a flash", async () => {
    const response = await shop.request({
      method: "POST",
      url: "/theme",
      headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-mode": "navigate" },
      payload: "theme=dark&redirectTo=%2Fwestern",
    });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe("/western");
    const page = await shop.request({ method: "GET", url: "/", headers: { cookie: cookiesFrom(response) } });
    expect(page.body).toMatch(/<html lang="en-IN" class="dark"/);
  });

  it("refuses a state-changing request from another site, or one that names no origin", async () => {
    const forged = await shop.app.inject({
      method: "POST",
      url: "/theme",
      headers: { origin: "https://evil.example", "content-type": "application/x-www-form-urlencoded" },
      payload: "theme=dark",
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.headers["set-cookie"]).toBeUndefined();
    const anonymous = await shop.app.inject({
      method: "POST",
      url: "/theme",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "theme=dark",
    });
    expect(anonymous.statusCode).toBe(403);
    const viaReferer = await shop.app.inject({
      method: "POST",
      url: "/theme",
      headers: { referer: `${SHOP_ORIGIN}/western`, "content-type": "application/x-www-form-urlencoded" },
      payload: "theme=dark",
    });
    expect(viaReferer.statusCode).toBe(200);
  });

  it("lists the listings and products in the sitemap, and points robots at it", async () => {
    const sitemap = await shop.request({ method: "GET", url: "/sitemap.xml" });
    expect(sitemap.headers["content-type"]).toContain("application/xml");
    expect(sitemap.body).toContain(`${SHOP_ORIGIN}/pakistani-suits`);
    expect(sitemap.body).toContain(`${SHOP_ORIGIN}/productinfo/${productId}`);
    const robots = await shop.request({ method: "GET", url: "/robots.txt" });
    expect(robots.body).toContain(`Sitemap: ${SHOP_ORIGIN}/sitemap.xml`);
    expect(robots.body).toContain("Disallow: /dashboard");
  });

  it("never serves a file from outside the uploads folder", async () => {
    for (const url of ["/uploads/../package.json", "/uploads/..%2F..%2Fpackage.json", "/uploads/%2e%2e/server.ts"]) {
      const response = await shop.request({ method: "GET", url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain("dependencies");
    }
  });
});

describe("an unexpected failure", () => {
  it("shows the generic error screen with a safe message and no stack", async () => {
    const { createSqliteTestDatabase } = await import("#server/testing/test-databases.ts");
    const database = await createSqliteTestDatabase();
    const shop = await startTestShop(database);
    // The database going away mid-flight is a real failure no loader expects.
    await shop.services.db.destroy();
    const response = await shop.request({ method: "GET", url: "/western" });
    expect(response.statusCode).toBe(500);
    expect(response.body).toContain("Unexpected Application Error!");
    expect(response.body).not.toMatch(/at .*\.(ts|js):\d+/);
    expect(response.body).not.toContain("driver has already been destroyed");
    await shop.app.close();
    shop.removeFolders();
    await database.dispose();
  });
});
