import { afterEach, expect, it } from "vitest";
import { SYSTEM } from "#core/actor.ts";
import { shelfPrices } from "../cart/shelf-prices.ts";
import { catalogVersion } from "../catalog/catalog-version.ts";
import { changeStatus } from "../orders/orders.service.ts";
import { actorFor, makeCustomer, makeProduct } from "../testing/factories.ts";
import { disableAllOffers, fillCart, makeOffer, offerInput, orderCart } from "../testing/offer-fixtures.ts";
import { describeEachDatabase } from "../testing/test-databases.ts";
import { insertOffer } from "./offers.repository.ts";
import { setOfferEnabled } from "./offers-admin.service.ts";
import { liveShelfOffers } from "./shelf-offers.ts";

describeEachDatabase("offers on the shelves", (database) => {
  afterEach(() => disableAllOffers(database().db));

  it("shows the price a piece bought alone pays, only for offers that are the same for everyone", async () => {
    const { db } = database();
    const suit = await makeProduct(db, { price: 179_900, flags: ["isEthnic"] });
    const tote = await makeProduct(db, { price: 99_900, flags: ["isHandbags"] });
    await makeOffer(db, { kind: "automatic", name: "FEST10", collections: ["isEthnic"] });
    await makeOffer(db, { kind: "automatic", name: "MEMBERS20", percent: "20", signedInOnly: true });
    await makeOffer(db, { name: "CODE50", percent: "50" });
    await makeOffer(db, { kind: "automatic", name: "BIG", percent: "30", minSubtotal: "2000" });
    const offers = await shelfPrices(db, [
      { id: suit, price: 179_900 },
      { id: tote, price: 99_900 },
    ]);
    expect(offers).toEqual({
      [suit]: { price: 161_910, name: "FEST10", description: "10 % off on Ethnic" },
    });
  });

  it("follows the offers' clock: its start and end move the shelves, with nothing written", async () => {
    const { db } = database();
    const kurta = await makeProduct(db, { price: 200_000 });
    const start = Date.now() + 3_600_000;
    const end = start + 3_600_000;
    await insertOffer(db, offerInput({ name: "HOUR10", startsAt: start, endsAt: end }), Date.now());
    await catalogVersion(db).changed();
    const at = (now: number) => shelfPrices(db, [{ id: kurta, price: 200_000 }], now);
    expect(await at(start - 1)).toEqual({});
    expect((await at(start))[kurta]?.price).toBe(180_000);
    expect(await at(end)).toEqual({});
    const clock = liveShelfOffers(db);
    const before = await clock.clock(start - 1);
    const during = await clock.clock(start);
    const after = await clock.clock(end);
    expect(new Set([before.tick, during.tick, after.tick]).size).toBe(3);
    expect(during).toEqual({ tick: start, nextInMs: end - start });
  });

  it("moves the catalogue when an offer changes, and when a limited one runs out or comes back", async () => {
    const { db } = database();
    const piece = await makeProduct(db, { price: 100_000, sizes: { M: 9 } });
    const version = () => catalogVersion(db).current();
    let seen = await version();
    const limited = await makeOffer(db, { kind: "automatic", name: "FIRST1", totalLimit: "1" });
    expect(await version()).toBeGreaterThan(seen);
    expect((await shelfPrices(db, [{ id: piece, price: 100_000 }]))[piece]?.name).toBe("FIRST1");

    const shopper = actorFor(await makeCustomer(db));
    await fillCart(db, shopper, [[piece, 1]]);
    seen = await version();
    const placed = await orderCart(db, shopper);
    expect(await version()).toBeGreaterThan(seen);
    expect(await shelfPrices(db, [{ id: piece, price: 100_000 }])).toEqual({});

    seen = await version();
    await changeStatus(db, SYSTEM, { orderId: placed.id, from: "placed", to: "cancelled" });
    expect(await version()).toBeGreaterThan(seen);
    expect((await shelfPrices(db, [{ id: piece, price: 100_000 }]))[piece]?.name).toBe("FIRST1");

    await setOfferEnabled(db, SYSTEM, limited.id, false);
    expect(await shelfPrices(db, [{ id: piece, price: 100_000 }])).toEqual({});
  });
});
