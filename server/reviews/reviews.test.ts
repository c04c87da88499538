import sharp from "sharp";
import { expect, it } from "vitest";
import { type Actor, SYSTEM } from "#core/actor.ts";
import { fitLine } from "#core/size-charts.ts";
import { deleteAccount } from "../accounts/identity.service.ts";
import { addToCart } from "../cart/cart.service.ts";
import { listingQuerySchema } from "../catalog/catalog.schemas.ts";
import { browseListing } from "../catalog/catalog.service.ts";
import { catalogVersion } from "../catalog/catalog-version.ts";
import type { Db } from "../db/schema.ts";
import { changeStatus } from "../orders/orders.service.ts";
import { placeOrder } from "../orders/place-order.ts";
import { failure } from "../testing/app-error.ts";
import {
  actorFor,
  atShop,
  checkoutDetails,
  makeCustomer,
  makeProduct,
  makeVisitor,
  uniqueWord,
} from "../testing/factories.ts";
import { mailsTo } from "../testing/outbox.ts";
import { scratchStorage } from "../testing/scratch-storage.ts";
import { describeEachDatabase } from "../testing/test-databases.ts";
import { abuseCheck } from "./abuse-filter.ts";
import { INVITATION_DELAY_MS } from "./review-invitations.ts";
import {
  moderateReview,
  publishedReviews,
  reviewForm,
  reviewQueue,
  reviewSummary,
  submitReview,
  unsubscribeFromReviews,
  unsubscribeTarget,
  voteHelpful,
} from "./reviews.service.ts";

const storage = scratchStorage("kesar-reviews-");

async function admin(db: Db) {
  return actorFor(await makeCustomer(db), "admin");
}

/** A customer whose order of the product (in this size) was placed, and delivered unless told. */
async function buyer(db: Db, productId: number, size = "M", { deliver = true, now = Date.now() } = {}) {
  const customer = await makeCustomer(db, { name: "Kavya Iyer" });
  const actor = actorFor(customer);
  await addToCart(db, actor, { productId, size, quantity: 1 });
  const order = await placeOrder(db, actor, checkoutDetails({ email: customer.email, city: "Pune" }), atShop(now));
  if (deliver) {
    await changeStatus(db, SYSTEM, { orderId: order.id, from: "placed", to: "shipped" }, now);
    await changeStatus(db, SYSTEM, { orderId: order.id, from: "shipped", to: "delivered" }, now);
  }
  return { actor, customer, order };
}

function review(overrides: Record<string, unknown> = {}) {
  return {
    rating: "4",
    title: "Lovely cotton",
    body: "Soft fabric, the colour is as in the pictures.",
    sizeBought: "M",
    fit: "true",
    ...overrides,
  } as Parameters<typeof submitReview>[4];
}

async function approveAll(db: Db, moderator: Actor) {
  for (const status of ["pending", "held"] as const) {
    const queue = await reviewQueue(db, moderator, status);
    for (const entry of queue.reviews) await moderateReview(db, moderator, { decision: "approve", reviewId: entry.id });
  }
}

