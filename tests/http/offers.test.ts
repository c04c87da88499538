import { afterAll, beforeAll, expect, it } from "vitest";
import { catalogVersion } from "#server/catalog/catalog-version.ts";
import { insertPromotion } from "#server/promotions/promotions.repository.ts";
import { makeProduct } from "#server/testing/factories.ts";
import { promotionInput } from "#server/testing/offers.ts";
import { describeEachDatabase } from "#server/testing/test-databases.ts";
import { startTestShop, type TestShop } from "./test-shop.ts";

/*
 * Shared pages and the promotions' clock: a page cached before an automatic promotion starts must
 * not be served once it has started, nor one cached during it once it has ended, with nothing
 * written at either moment. A CDN in front is told to keep the page no longer than that.
 */
describeEachDatabase("offers on cached pages", (database) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startTestShop(database());
  });
  afterAll(() => shop?.dispose());

  const get = (url: string) => shop.request({ method: "GET", url });

  it("shows an automatic promotion on cached pages from the moment it starts, and no longer once it ends", async () => {
    const { db } = shop.services;
    const productId = await makeProduct(db, { title: "Clockwork Kurta", price: 179_900, flags: ["isEthnic"] });
    const page = `/productinfo/${productId}`;
    const startsAt = Date.now() + 2_000;
    // Set up as the admin's form would, to the millisecond: the form itself takes minutes.
    await insertPromotion(
      db,
      promotionInput({
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
    // A CDN keeps it no longer than until the promotion starts.
    expect(String(cached.headers["cache-control"])).toMatch(/s-maxage=[0-3], stale-while-revalidate=0$/);

    await expect.poll(async () => (await get(page)).body, { timeout: 10_000, interval: 100 }).toContain("with TICK10");
    expect((await get("/ethnic?q=Clockwork")).body).toContain("with TICK10");
    await expect
      .poll(async () => (await get(page)).body, { timeout: 10_000, interval: 100 })
      .not.toContain("with TICK10");
    expect((await get(page)).headers["cache-control"]).toMatch(/s-maxage=60, stale-while-revalidate=600/);
  });
});
