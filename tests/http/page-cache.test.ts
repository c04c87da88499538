import { createHash } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, expect, it } from "vitest";
import { SYSTEM } from "#core/actor.ts";
import { rupeeDecimal } from "#core/money.ts";
import { getProduct } from "#server/catalog/catalog.service.ts";
import { updateProduct } from "#server/catalog/catalog-admin.service.ts";
import { makeCustomer, makeProduct } from "#server/testing/factories.ts";
import { describeEachDatabase } from "#server/testing/test-databases.ts";
import { shopBrowser, signedInCookie, startTestShop, type TestShop } from "./test-shop.ts";

/** Changes a product's price through the admin's own service, as the product form does. */
async function setPrice(shop: TestShop, id: number, price: number): Promise<void> {
  const { db } = shop.services;
  const { title, images, category, type, fabric, hsn, description, description1, flags, sizes } = await getProduct(
    db,
    id,
  );
  await updateProduct(db, SYSTEM, id, {
    title,
    price,
    images,
    category,
    type,
    fabric,
    hsn,
    description,
    description1,
    flags,
    sizes,
  });
}

/** The price as the product page's price meta tag states it. */
const rupees = (paise: number) => `property="product:price:amount" content="${rupeeDecimal(paise)}"`;
const nonceOf = (policy: string) => policy.match(/'nonce-([^']+)'/)?.[1];

