import { describe, expect, it } from "vitest";
import {
  FRESH_MS,
  PageCache,
  pickEncoding,
  SHARED_CACHE_CONTROL,
  type SharedPage,
  STALE_MS,
  sharedCacheControl,
  sharedPageKey,
} from "./page-cache.ts";

const page = (version: number, renderedAt: number): SharedPage => ({
  version: String(version),
  renderedAt,
  contentType: "text/html",
  body: Buffer.from("<p>page</p>"),
  brotli: Buffer.alloc(0),
  gzip: Buffer.alloc(0),
  etag: '"e"',
  scriptHashes: [],
});

describe("the page cache", () => {
  it("tells a CDN to keep a shared page no longer than until an offer starts or ends", () => {
    expect(sharedCacheControl(null)).toBe(SHARED_CACHE_CONTROL);
    expect(sharedCacheControl(FRESH_MS + STALE_MS)).toBe(SHARED_CACHE_CONTROL);
    expect(sharedCacheControl(300_000)).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=240");
    expect(sharedCacheControl(12_500)).toBe("public, max-age=0, s-maxage=12, stale-while-revalidate=0");
  });

  it("serves a page fresh, then stale while it is re-rendered, and never one of an older catalogue", async () => {
    const cache = new PageCache();
    await cache.render("k", async () => page(3, 1_000));
    expect(cache.lookup("k", "3", 1_000 + FRESH_MS)?.state).toBe("fresh");
    expect(cache.lookup("k", "3", 1_000 + FRESH_MS + 1)?.state).toBe("stale");
    expect(cache.lookup("k", "3", 1_000 + FRESH_MS + STALE_MS + 1)).toBeNull();
    await cache.render("k", async () => page(3, 1_000));
    expect(cache.lookup("k", "4", 1_000)).toBeNull();
    expect(cache.size).toBe(0);
  });

  it("renders a page once for everyone who asks at the same moment", async () => {
    const cache = new PageCache();
    let renders = 0;
    let finish: (value: SharedPage) => void = () => {};
    const render = () => {
      renders++;
      return new Promise<SharedPage>((resolve) => {
        finish = resolve;
      });
    };
    const waiting = [cache.render("k", render), cache.render("k", render), cache.render("k", render)];
    expect(cache.rendering("k")).toBe(true);
    finish(page(1, Date.now()));
    const pages = await Promise.all(waiting);
    expect(renders).toBe(1);
    expect(new Set(pages).size).toBe(1);
    expect(cache.rendering("k")).toBe(false);
  });

  it("shares only GET and HEAD of storefront pages, from visitors with no cookie but the theme", () => {
    const origin = "https://kesar.example";
    expect(sharedPageKey({ method: "GET", url: "/jewellery?sort=low" }, origin)).toBe(
      "https://kesar.example/jewellery?sort=low|",
    );
    expect(sharedPageKey({ method: "HEAD", url: "/productinfo/12", cookie: "theme=abc" }, origin)).toBe(
      "https://kesar.example/productinfo/12|abc",
    );
    expect(sharedPageKey({ method: "POST", url: "/" }, origin)).toBeNull();
    expect(sharedPageKey({ method: "GET", url: "/cart" }, origin)).toBeNull();
    // Whose session or cart it is does not change a shared page; the page asks /frame for that.
    expect(sharedPageKey({ method: "GET", url: "/", cookie: "theme=abc; sid=s" }, origin)).toBe(
      "https://kesar.example/|abc",
    );
    expect(sharedPageKey({ method: "GET", url: "/", cookie: "guest=g; __Host-sid=s" }, origin)).toBe(
      "https://kesar.example/|",
    );
    // Nor the pincode a shopper checked: the delivery box asks /delivery for that.
    expect(sharedPageKey({ method: "GET", url: "/productinfo/3", cookie: "pincode=560034" }, origin)).toBe(
      "https://kesar.example/productinfo/3|",
    );
    expect(sharedPageKey({ method: "GET", url: "/", cookie: "tracker=1; guest=g" }, origin)).toBeNull();
    expect(sharedPageKey({ method: "GET", url: "/", cookie: "toast=t" }, origin)).toBeNull();
    expect(sharedPageKey({ method: "GET", url: "/productinfo/12/extra" }, origin)).toBeNull();
  });

  it("picks brotli, then gzip, as the client accepts", () => {
    expect(pickEncoding("gzip, deflate, br")).toBe("br");
    expect(pickEncoding("gzip, br;q=0")).toBe("gzip");
    expect(pickEncoding("deflate")).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
  });
});
