import { sql } from "kysely";
import { expect, it } from "vitest";
import { SYSTEM } from "#core/actor.ts";
import { addToCart } from "../cart/cart.service.ts";
import { up as keepAccountsVotes } from "../db/migrations/0028_helpful_votes_from_accounts.ts";
import { changeStatus } from "../orders/orders.service.ts";
import { placeOrder } from "../orders/place-order.ts";
import { actorFor, atShop, checkoutDetails, makeCustomer, makeProduct } from "../testing/factories.ts";
import { scratchStorage } from "../testing/scratch-storage.ts";
import { describeEachDatabase } from "../testing/test-databases.ts";
import { moderateReview, publishedReviews, reviewQueue, submitReview } from "./reviews.service.ts";

const storage = scratchStorage("kesar-votes-migration-");

describeEachDatabase("helpful votes migrated to accounts only", (database) => {
  it("drops the visitors' votes and counts each review's votes again from the accounts' ones", async () => {
    // The shop of today makes the review; the votes are then written as the old rule let them in,
    // and the migration's own step is run over them (a shop that updates runs it once, at start).
    const { db } = database();
    const productId = await makeProduct(db, { sizes: { M: 5 } });
    const author = actorFor(await makeCustomer(db));
    await addToCart(db, author, { productId, size: "M", quantity: 1 });
    const order = await placeOrder(db, author, checkoutDetails(), atShop());
    await changeStatus(db, SYSTEM, { orderId: order.id, from: "placed", to: "shipped" });
    await changeStatus(db, SYSTEM, { orderId: order.id, from: "shipped", to: "delivered" });
    const review = { rating: "5", title: "Lovely", body: "Soft and true to size.", sizeBought: "M", fit: "true" };
    await submitReview(db, storage, author, productId, review as Parameters<typeof submitReview>[4]);
    const moderator = actorFor(await makeCustomer(db), "admin");
    const reviewId = (await reviewQueue(db, moderator, "pending")).reviews[0]?.id as number;
    await moderateReview(db, moderator, { decision: "approve", reviewId });
    // As the old rule let them in: two accounts and forty fresh guest cookies.
    const voters = ["user:a", "user:b", ...Array.from({ length: 40 }, (_, i) => `guest:g${i}`)];
    for (const voter of voters) {
      await sql`insert into review_votes (review_id, voter, at) values (${reviewId}, ${voter}, 1)`.execute(db);
    }
    await sql`update reviews set helpful_count = ${voters.length} where id = ${reviewId}`.execute(db);

    await keepAccountsVotes(db);

    const left = await db.selectFrom("reviewVotes").select("voter").orderBy("voter").execute();
    expect(left.map((vote) => vote.voter)).toEqual(["user:a", "user:b"]);
    const shown = await publishedReviews(db, SYSTEM, productId, { sort: "helpful" });
    expect(shown.reviews[0]).toMatchObject({ id: reviewId, helpfulCount: 2 });
  });
});
