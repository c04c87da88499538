import { expect, it } from "vitest";
import { SYSTEM } from "#core/actor.ts";
import { epochToIndiaLocal } from "#core/dates.ts";
import { logIn } from "../accounts/accounts.service.ts";
import { viewCart } from "../cart/cart.service.ts";
import { removeCartCode } from "../cart/cart-offers.service.ts";
import { catalogVersion } from "../catalog/catalog-version.ts";
import { failure } from "../testing/app-error.ts";
import { actorFor, makeCustomer, makeProduct, makeVisitor } from "../testing/factories.ts";
import { enterCode, fillCart, makeOffer, offerForm, orderCart } from "../testing/offer-fixtures.ts";
import { describeEachDatabase } from "../testing/test-databases.ts";
import { createOffer, listOffers, setOfferEnabled, updateOffer } from "./offers-admin.service.ts";

const HOUR = 3_600_000;
const ADMIN = actorFor({ id: "admin", email: "owner@example.com" }, "admin");

describeEachDatabase("offers: the admin's Offers tab", (database) => {
  it("makes codes and automatic offers, refuses a customer and a form that does not add up", async () => {
    const { db } = database();
    const customer = actorFor(await makeCustomer(db));
    expect((await failure(createOffer(db, customer, offerForm()))).code).toBe("forbidden");
    expect((await failure(listOffers(db, makeVisitor()))).code).toBe("unauthenticated");

    const before = await catalogVersion(db).current();
    const code = await createOffer(db, ADMIN, offerForm({ name: "welcome10", minSubtotal: "1999" }));
    expect(code).toMatchObject({ name: "WELCOME10", kind: "code", minSubtotal: 199_900, uses: 0 });
    expect(await catalogVersion(db).current()).toBeGreaterThan(before);
    const taken = await failure(createOffer(db, ADMIN, offerForm({ name: "Welcome10" })));
    expect(taken).toMatchObject({
      code: "validation-failed",
      message: "Another offer already has the code WELCOME10.",
    });
    const noPercent = await failure(createOffer(db, ADMIN, offerForm({ name: "HALF", percent: "" })));
    expect(noPercent.message).toBe("Enter the percentage off.");
    const noProduct = await failure(createOffer(db, ADMIN, offerForm({ name: "ONLY", productIds: "999999" })));
    expect(noProduct.message).toBe("There is no product number 999999.");
    const backwards = offerForm({ name: "LATE", startsAt: "2026-04-02T10:00", endsAt: "2026-04-01T10:00" });
    expect((await failure(createOffer(db, ADMIN, backwards))).message).toBe("The end must come after the start.");

    const fest = await createOffer(db, ADMIN, offerForm({ kind: "automatic", name: "FEST10", combinesWithCode: true }));
    const changed = await updateOffer(
      db,
      ADMIN,
      fest.id,
      offerForm({ kind: "automatic", name: "FEST15", percent: "15" }),
    );
    expect(changed).toMatchObject({
      name: "FEST15",
      action: { type: "percent", percent: 15 },
      combinesWithCode: false,
    });
    const listed = await listOffers(db, ADMIN);
    expect(listed.map((offer) => [offer.name, offer.state, offer.description])).toEqual(
      expect.arrayContaining([
        ["WELCOME10", "live", "10 % off on ₹1,999 or more"],
        ["FEST15", "live", "15 % off"],
      ]),
    );
    await setOfferEnabled(db, ADMIN, fest.id, false);
    expect((await listOffers(db, ADMIN)).find((offer) => offer.id === fest.id)?.state).toBe("disabled");
  });
});