describeEachDatabase("the page cache for anonymous visitors", (database) => {
  let shop: TestShop;
  let other: TestShop;
  let productId = 0;

  beforeAll(async () => {
    shop = await startTestShop(database());
    // A second shop process on the same database, with caches of its own.
    other = await startTestShop(database());
    productId = await makeProduct(shop.services.db, { title: "Cached Chikankari Kurta", price: 189_900 });
  });
  afterAll(async () => {
    await other?.dispose();
    await shop?.dispose();
  });

  const get = (url: string, headers: Record<string, string> = {}, on = shop) =>
    on.request({ method: "GET", url, headers });

  it("renders a shared page once, then serves the same bytes with a CDN-ready header and 304s", async () => {
    const first = await get("/pakistani-suits?sort=high");
    const second = await get("/pakistani-suits?sort=high");
    expect(first.statusCode).toBe(200);
    expect(first.headers["x-cache"]).toBe("MISS");
    expect(second.headers["x-cache"]).toBe("HIT");
    expect(second.body).toBe(first.body);
    expect(second.headers["cache-control"]).toMatch(/^public, .*s-maxage=\d+.*stale-while-revalidate=\d+/);
    expect(second.headers.vary).toMatch(/Cookie/);
    const etag = String(second.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    const notModified = await get("/pakistani-suits?sort=high", { "if-none-match": etag });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe("");
  });

  it("sends the shared page brotli- or gzip-compressed as the client accepts, with the same content", async () => {
    const plain = await get("/");
    const brotli = await get("/", { "accept-encoding": "gzip, deflate, br" });
    const gzip = await get("/", { "accept-encoding": "gzip" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
  });

  it("compresses personal pages on the fly too", async () => {
    const visitor = await get("/login", { "accept-encoding": "br" });
    expect(visitor.headers["cache-control"]).toBe("private, no-store");
    expect(visitor.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(visitor.rawPayload).toString()).toContain("<html");
  });

  it("never shares a nonce: a shared page carries none and allows its own scripts by hash; others get a fresh one", async () => {
    // A product page carries inline scripts (its structured data at least); a listing has none.
    const shared = await get(`/productinfo/${productId}`);
    expect(shared.body).not.toMatch(/\snonce="/);
    const policy = String(shared.headers["content-security-policy"]);
    expect(policy).not.toMatch(/'nonce-/);
    const inline = [...shared.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
      (match) => !/\ssrc=/.test(match[1] ?? ""),
    );
    expect(inline.length).toBeGreaterThan(0);
    for (const [, , code] of inline) {
      const hash = createHash("sha256")
        .update(code ?? "")
        .digest("base64");
      expect(policy).toContain(`'sha256-${hash}'`);
    }
    const nonces = new Set<string | undefined>();
    for (let i = 0; i < 3; i++) {
      const personal = await get("/login");
      const nonce = nonceOf(String(personal.headers["content-security-policy"]));
      expect(nonce).toBeTruthy();
      expect(personal.body).toContain(`nonce="${nonce}"`);
      nonces.add(nonce);
    }
    expect(nonces.size).toBe(3);
  });

  it("serves a signed-in shopper the shared page with a stranger's frame, and their own name only from /frame", async () => {
    const customer = await makeCustomer(shop.services.db, { name: "Meher Sethi" });
    const cookie = await signedInCookie(shop, customer);
    expect(cookie).toMatch(/sid=/);
    await get("/");
    const signedIn = await get("/", { cookie });
    expect(signedIn.headers["x-cache"]).toBe("HIT");
    expect(signedIn.headers["set-cookie"]).toBeUndefined();
    expect(signedIn.body).not.toContain("Meher");
    const own = await get("/frame", { cookie });
    expect(own.headers["cache-control"]).toBe("private, no-store");
    expect(JSON.parse(own.body)).toMatchObject({ viewer: { name: "Meher Sethi" }, cartCount: 0 });
    // A page rendered for the signed-in shopper first is still a stranger's page for the next visitor.
    await setPrice(shop, productId, 189_900);
    expect((await get("/", { cookie })).body).not.toContain("Meher");
    expect((await get("/")).body).not.toContain("Meher");
    for (const url of ["/cart", "/wishlist", "/profile", "/order", "/account", "/guest", "/frame"]) {
      const response = await get(url, { cookie });
      expect(response.headers["x-cache"], url).toBeUndefined();
      expect(response.headers["cache-control"], url).toBe("private, no-store");
    }
  });

  it("never shows one visitor's cart on another visitor's page, and counts it on /frame", async () => {
    const visitor = shopBrowser(shop);
    await visitor.post("/cart", { intent: "add", productId: String(productId), size: "M" });
    // The first page after the form shows its message ("Added to cart"), so it is the visitor's own.
    const withMessage = await visitor.get(`/productinfo/${productId}`);
    expect(withMessage.headers["x-cache"]).toBeUndefined();
    expect(withMessage.body).toContain('data-testid="cart-count"');
    const own = await visitor.get(`/productinfo/${productId}`);
    expect(own.headers["x-cache"]).toBeDefined();
    expect(own.body).not.toContain('data-testid="cart-count"');
    expect(own.body).toContain("Cart, 0 items");
    expect(JSON.parse((await visitor.get("/frame")).body)).toMatchObject({ viewer: null, cartCount: 1 });
    const stranger = await get(`/productinfo/${productId}`);
    expect(stranger.body).not.toContain('data-testid="cart-count"');
    expect(JSON.parse((await get("/frame")).body)).toMatchObject({ cartCount: 0 });
  });

  it("keeps a queued message's page personal: the message is shown once, to its shopper", async () => {
    const visitor = shopBrowser(shop);
    await visitor.post("/cart", { intent: "add", productId: String(productId), size: "M" });
    const withMessage = await get("/", { cookie: `${visitor.cookies}; toast=anything` });
    expect(withMessage.headers["x-cache"]).toBeUndefined();
    expect(withMessage.headers["cache-control"]).toBe("private, no-store");
  });

  it("shows a price change on the next request here, and within a second on another process", async () => {
    const page = `/productinfo/${productId}`;
    await get(page);
    await get(page, {}, other);
    expect((await get(page)).headers["x-cache"]).toBe("HIT");
    expect((await get(page, {}, other)).headers["x-cache"]).toBe("HIT");
    await setPrice(shop, productId, 219_900);
    const next = await get(page);
    expect(next.headers["x-cache"]).toBe("MISS");
    expect(next.body).toContain(rupees(219_900));
    expect(next.body).not.toContain(rupees(189_900));
    await expect
      .poll(async () => (await get(page, {}, other)).body.includes(rupees(219_900)), { timeout: 5_000, interval: 100 })
      .toBe(true);
  });

  it("keeps each theme's page apart and bypasses the cache for any other cookie", async () => {
    const visitor = shopBrowser(shop);
    await visitor.post("/theme", { theme: "dark" });
    expect(visitor.cookies).toMatch(/^theme=/);
    const dark = await visitor.get("/");
    const light = await get("/");
    expect(dark.body).toContain('class="dark"');
    expect(light.body).not.toContain('class="dark"');
    expect((await visitor.get("/")).headers["x-cache"]).toBe("HIT");
    const unknown = await get("/", { cookie: "tracker=1" });
    expect(unknown.headers["x-cache"]).toBeUndefined();
    expect(unknown.headers["cache-control"]).toBe("private, no-store");
  });
});
