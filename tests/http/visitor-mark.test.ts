import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { makeCustomer, makeProduct } from "#server/testing/factories.ts";
import { describeOnSqlite } from "#server/testing/test-databases.ts";
import { shopBrowser, startTestShop, type TestShop } from "./test-shop.ts";

function setCookies(response: LightMyRequestResponse): string[] {
  const header = response.headers["set-cookie"];
  return Array.isArray(header) ? header : header ? [header] : [];
}

/** The visitor mark's Set-Cookie on a response, if it has one. */
function markSet(response: LightMyRequestResponse): string | undefined {
  return setCookies(response).find((cookie) => cookie.startsWith("known="));
}

/** The names of the cookies a response sets, in order, each as often as it is set. */
const cookieNames = (response: LightMyRequestResponse) => setCookies(response).map((cookie) => cookie.split("=")[0]);

// The mark's rule reads cookies, not rows: one engine is enough.
describeOnSqlite("the visitor mark that a shared page's scripts read", (database) => {
  let shop: TestShop;
  let productId: number;

  beforeAll(async () => {
    shop = await startTestShop(database());
    productId = await makeProduct(shop.services.db, { title: "Marked Mulmul Kurta", sizes: { M: 10 } });
  });
  afterAll(() => shop?.dispose());

  it("is not given to a stranger, whose shared pages then ask for nothing more", async () => {
    const stranger = shopBrowser(shop);
    for (const path of ["/", "/pakistani-suits", `/productinfo/${productId}`, "/frame", "/delivery"]) {
      const response = await stranger.get(path);
      expect(response.statusCode, path).toBe(200);
      expect(markSet(response), path).toBeUndefined();
    }
  });

  it("comes with the first cookie of the visitor's own: a guest's cart, a sign-in, a pincode", async () => {
    const guest = shopBrowser(shop);
    const added = await guest.post("/cart", { intent: "add", productId: String(productId), size: "M" });
    expect(markSet(added)).toMatch(/^known=1; Max-Age=31536000; Path=\/; SameSite=Lax$/);
    expect(guest.cookies).toMatch(/(^|; )guest=/);

    const customer = await makeCustomer(shop.services.db);
    const shopper = shopBrowser(shop);
    const signedIn = await shopper.post("/login", { email: customer.email, password: customer.password });
    expect(markSet(signedIn)).toBeDefined();
    // The mark is added to what the answer sets, which is set once each.
    const names = cookieNames(signedIn);
    expect(names).toContain("sid");
    expect(names.length).toBe(new Set(names).size);
    expect(cookieNames(added).filter((name) => name === "guest")).toEqual(["guest"]);

    const checker = shopBrowser(shop);
    expect(markSet(await checker.get("/delivery?pincode=560034"))).toBeDefined();
  });

  it("is given on the next page, even a shared one, to a browser whose cookies came before it, and only once", async () => {
    const guest = shopBrowser(shop);
    await guest.post("/cart", { intent: "add", productId: String(productId), size: "M" });
    const guestCookie = guest.cookies.split("; ").find((pair) => pair.startsWith("guest=")) ?? "";
    const page = (cookie: string) => shop.request({ method: "GET", url: "/pakistani-suits", headers: { cookie } });

    const before = await page(guestCookie);
    expect(before.statusCode).toBe(200);
    expect(markSet(before)).toBeDefined();

    const marked = await page(`${guestCookie}; known=1`);
    expect(markSet(marked)).toBeUndefined();
    // The mark keeps the page a shared one: it is not a cookie that makes a page personal.
    expect(marked.headers["x-cache"]).toBe("HIT");
  });

  it("is not given for a chosen theme alone, which shapes the shared page itself", async () => {
    const themed = await shop.request({ method: "GET", url: "/pakistani-suits", headers: { cookie: "theme=dark" } });
    expect(themed.statusCode).toBe(200);
    expect(markSet(themed)).toBeUndefined();
  });
});