describeEachDatabase("offers: conditions, each refusal said clearly", (database) => {
  it("refuses an unknown, expired, not yet started or disabled code, and keeps nothing of it", async () => {
    const { db } = database();
    const shopper = actorFor(await makeCustomer(db));
    await fillCart(db, shopper, [[await makeProduct(db, { price: 250_000 }), 1]]);
    const now = Date.now();
    await makeOffer(db, {
      name: "OLD10",
      startsAt: epochToIndiaLocal(now - 48 * HOUR),
      endsAt: epochToIndiaLocal(now - HOUR),
    });
    await makeOffer(db, { name: "SOON10", startsAt: "2099-01-01T10:00" });
    const off = await makeOffer(db, { name: "OFF10" });
    await setOfferEnabled(db, SYSTEM, off.id, false);
    expect((await failure(enterCode(db, shopper, "nosuch"))).message).toBe(
      "There is no offer with the code NOSUCH. Please check the spelling.",
    );
    expect((await failure(enterCode(db, shopper, "old10"))).message).toMatch(
      /^OLD10 expired on \d{1,2} \w{3,4} \d{4}, \d{1,2}:\d\d [ap]m\.$/,
    );
    expect((await failure(enterCode(db, shopper, "SOON10"))).message).toBe("SOON10 starts on 1 Jan 2099, 10:00 am.");
    expect(await failure(enterCode(db, shopper, "OFF10"))).toEqual({
      code: "offer-refused",
      message: "OFF10 is no longer available.",
    });
    expect((await viewCart(db, shopper)).offers).toEqual({ applied: [], code: null, note: null });
  });

  it("needs the minimum, the right pieces, a first order: and says what is missing", async () => {
    const { db } = database();
    const shopper = actorFor(await makeCustomer(db));
    const scarf = await makeProduct(db, { price: 150_000, flags: ["isAccessories"] });
    const suit = await makeProduct(db, { price: 260_000, flags: ["isPakistaniSuits"] });
    await makeOffer(db, { name: "BIG", minSubtotal: "1999" });
    await makeOffer(db, { name: "SUITS", collections: ["isPakistaniSuits"] });
    await makeOffer(db, { name: "THIS", productIds: String(suit) });
    await makeOffer(db, { name: "FIRST", firstOrderOnly: true });
    await fillCart(db, shopper, [[scarf, 1]]);
    expect((await failure(enterCode(db, shopper, "BIG"))).message).toBe(
      "BIG needs pieces worth ₹1,999 or more: add ₹499 more.",
    );
    expect((await failure(enterCode(db, shopper, "SUITS"))).message).toBe(
      "SUITS is for Pakistani Suits only: nothing in your cart qualifies.",
    );
    expect((await failure(enterCode(db, shopper, "THIS"))).message).toBe(
      "THIS is for 1 chosen piece only: nothing in your cart qualifies.",
    );
    expect(await enterCode(db, shopper, "FIRST")).toBe("FIRST applied: 10 % off; first order only.");
    await orderCart(db, shopper);
    await fillCart(db, shopper, [[suit, 1]]);
    expect((await failure(enterCode(db, shopper, "FIRST"))).message).toBe("FIRST is for a first order only.");
    // The suit qualifies for both scoped codes: only the suit's line is discounted.
    await fillCart(db, shopper, [[scarf, 1]]);
    expect(await enterCode(db, shopper, "SUITS")).toBe("SUITS applied: 10 % off on Pakistani Suits.");
    const cart = await viewCart(db, shopper);
    expect(cart).toMatchObject({ subtotal: 410_000, discount: 26_000, grandTotal: 394_000 });
  });

  it("keeps a code for signed-in customers through login, and applies it once signed in", async () => {
    const { db } = database();
    const visitor = makeVisitor();
    await fillCart(db, visitor, [[await makeProduct(db, { price: 250_000 }), 1]]);
    await makeOffer(db, { name: "MEMBERS", signedInOnly: true });
    expect(await enterCode(db, visitor, "members")).toBe(
      "MEMBERS is for signed-in customers: log in or sign up to use it (your code is kept).",
    );
    expect((await viewCart(db, visitor)).offers.code).toMatchObject({ code: "MEMBERS", status: "refused" });
    const account = await makeCustomer(db);
    const { user } = await logIn(
      db,
      { email: account.email, password: account.password },
      { ip: "10.9.8.7", userAgent: "test", guestId: visitor.guestId ?? "" },
    );
    const cart = await viewCart(db, actorFor({ id: user.id, email: user.email }));
    expect(cart.offers.code).toMatchObject({ code: "MEMBERS", status: "applied" });
    expect(cart.discount).toBe(25_000);
    await removeCartCode(db, actorFor({ id: user.id, email: user.email }));
    expect((await viewCart(db, actorFor({ id: user.id, email: user.email }))).discount).toBe(0);
  });
});