describeEachDatabase("reviews from verified buyers", (database) => {
  it("lets only the buyer of a delivered order line review the piece, in a size they bought", async () => {
    const { db } = database();
    const kurta = await makeProduct(db);
    const stranger = actorFor(await makeCustomer(db));
    const waiting = await buyer(db, kurta, "M", { deliver: false });
    const { actor } = await buyer(db, kurta, "M");

    const refusal = {
      code: "forbidden",
      message: "Only a customer whose order of this piece was delivered can review it.",
    };
    expect(await failure(submitReview(db, storage, stranger, kurta, review()))).toMatchObject(refusal);
    expect(await failure(submitReview(db, storage, waiting.actor, kurta, review()))).toMatchObject(refusal);
    expect(await failure(reviewForm(db, stranger, kurta))).toMatchObject(refusal);
    expect(await failure(submitReview(db, storage, makeVisitor(), kurta, review()))).toMatchObject({
      code: "unauthenticated",
    });
    expect(await failure(submitReview(db, storage, actor, kurta, review({ sizeBought: "XL" })))).toMatchObject({
      code: "validation-failed",
      message: "Please choose a size you bought and received.",
    });
    expect(await failure(submitReview(db, storage, actor, kurta, review({ rating: "6" })))).toMatchObject({
      code: "validation-failed",
      message: "Please choose from 1 to 5 stars.",
    });

    expect(await submitReview(db, storage, actor, kurta, review())).toEqual({ status: "pending" });
    expect(await reviewForm(db, actor, kurta)).toMatchObject({
      sizesBought: ["M"],
      review: { title: "Lovely cotton", status: "pending", fit: "true" },
    });
    // Waiting for a moderator, it shows nowhere.
    expect((await reviewSummary(db, kurta)).count).toBe(0);
  });

  it("keeps one review per product per customer: a second is an edit, which a moderator reads again", async () => {
    const { db } = database();
    const moderator = await admin(db);
    const kurta = await makeProduct(db);
    const { actor } = await buyer(db, kurta);
    await submitReview(db, storage, actor, kurta, review());
    await approveAll(db, moderator);
    expect((await reviewSummary(db, kurta)).count).toBe(1);

    const before = await catalogVersion(db).current();
    await submitReview(db, storage, actor, kurta, review({ rating: "2", title: "Faded after one wash" }));
    expect(await catalogVersion(db).current()).toBeGreaterThan(before);
    expect((await reviewSummary(db, kurta)).count).toBe(0);
    const queue = await reviewQueue(db, moderator, "pending");
    expect(queue.reviews.filter((entry) => entry.productId === kurta)).toEqual([
      expect.objectContaining({ title: "Faded after one wash", rating: 2 }),
    ]);
    await approveAll(db, moderator);
    expect(await reviewSummary(db, kurta)).toMatchObject({ count: 1, average: 2 });
  });

  it("moves reviews through the queue: held by the filter, approved, rejected with a reason, resubmitted", async () => {
    const { db } = database();
    const moderator = await admin(db);
    const kurta = await makeProduct(db);
    const first = await buyer(db, kurta);
    const second = await buyer(db, kurta, "L");

    expect(
      await submitReview(db, storage, first.actor, kurta, review({ body: "Seller is a ch00tiya, never again buying" })),
    ).toEqual({ status: "held" });
    expect(await submitReview(db, storage, second.actor, kurta, review({ sizeBought: "L" }))).toEqual({
      status: "pending",
    });
    const held = (await reviewQueue(db, moderator, "held")).reviews.find((entry) => entry.productId === kurta);
    expect(held?.heldFor).toBe("Words on the abuse list: chootiya");

    expect(await failure(moderateReview(db, first.actor, { decision: "approve", reviewId: held?.id }))).toMatchObject({
      code: "forbidden",
    });
    expect(await failure(moderateReview(db, moderator, { decision: "reject", reviewId: held?.id }))).toMatchObject({
      code: "validation-failed",
    });
    await moderateReview(db, moderator, { decision: "reject", reviewId: held?.id, reason: "Abusive language." });
    expect(await reviewForm(db, first.actor, kurta)).toMatchObject({
      review: { status: "rejected", rejectReason: "Abusive language." },
    });

    // The author edits and sends it again: back in the queue, the reason gone.
    await submitReview(
      db,
      storage,
      first.actor,
      kurta,
      review({ rating: "1", body: "Stitching came apart in a week." }),
    );
    expect(await reviewForm(db, first.actor, kurta)).toMatchObject({
      review: { status: "pending", rejectReason: null },
    });
    await approveAll(db, moderator);
    // Published as written, the one-star review as much as the four-star one.
    expect(await reviewSummary(db, kurta)).toMatchObject({ count: 2, average: 2.5 });
  });

  it("counts the stars, the fit per size and the listing card's figures exactly", async () => {
    const { db } = database();
    const moderator = await admin(db);
    const word = uniqueWord();
    const kurta = await makeProduct(db, { title: `Chikankari kurta ${word}`, sizes: { M: 20, L: 20 } });
    const written: [string, string, string][] = [
      ["5", "M", "small"],
      ["4", "M", "small"],
      ["4", "M", "true"],
      ["2", "L", "large"],
      ["1", "L", "true"],
    ];
    for (const [rating, size, fit] of written) {
      const { actor } = await buyer(db, kurta, size);
      await submitReview(db, storage, actor, kurta, review({ rating, sizeBought: size, fit }));
    }
    await approveAll(db, moderator);
    const summary = await reviewSummary(db, kurta);
    expect(summary).toMatchObject({
      count: 5,
      average: 3.2,
      histogram: [
        { stars: 5, count: 1 },
        { stars: 4, count: 2 },
        { stars: 3, count: 0 },
        { stars: 2, count: 1 },
        { stars: 1, count: 1 },
      ],
    });
    const fits = Object.fromEntries(summary.fits.map((fit) => [fit.size, fit]));
    expect(fits).toEqual({
      M: { size: "M", small: 2, true: 1, large: 0 },
      L: { size: "L", small: 0, true: 1, large: 1 },
    });
    expect(fitLine(fits.M as never)).toBe("Size M runs small: 67 % of 3 buyers");
    // A tie reads as true to size.
    expect(fitLine(fits.L as never)).toBe("Size L is true to size: 50 % of 2 buyers");

    const listing = await browseListing(db, listingQuerySchema.parse({ listing: "all", q: word }));
    expect(listing.items[0]?.rating).toEqual({ average: 3.2, count: 5 });

    const lowest = await publishedReviews(db, makeVisitor(), kurta, { sort: "lowest" });
    expect(lowest.reviews.map((entry) => entry.rating)).toEqual([1, 2, 4, 4, 5]);
    expect(lowest.reviews[0]).toMatchObject({ authorName: "Kavya", authorCity: "Pune", sizeBought: "L" });
  });

  it("counts one helpful vote per account, none from visitors without one, sorts by it, and pages the list", async () => {
    const { db } = database();
    const moderator = await admin(db);
    const kurta = await makeProduct(db, { sizes: { M: 20 } });
    for (let index = 0; index < 11; index += 1) {
      const { actor } = await buyer(db, kurta);
      await submitReview(db, storage, actor, kurta, review({ title: `Review ${index}` }));
    }
    await approveAll(db, moderator);
    const first = await publishedReviews(db, makeVisitor(), kurta, { sort: "newest" });
    expect(first.reviews).toHaveLength(10);
    expect(first.hasNext).toBe(true);
    expect((await publishedReviews(db, makeVisitor(), kurta, { sort: "newest", page: 2 })).reviews).toHaveLength(1);

    const target = first.reviews[5]?.id as number;
    const shopper = actorFor(await makeCustomer(db));
    expect(await voteHelpful(db, shopper, target)).toEqual({ helpfulCount: 1, counted: true });
    expect(await voteHelpful(db, shopper, target)).toEqual({ helpfulCount: 1, counted: false });
    expect(await voteHelpful(db, actorFor(await makeCustomer(db)), target)).toEqual({ helpfulCount: 2, counted: true });
    // A visitor, with a guest cookie or without, ranks nothing: a fresh cookie per request is free.
    for (const visitor of [makeVisitor(), makeVisitor(), { kind: "visitor" as const, guestId: null }]) {
      expect(await failure(voteHelpful(db, visitor, target))).toEqual({
        code: "unauthenticated",
        message: "Please log in to vote: only votes from accounts count.",
      });
    }
    const helpful = await publishedReviews(db, shopper, kurta, { sort: "helpful" });
    expect(helpful.reviews[0]).toMatchObject({ id: target, helpfulCount: 2, votedHelpful: true });
    expect(helpful.reviews[1]?.votedHelpful).toBe(false);
    const votes = await db.selectFrom("reviewVotes").select("voter").where("reviewId", "=", target).execute();
    expect(votes).toHaveLength(2);
  });

  it("resizes review photos and strips their metadata, at most three", async () => {
    const { db } = database();
    const moderator = await admin(db);
    const kurta = await makeProduct(db);
    const { actor } = await buyer(db, kurta);
    const photo = await sharp({ create: { width: 1200, height: 1500, channels: 3, background: "#c05020" } })
      .jpeg()
      .withExif({ IFD0: { Artist: "Kavya at home in Pune" } })
      .toBuffer();
    expect(
      await failure(submitReview(db, storage, actor, kurta, review(), [photo, photo, photo, photo])),
    ).toMatchObject({
      message: "A review can have up to 3 photos.",
    });
    expect(
      await failure(submitReview(db, storage, actor, kurta, review(), [Buffer.from("<svg onload=alert(1)>")])),
    ).toMatchObject({ code: "unsupported-media-type" });
    await submitReview(db, storage, actor, kurta, review(), [photo]);
    await approveAll(db, moderator);
    const [ref] = (await reviewSummary(db, kurta)).photos.map((entry) => entry.image);
    expect(ref).toMatch(/^reviews\//);
    const stored = await storage.get(`${ref}-640.webp`);
    const chunks: Buffer[] = [];
    for await (const chunk of stored?.body ?? []) chunks.push(chunk as Buffer);
    const metadata = await sharp(Buffer.concat(chunks)).metadata();
    expect(metadata).toMatchObject({ format: "webp", width: 640, height: 800 });
    expect(metadata.exif).toBeUndefined();

    // The author deletes the account: the review, its photo and the pages that showed them go.
    const version = await catalogVersion(db).current();
    await deleteAccount(db, storage, actor, { password: "Secret-pass-1", confirm: true });
    expect(await reviewSummary(db, kurta)).toMatchObject({ count: 0, photos: [] });
    expect(await storage.get(`${ref}-640.webp`)).toBeNull();
    expect(await catalogVersion(db).current()).toBeGreaterThan(version);
  });

  it("invites the buyer once, days after delivery, with a link that unsubscribes without signing in", async () => {
    const { db } = database();
    const kurta = await makeProduct(db);
    const now = Date.now();
    const { customer } = await buyer(db, kurta, "M", { now });
    const invitations = (await mailsTo(db, customer.email)).filter((mail) => mail.kind === "review-invitation");
    expect(invitations).toHaveLength(1);
    const row = await db
      .selectFrom("outbox")
      .select("nextAttemptAt")
      .where("id", "=", invitations[0]?.id as number)
      .executeTakeFirstOrThrow();
    expect(Number(row.nextAttemptAt)).toBe(now + INVITATION_DELAY_MS);
    expect(invitations[0]?.payload).toMatchObject({ pieces: [{ reviewPath: `/review/${kurta}` }] });

    const token = String(invitations[0]?.payload.unsubscribePath).split("/").pop() as string;
    expect(await failure(unsubscribeTarget(db, "not-a-real-token-at-all-xx"))).toMatchObject({ code: "not-found" });
    expect(await unsubscribeTarget(db, token)).toMatchObject({ done: false });
    await unsubscribeFromReviews(db, token);
    expect(await unsubscribeTarget(db, token)).toMatchObject({ done: true });
    // The invitation still waiting is taken back, and the next delivery asks nothing.
    expect((await mailsTo(db, customer.email)).filter((mail) => mail.kind === "review-invitation")).toEqual([]);
    const actor = actorFor(customer);
    await addToCart(db, actor, { productId: kurta, size: "S", quantity: 1 });
    const again = await placeOrder(db, actor, checkoutDetails({ email: customer.email }), atShop());
    await changeStatus(db, SYSTEM, { orderId: again.id, from: "placed", to: "shipped" });
    await changeStatus(db, SYSTEM, { orderId: again.id, from: "shipped", to: "delivered" });
    expect((await mailsTo(db, customer.email)).filter((mail) => mail.kind === "review-invitation")).toEqual([]);

    // A guest's order has no account to review with: no invitation.
    const guest = makeVisitor();
    const email = `${uniqueWord("guest")}@mail.in`;
    await addToCart(db, guest, { productId: kurta, size: "M", quantity: 1 });
    const guestOrder = await placeOrder(db, guest, checkoutDetails({ email }), atShop());
    await changeStatus(db, SYSTEM, { orderId: guestOrder.id, from: "placed", to: "shipped" });
    await changeStatus(db, SYSTEM, { orderId: guestOrder.id, from: "shipped", to: "delivered" });
    expect((await mailsTo(db, email)).map((mail) => mail.kind)).not.toContain("review-invitation");
  });
});

it("holds abuse in English, Hinglish and Hindi for a person, and leaves plain complaints alone", () => {
  expect(abuseCheck("What a piece of sh1t")).toBe("Words on the abuse list: shit");
  expect(abuseCheck("Bakwaas quality, total fraud, paisa barbaad")).toBeNull();
  expect(abuseCheck("सेलर हरामी है")).toBe("Words on the abuse list: हरामी");
  expect(abuseCheck("Call me on 98200 12345")).toBe("A phone number");
  expect(abuseCheck("Cheaper at www.example.com")).toBe("A link");
  // A word inside another is no match: "Scunthorpe", "assessment".
  expect(abuseCheck("Scunthorpe assessment")).toBeNull();
});
