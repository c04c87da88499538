import { afterAll, beforeAll, expect, it } from "vitest";
import { catalogVersion } from "#server/catalog/catalog-version.ts";
import { insertOffer } from "#server/offers/offers.repository.ts";
import { makeProduct } from "#server/testing/factories.ts";
import { disableAllOffers, offerInput } from "#server/testing/offer-fixtures.ts";
import { describeOnSqlite } from "#server/testing/test-databases.ts";
import { checkoutForm } from "./live-shop.ts";
import { shopBrowser, startTestShop, type TestShop } from "./test-shop.ts";

/*
 * Shared pages and the offers' clock: a page cached before an automatic offer starts must
 * not be served once it has started, nor one cached during it once it has ended, with nothing
 * written at either moment. A CDN in front is told to keep the page no longer than that. And the
 * admin's Offers form, as it is posted: a new offer reaches guests unless the owner says otherwise.
 */
// What these check is the HTTP side (forms, pages, headers, signatures): SQLite alone (record 17);
// the offers' SQL, their uses and limits are tested on both databases in server/offers.
describeOnSqlite("offers over HTTP", (database) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startTestShop(database());
  });
  afterAll(() => shop?.dispose());

  const get = (url: string) => shop.request({ method: "GET", url });

  it("shows an automatic offer on cached pages from the moment it starts, and no longer once it ends", async () => {
    const { db } = shop.services;
    const productId = await makeProduct(db, { title: "Clockwork Kurta", price: 179_900, flags: ["isEthnic"] });
    const page = `/productinfo/${productId}`;
    const startsAt = Date.now() + 2_000;
    // Set up as the admin's form would, to the millisecond: the form itself takes minutes.
    await insertOffer(
      db,
      offerInput({
        name: "TICK10",
        scope: { collections: ["isEthnic"], productIds: [] },
        startsAt,
        endsAt: startsAt + 2_000,
      }),
      Date.now(),
    );
    await catalogVersion(db).changed();

    const before = await get(page);
    expect(before.body).not.toContain("with TICK10");
    const cached = await get(page);
    expect(cached.headers["x-cache"]).toBe("HIT");
    // A CDN keeps it no longer than until the offer starts.
    expect(String(cached.headers["cache-control"])).toMatch(/s-maxage=[0-3], stale-while-revalidate=0$/);

    await expect.poll(async () => (await get(page)).body, { timeout: 10_000, interval: 100 }).toContain("with TICK10");
    expect((await get("/ethnic?q=Clockwork")).body).toContain("with TICK10");
    await expect
      .poll(async () => (await get(page)).body, { timeout: 10_000, interval: 100 })
      .not.toContain("with TICK10");
    expect((await get(page)).headers["cache-control"]).toMatch(/s-maxage=60, stale-while-revalidate=600/);
  });

  it("opens a new offer to everyone unless the owner ticks members only, and lists who each offer is for and its uses", async () => {
    const { db } = shop.services;
    await disableAllOffers(db);
    const productId = await makeProduct(db, { title: "Open Sale Kurta", price: 200_000, sizes: { M: 5 } });
    const admin = shopBrowser(shop);
    await admin.post("/login", { email: "admin@shop.test", password: "Admin-password-1" });
    const page = (await admin.get("/admin/offers")).body;
    const newOffer = page.slice(page.indexOf('id="new-offer-heading"'));
    const box = (name: string) => newOffer.match(new RegExp(`<input[^>]*name="${name}"[^>]*>`))?.[0] ?? "";
    expect(box("signedInOnly")).not.toBe("");
    expect(box("signedInOnly")).not.toMatch(/\bchecked\b/);
    // The form as the owner sends it without touching the boxes: every box ticked on the page goes with it.
    const ticked = [...newOffer.matchAll(/<input[^>]*type="checkbox"[^>]*>/g)]
      .map(([input]) => input)
      .filter((input) => /\bchecked\b/.test(input))
      .map((input) => input.match(/name="([^"]+)"/)?.[1] ?? "");
    const fields = { intent: "save", kind: "automatic", name: "SALE15", actionType: "percent", percent: "15" };
    const saved = await admin.post("/admin/offers", {
      ...fields,
      ...Object.fromEntries(ticked.map((name) => [name, "on"])),
    });
    expect(saved.statusCode).toBe(302);
    await admin.post("/admin/offers", {
      intent: "save",
      kind: "code",
      name: "MEMBERS5",
      actionType: "percent",
      percent: "5",
      signedInOnly: "on",
    });

    // A guest's cart gets it, and so does the guest's order.
    const guest = shopBrowser(shop);
    await guest.post("/cart", { intent: "add", productId: String(productId), size: "M" });
    expect((await guest.get("/cart")).body).toContain("SALE15");
    const placed = await guest.post("/guest", { ...checkoutForm("open.sale@mail.in") });
    expect(placed.statusCode).toBe(302);
    const order = (await guest.get(String(placed.headers.location))).body;
    expect(order).toContain("Offer SALE15");

    const list = (await admin.get("/admin/offers")).body;
    const row = (name: string) =>
      list.split('data-testid="offer-row"').find((entry) => entry.includes(`>${name}<`)) ?? "";
    const cell = (html: string, id: string) => html.match(new RegExp(`data-testid="${id}"[^>]*>([^<]*)<`))?.[1];
    expect(cell(row("SALE15"), "offer-audience")).toBe("Everyone");
    expect(cell(row("SALE15"), "offer-uses")).toBe("1");
    expect(cell(row("MEMBERS5"), "offer-audience")).toBe("Signed-in customers");
    expect(cell(row("MEMBERS5"), "offer-uses")).toBe("0");
  });
});
