import { describe, expect, it } from "vitest";
import { isStorefrontPage, localeOfPath, localizedPath, pathWithoutLocale, switchLocale } from "./locales.ts";

describe("languages in the URL", () => {
  it("reads the language from the path's prefix, and only a whole segment", () => {
    expect(localeOfPath("/hi/cart")).toBe("hi-IN");
    expect(localeOfPath("/hi")).toBe("hi-IN");
    expect(localeOfPath("/cart")).toBe("en-IN");
    expect(localeOfPath("/hiking-boots")).toBe("en-IN");
  });

  it("adds and removes the prefix, keeping the query", () => {
    expect(localizedPath("/cart?step=2", "hi-IN")).toBe("/hi/cart?step=2");
    expect(localizedPath("/", "hi-IN")).toBe("/hi");
    expect(localizedPath("/hi/cart", "hi-IN")).toBe("/hi/cart");
    expect(localizedPath("/cart", "en-IN")).toBe("/cart");
    expect(localizedPath("https://example.com/x", "hi-IN")).toBe("https://example.com/x");
    expect(pathWithoutLocale("/hi")).toBe("/");
    expect(pathWithoutLocale("/hi/productinfo/7")).toBe("/productinfo/7");
    expect(switchLocale("/hi/pakistani-suits?page=2", "en-IN")).toBe("/pakistani-suits?page=2");
    expect(switchLocale("/", "hi-IN")).toBe("/hi");
  });

  it("tells storefront pages from files and the admin area", () => {
    expect(isStorefrontPage("/cart?x=1")).toBe(true);
    expect(isStorefrontPage("/orders/abc/pay")).toBe(true);
    expect(isStorefrontPage("/order/12")).toBe(true);
    expect(isStorefrontPage("/order/12/invoice")).toBe(false);
    expect(isStorefrontPage("/productinfo/7/reviews")).toBe(false);
    expect(isStorefrontPage("/dashboard")).toBe(false);
    expect(isStorefrontPage("/logout")).toBe(false);
  });
});