describeEachDatabase("offers: what each action takes off, to the paisa", (database) => {
  it("takes a percentage up to its cap, a fixed amount never below zero, and only free shipping off shipping", async () => {
    const { db } = database();
    const shopper = actorFor(await makeCustomer(db));
    const kurta = await makeProduct(db, { price: 99_900 });
    const dupatta = await makeProduct(db, { price: 33_300 });
    await fillCart(db, shopper, [
      [kurta, 2],
      [dupatta, 1],
    ]);
    await makeOffer(db, { name: "CAPPED", percent: "50", cap: "500" });
    await makeOffer(db, { name: "HUGE", actionType: "fixed", amount: "100000" });
    await makeOffer(db, { name: "SHIPFREE", actionType: "free-shipping" });
    await enterCode(db, shopper, "CAPPED");
    expect(await viewCart(db, shopper)).toMatchObject({ subtotal: 233_100, discount: 50_000, shipping: 10_000 });
    await enterCode(db, shopper, "HUGE");
    // Never below zero: the goods are free, shipping is still paid.
    expect(await viewCart(db, shopper)).toMatchObject({ discount: 233_100, shipping: 10_000, grandTotal: 10_000 });
    await enterCode(db, shopper, "SHIPFREE");
    expect(await viewCart(db, shopper)).toMatchObject({ discount: 0, shipping: 0, grandTotal: 233_100 });
  });

  it("gives the cheapest qualifying pieces of buy X get Y free, or at a percentage off", async () => {
    const { db } = database();
    const shopper = actorFor(await makeCustomer(db));
    const top = await makeProduct(db, { price: 120_000 });
    const tee = await makeProduct(db, { price: 70_000 });
    await fillCart(db, shopper, [
      [top, 2],
      [tee, 2],
    ]);
    await makeOffer(db, { name: "B2G1", actionType: "buy-x-get-y", buy: "2", get: "1" });
    await makeOffer(db, { name: "B1G1HALF", actionType: "buy-x-get-y", buy: "1", get: "1", getPercent: "50" });
    await enterCode(db, shopper, "B2G1");
    // Four pieces: one group of three, whose cheapest (a ₹700 tee) is free.
    expect(await viewCart(db, shopper)).toMatchObject({ subtotal: 380_000, discount: 70_000 });
    await enterCode(db, shopper, "B1G1HALF");
    // Two groups of two: the two tees at half price.
    expect(await viewCart(db, shopper)).toMatchObject({ discount: 70_000 });
    expect((await viewCart(db, shopper)).offers.note).toBe(
      "Best offer applied: B1G1HALF (Buy 1, get 1 at 50 % off): you save ₹700.",
    );
  });
});

describeEachDatabase("offers: how they combine", (database) => {
  it("applies the best automatic offer, and a code only with one that combines, saying which and why", async () => {
    const { db } = database();
    const shopper = actorFor(await makeCustomer(db));
    const lehenga = await makeProduct(db, { price: 400_000, flags: ["isEthnic"] });
    await fillCart(db, shopper, [[lehenga, 1]]);
    const small = await makeOffer(db, { kind: "automatic", name: "FEST5", percent: "5" });
    const big = await makeOffer(db, { kind: "automatic", name: "FEST10", collections: ["isEthnic"] });
    let cart = await viewCart(db, shopper);
    expect(cart.offers.applied.map((offer) => [offer.name, offer.goods])).toEqual([["FEST10", 40_000]]);
    expect(cart.offers.note).toBe(
      "Best offer applied: FEST10 (10 % off on Ethnic): you save ₹400 (the most of the 2 offers this cart qualifies for).",
    );

    // A code that saves less and does not combine: the automatic offer stays, and the code says why.
    await makeOffer(db, { name: "SAVE200", actionType: "fixed", amount: "200" });
    await enterCode(db, shopper, "SAVE200");
    cart = await viewCart(db, shopper);
    expect(cart.discount).toBe(40_000);
    expect(cart.offers.code).toEqual({
      code: "SAVE200",
      status: "not-used",
      message: "SAVE200 would save ₹200; it does not combine with FEST10, which saves you more.",
    });

    // One that saves more wins on its own.
    await makeOffer(db, { name: "SAVE600", actionType: "fixed", amount: "600" });
    await enterCode(db, shopper, "SAVE600");
    expect((await viewCart(db, shopper)).offers.applied.map((offer) => offer.name)).toEqual(["SAVE600"]);

    // An automatic offer that combines: it applies first, the code on what is left.
    await setOfferEnabled(db, SYSTEM, big.id, false);
    await updateOffer(
      db,
      SYSTEM,
      small.id,
      offerForm({ kind: "automatic", name: "FEST5", percent: "5", combinesWithCode: true }),
    );
    await enterCode(db, shopper, "SAVE200");
    cart = await viewCart(db, shopper);
    expect(cart.offers.applied.map((offer) => [offer.name, offer.goods])).toEqual([
      ["FEST5", 20_000],
      ["SAVE200", 20_000],
    ]);
    expect(cart).toMatchObject({ discount: 40_000, grandTotal: 370_000 });
  });
});
