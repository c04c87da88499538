import { afterAll, beforeAll, expect, it } from "vitest";
import { SYSTEM } from "#core/actor.ts";
import { addToCart } from "#server/cart/cart.service.ts";
import { changeStatus } from "#server/orders/orders.service.ts";
import { placeOrder } from "#server/orders/place-order.ts";
import { moderateReview, reviewQueue, submitReview } from "#server/reviews/reviews.service.ts";
import { actorFor, atShop, checkoutDetails, makeCustomer, makeProduct } from "#server/testing/factories.ts";
import { scratchStorage } from "#server/testing/scratch-storage.ts";
import { describeEachDatabase } from "#server/testing/test-databases.ts";
import { FORM, form, shopBrowser, startTestShop, type TestShop } from "./test-shop.ts";

const storage = scratchStorage("kesar-review-votes-");

describeEachDatabase('"Was this helpful?" from the side of someone stuffing the vote', (database) => {
  let shop: TestShop;
  let productId = 0;
  const reviews = { older: 0, newer: 0 };

  beforeAll(async () => {
    shop = await startTestShop(database());
    const { db } = shop.services;
    productId = await makeProduct(db, { sizes: { M: 10 } });
    const moderator = actorFor(await makeCustomer(db), "admin");
    for (const title of ["Older review", "Newer review"]) {
      const customer = actorFor(await makeCustomer(db));
      await addToCart(db, customer, { productId, size: "M", quantity: 1 });
      const order = await placeOrder(db, customer, checkoutDetails(), atShop());
      await changeStatus(db, SYSTEM, { orderId: order.id, from: "placed", to: "shipped" });
      await changeStatus(db, SYSTEM, { orderId: order.id, from: "shipped", to: "delivered" });
      const review = { rating: "4", title, body: "Soft cotton, true to size.", sizeBought: "M", fit: "true" };
      await submitReview(db, storage, customer, productId, review as Parameters<typeof submitReview>[4]);
      const [queued] = (await reviewQueue(db, moderator, "pending")).reviews;
      await moderateReview(db, moderator, { decision: "approve", reviewId: queued?.id as number });
      reviews[title === "Older review" ? "older" : "newer"] = queued?.id as number;
    }
  });
  afterAll(() => shop?.dispose());

  /** The reviews' order under "Most helpful", and their counts, as the product page loads them. */
  const ranking = async () => {
    const response = await shop.request({ method: "GET", url: `/productinfo/${productId}/reviews?sort=helpful` });
    expect(response.statusCode).toBe(200);
    return (JSON.parse(response.body) as { reviews: { id: number; helpfulCount: number }[] }).reviews.map((review) => [
      review.id,
      review.helpfulCount,
    ]);
  };

  it("counts nothing from 100 posts without a cookie, and one vote from an account that votes twice", async () => {
    const before = await ranking();
    expect(before).toEqual([
      [reviews.newer, 0],
      [reviews.older, 0],
    ]);
    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        shop.request({
          method: "POST",
          url: `/productinfo/${productId}/reviews`,
          headers: FORM,
          payload: form({ reviewId: String(reviews.older) }),
        }),
      ),
    );
    expect(new Set(answers.map((answer) => answer.statusCode))).toEqual(new Set([401]));
    expect(answers.every((answer) => answer.headers["set-cookie"] === undefined)).toBe(true);
    expect(JSON.parse(answers[0]?.body ?? "{}")).toMatchObject({
      message: "Please log in to vote: only votes from accounts count.",
    });
    expect(await ranking()).toEqual(before);

    const voter = await makeCustomer(shop.services.db);
    const browser = shopBrowser(shop);
    expect((await browser.post("/login", { email: voter.email, password: voter.password })).statusCode).toBe(302);
    for (let vote = 0; vote < 2; vote++) {
      const answer = await browser.post(`/productinfo/${productId}/reviews`, { reviewId: String(reviews.older) });
      expect(answer.statusCode).toBe(200);
    }
    expect(await ranking()).toEqual([
      [reviews.older, 1],
      [reviews.newer, 0],
    ]);
  });
});
