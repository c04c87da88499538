import { afterAll, beforeAll, expect, it } from "vitest";
import { ISLAND_POST_HEADER } from "#core/island-post.ts";
import { EXAMPLE_SIZE_CHARTS } from "#server/demo/example-size-charts.ts";
import { seedExampleCharts } from "#server/size-guides/size-guides.service.ts";
import { makeCustomer, makeProduct } from "#server/testing/factories.ts";
import { describeOnSqlite } from "#server/testing/test-databases.ts";
import { cookiesFrom, FORM, form, signedInCookie, startTestShop, type TestShop } from "./test-shop.ts";

/*
 * Home, the listings and the product page are HTML-first (decision record 48): no React, an island script, and the
 * shopper's own parts of the frame from /frame/parts. An island sends its forms as the page would
 * without JavaScript. What these check is HTTP alone: SQLite (record 17).
 */
describeOnSqlite("HTML-first pages over HTTP", (database) => {
  let shop: TestShop;
  let productId = 0;
  beforeAll(async () => {
    shop = await startTestShop(database());
    const { db } = shop.services;
    await seedExampleCharts(db, EXAMPLE_SIZE_CHARTS);
    productId = await makeProduct(db, { title: "Island Chikan Kurta", price: 89_900, flags: ["isEthnic"] });
  });
  afterAll(() => shop?.dispose());

  const get = (url: string, cookie = "") => shop.request({ method: "GET", url, headers: cookie ? { cookie } : {} });
  const addToCart = (cookie: string, headers: Record<string, string>) =>
    shop.request({
      method: "POST",
      url: "/cart",
      headers: { ...FORM, ...headers, cookie },
      payload: form({ intent: "add", productId: String(productId), size: "M" }),
    });

  it("sends home, the listings and the product page with the islands' script and no React; others hydrate", async () => {
    for (const url of ["/", "/allproducts", "/hi/jewellery?sort=low", `/productinfo/${productId}`]) {
      const page = (await get(url)).body;
      expect(page, url).toMatch(
        /<script type="module" src="\/assets\/islands-[\w-]+\.js"( data-own-page="")?><\/script>/,
      );
      expect(page, url).not.toContain("__reactRouterContext");
      expect(page, url).not.toContain("modulepreload");
    }
    const cart = (await get("/cart")).body;
    expect(cart).toContain("__reactRouterContext");
    expect(cart).not.toContain("/assets/islands-");
  });

  it("lays out the product page's reviews and footer with its first screen, a long page's footer when near", async () => {
    const footerClasses = (page: string) => (page.match(/<footer class="([^"]*)"/)?.[1] ?? "").split(/\s+/);
    const home = (await get("/")).body;
    expect(footerClasses(home)).toContain("later");
    const product = (await get(`/productinfo/${productId}`)).body;
    expect(footerClasses(product)).toContain("border-t");
    expect(footerClasses(product)).not.toContain("later");
    expect(product).toContain('id="reviews-heading"');
    expect(product).not.toMatch(/class="[^"]*\blater\b/);
  });

  it("names a small picture as every page's icon, served as one", async () => {
    for (const url of ["/", "/cart"]) {
      expect((await get(url)).body, url).toMatch(
        /<link [^>]*rel="icon" href="\/favicon.png" type="image\/png" sizes="48x48"\/>/,
      );
    }
    const icon = await get("/favicon.png");
    expect(icon.statusCode).toBe(200);
    expect(icon.headers["content-type"]).toBe("image/png");
    expect(icon.rawPayload.subarray(1, 4).toString()).toBe("PNG");
  });

  it("answers a hydrated page's router asking for an HTML-first page with a document load, before any loader", async () => {
    const visitor = cookiesFrom(await get("/allproducts"));
    const queued = cookiesFrom(await addToCart(visitor, { [ISLAND_POST_HEADER]: "1" }), visitor);
    for (const [data, page] of [
      ["/_.data", "/"],
      ["/allproducts.data?type=Top&_routes=root", "/allproducts?type=Top"],
      [`/hi/productinfo/${productId}.data`, `/hi/productinfo/${productId}`],
    ]) {
      const answer = await get(data as string, queued);
      expect(answer.body, data).toContain('"SingleFetchRedirect"');
      expect(answer.body, data).toContain(`"redirect","${page}"`);
      expect(answer.body, data).toContain('"reload",true');
      // The toast waits for the document: nothing was loaded, so nothing took it.
      expect(answer.headers["set-cookie"], data).toBeUndefined();
    }
  });

  it("tells the islands' script when the page was rendered for its shopper, so that it asks for no parts", async () => {
    const ownPage = /<script type="module" src="\/assets\/islands-[\w-]+\.js" data-own-page=""><\/script>/;
    const visitor = cookiesFrom(await get("/allproducts"));
    // A session and a guest cart still get the shared page, whose parts are a stranger's.
    expect((await get("/allproducts", visitor)).body).not.toMatch(ownPage);
    // A queued toast is the shopper's own: the page is rendered for them, with their parts.
    const queued = cookiesFrom(await addToCart(visitor, { [ISLAND_POST_HEADER]: "1" }), visitor);
    const own = (await get("/allproducts", queued)).body;
    expect(own).toMatch(ownPage);
    expect(own).toContain("Added to cart");
  });

  it("answers an island's post as a plain form's, then gives the shopper's counts and the toast once", async () => {
    const first = await get("/allproducts");
    const visitor = cookiesFrom(first);
    const posted = await addToCart(visitor, { [ISLAND_POST_HEADER]: "1" });
    expect(posted.statusCode).toBe(302);
    const cookie = cookiesFrom(posted, visitor);
    expect(cookie).toMatch(/toast=/);

    const parts = await get(`/frame/parts?page=${encodeURIComponent("/allproducts?q=jhumka")}`, cookie);
    expect(parts.statusCode).toBe(200);
    expect(parts.headers["cache-control"]).toBe("private, no-store");
    expect(parts.body).toMatch(/data-testid="cart-count"[^>]*>1</);
    expect(parts.body).toMatch(/<template data-island="queued-toast" data-kind="success"[^>]*>Added to cart</);
    const again = await get("/frame/parts?page=/allproducts", cookiesFrom(parts, cookie));
    expect(again.body).not.toContain("queued-toast");
    // A fetcher's post (a hydrated page's) still gets the data it reads.
    const fetched = await addToCart(cookie, {});
    expect(fetched.statusCode).toBe(200);
  });

  it("renders a signed-in shopper's parts in the page's language, and nobody else's", async () => {
    const customer = await makeCustomer(shop.services.db, { name: "Ira Kulkarni" });
    const cookie = await signedInCookie(shop, customer);
    const hindi = (await get("/frame/parts?page=/hi/allproducts", cookie)).body;
    expect(hindi).toContain("Ira");
    expect(hindi).toContain('href="/hi/cart"');
    expect(hindi).toContain('data-personal="bar"');
    expect(hindi).toContain('data-personal="menu"');
    const stranger = (await get("/frame/parts?page=/hi/allproducts")).body;
    expect(stranger).not.toContain("Ira");
    expect(stranger).toContain('href="/hi/login"');
  });

  it("answers the product page's islands with its parts as HTML in the page's language, and bad input with words", async () => {
    const suggestion = await get(`/productinfo/${productId}/size-suggestion?unit=cm&chest=90&lang=hi-IN`);
    expect(suggestion.statusCode).toBe(200);
    // In Hindi, with the size to choose.
    expect(suggestion.body).toMatch(/data-choose-size="[A-Z]+"/);
    expect(suggestion.body).toMatch(/[\u0900-\u097F]/);
    const nonsense = await get(`/productinfo/${productId}/size-suggestion?unit=feet&chest=%3Cscript%3E&lang=xx`);
    expect(nonsense.statusCode).toBeLessThan(500);
    expect(nonsense.body).not.toContain("<script>");
    expect((await get("/productinfo/999999/size-suggestion?chest=90")).statusCode).toBe(404);

    const wrong = await get("/frame/delivery?pincode=12ab&lang=hi-IN");
    expect(wrong.statusCode).toBe(200);
    expect(wrong.headers["cache-control"]).toBe("private, no-store");
    expect(wrong.body).toMatch(/<p class="font-medium text-red-700[^"]*">[^<]+<\/p>/);
    const mumbai = await get("/frame/delivery?pincode=400050");
    expect(mumbai.body).toContain('data-pincode="400050"');
    expect(cookiesFrom(mumbai)).toMatch(/pincode=/);

    const reviews = await get(`/productinfo/${productId}/reviews?view=html&sort=nonsense&page=-3&lang=hi-IN`);
    expect(reviews.statusCode).toBe(200);
    expect(reviews.body).toContain('data-has-next="false"');
    const vote = await shop.request({
      method: "POST",
      url: `/productinfo/${productId}/reviews?view=html&lang=en-IN`,
      headers: FORM,
      payload: form({ reviewId: "1" }),
    });
    expect(vote.statusCode).toBe(200);
    expect(vote.body).toContain("data-vote-refusal");
    expect(vote.body).toContain("Please log in to vote");
  });

  it("keeps the parts on the shop's own pages: another site's address renders as the home page", async () => {
    for (const page of ["//evil.example/x", "https://evil.example/", "javascript:alert(1)"]) {
      const parts = await get(`/frame/parts?page=${encodeURIComponent(page)}`);
      expect(parts.statusCode, page).toBe(200);
      expect(parts.body, page).not.toContain("evil.example");
      expect(parts.body, page).not.toContain("javascript:");
    }
  });

  it("opens no door with the island's header: another site's post is refused all the same", async () => {
    const refused = await addToCart("", { [ISLAND_POST_HEADER]: "1", origin: "https://evil.example" });
    expect(refused.statusCode).toBe(403);
  });
});
