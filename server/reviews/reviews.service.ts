import type { Actor } from "#core/actor.ts";
import { COLLECTIONS, type CollectionFlag } from "#core/collections.ts";
import { type Fit, type Measurements, recommendSize, type SizeFit } from "#core/size-charts.ts";
import { assertCan, assertSignedIn } from "../access.ts";
import { recordAudit } from "../audit/audit.service.ts";
import { findProduct } from "../catalog/catalog.service.ts";
import { catalogVersion } from "../catalog/catalog-version.ts";
import type { Db, Executor, ReviewStatus } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { dropQueuedMail } from "../mail/mail.service.ts";
import { sizeGuideFor } from "../size-guides/size-guides.service.ts";
import { checkUploadedImage, storeShapedImage } from "../storage/shaped-images.ts";
import type { Storage } from "../storage/storage.ts";
import { parseInput } from "../validation/fields.ts";
import { abuseCheck } from "./abuse-filter.ts";
import { invitationTokenHash as hashOf } from "./review-invitations.ts";
import {
  countByRating,
  countByStatus,
  countFits,
  findAuthorTraces,
  findDeliveredPurchases,
  findInvitationByToken,
  findPhotos,
  findPublishedPage,
  findQueue,
  findRecentPhotos,
  findReview,
  findReviewByAuthor,
  findUserForReview,
  findVotes,
  insertOptOut,
  insertReview,
  insertVote,
  isOptedOut,
  moderate,
  replacePhotos,
  updateReview,
} from "./reviews.repository.ts";
import {
  MAX_REVIEW_PHOTOS,
  moderationSchema,
  REVIEW_PAGE_SIZE,
  REVIEW_SORTS,
  type ReviewInput,
  type ReviewSort,
  reviewSchema,
} from "./reviews.schemas.ts";

/*
 * Reviews from verified buyers. Only the customer whose order of a piece was delivered may review
 * it, once (the review can be edited); every new or edited review waits for a moderator, and the
 * abuse filter marks some as held, for a person to read, never deleting any. What a product page
 * shows of them is the same for every visitor (it is cached): the summary is in the page, the
 * reviews themselves load after it, a page at a time.
 */

const NOT_A_BUYER = "Only a customer whose order of this piece was delivered can review it.";

export type ReviewSummary = {
  count: number;
  /** The mean of the stars to one decimal; null without reviews. */
  average: number | null;
  /** From 5 stars down to 1. */
  histogram: { stars: number; count: number }[];
  fits: SizeFit[];
  photos: { image: string; reviewId: number; authorName: string }[];
};

export type PublishedReview = {
  id: number;
  rating: number;
  title: string;
  body: string;
  sizeBought: string;
  fit: Fit;
  authorName: string;
  authorCity: string;
  helpfulCount: number;
  publishedAt: number;
  photos: string[];
  /** Whether the visitor asking found it helpful. */
  votedHelpful: boolean;
};

/** What a product page shows of its reviews: count, mean, stars, fit per size, the newest photos. */
export async function reviewSummary(db: Executor, productId: number): Promise<ReviewSummary> {
  const [ratings, fitRows, photos] = await Promise.all([
    countByRating(db, productId),
    countFits(db, productId),
    findRecentPhotos(db, productId, 8),
  ]);
  const count = ratings.reduce((sum, row) => sum + row.count, 0);
  const stars = ratings.reduce((sum, row) => sum + row.rating * row.count, 0);
  const fits = new Map<string, SizeFit>();
  for (const row of fitRows) {
    const entry = fits.get(row.size) ?? { size: row.size, small: 0, true: 0, large: 0 };
    entry[row.fit] += row.count;
    fits.set(row.size, entry);
  }
  return {
    count,
    average: count === 0 ? null : Math.round((stars * 10) / count) / 10,
    histogram: [5, 4, 3, 2, 1].map((rating) => ({
      stars: rating,
      count: ratings.find((row) => row.rating === rating)?.count ?? 0,
    })),
    fits: [...fits.values()],
    photos: photos.map((photo) => ({ ...photo, reviewId: Number(photo.reviewId) })),
  };
}

/** Reviews shown in the page itself (and its structured data); the rest load after it. */
export const REVIEWS_IN_PAGE = 5;

/**
 * What a product page shows the same to every visitor: the reviews' summary, the few most helpful
 * reviews, and the size chart. Never all the reviews: the rest load a page at a time.
 */
export async function productPageReviews(db: Db, product: { id: number; flags: Record<CollectionFlag, boolean> }) {
  const [summary, top, sizeGuide] = await Promise.all([
    reviewSummary(db, product.id),
    publishedReviews(db, { kind: "system" }, product.id, { sort: "helpful" }),
    sizeGuideFor(db, product),
  ]);
  return { summary, topReviews: top.reviews.slice(0, REVIEWS_IN_PAGE), sizeGuide };
}

/**
 * "Find my size" for a product: the size its chart gives for the measurements, moved by what its
 * buyers said of the fit; with the chart's kind, which says how sizes are named.
 */
export async function suggestSize(db: Db, productId: number, measured: Measurements) {
  const product = await findProduct(db, productId);
  const chart = product ? await sizeGuideFor(db, product) : null;
  if (!product || !chart) throw new AppError("not-found", "This product has no size guide.");
  const { fits } = await reviewSummary(db, productId);
  const sizes = product.sizes.map((entry) => entry.size);
  return { kind: chart.kind, recommendation: recommendSize(chart, sizes, fits, measured) };
}

/**
 * Who is voting: an account, and only an account. A visitor's guest cookie is free to throw away
 * and ask again, so votes from visitors would rank reviews by whoever posts most (record 33).
 */
function voterOf(actor: Actor): string | null {
  return actor.kind === "user" ? `user:${actor.userId}` : null;
}

export const VOTE_NEEDS_ACCOUNT = "Please log in to vote: only votes from accounts count.";

/** A page of a product's published reviews, sorted as asked, with this visitor's votes. */
export async function publishedReviews(
  db: Db,
  actor: Actor,
  productId: number,
  ask: { sort?: string | null; page?: number; withPhotos?: boolean },
): Promise<{ reviews: PublishedReview[]; page: number; hasNext: boolean; sort: ReviewSort }> {
  const sort = (REVIEW_SORTS as readonly string[]).includes(ask.sort ?? "") ? (ask.sort as ReviewSort) : "helpful";
  const page = ask.page && ask.page >= 1 && ask.page <= 10_000 ? ask.page : 1;
  const rows = await findPublishedPage(db, productId, {
    sort,
    withPhotos: ask.withPhotos ?? false,
    limit: REVIEW_PAGE_SIZE + 1,
    offset: (page - 1) * REVIEW_PAGE_SIZE,
  });
  const shown = rows.slice(0, REVIEW_PAGE_SIZE);
  const ids = shown.map((row) => Number(row.id));
  const voter = voterOf(actor);
  const [photos, votes] = await Promise.all([
    findPhotos(db, ids),
    voter ? findVotes(db, voter, ids) : ([] as number[]),
  ]);
  return {
    reviews: shown.map((row) => ({
      ...row,
      id: Number(row.id),
      publishedAt: Number(row.publishedAt),
      photos: photos.filter((photo) => Number(photo.reviewId) === Number(row.id)).map((photo) => photo.image),
      votedHelpful: votes.includes(Number(row.id)),
    })),
    page,
    hasNext: rows.length > REVIEW_PAGE_SIZE,
    sort,
  };
}

/** "Was this helpful?": one vote per account, none from visitors; answers the review's count now. */
export async function voteHelpful(db: Db, actor: Actor, reviewId: number, now = Date.now()) {
  const voter = voterOf(actor);
  if (!voter) throw new AppError("unauthenticated", VOTE_NEEDS_ACCOUNT);
  const review = Number.isSafeInteger(reviewId) ? await findReview(db, reviewId) : undefined;
  if (review?.status !== "approved") throw new AppError("not-found", "This review could not be found.");
  const counted = await db.transaction().execute((trx) => insertVote(trx, reviewId, voter, now));
  return { helpfulCount: review.helpfulCount + (counted ? 1 : 0), counted };
}

/** What the review form needs: the piece, the sizes bought, and the customer's review if any. */
export async function reviewForm(db: Db, actor: Actor, productId: number) {
  assertSignedIn(actor);
  const product = await findProduct(db, productId);
  if (!product || product.archived) throw new AppError("not-found", "This product could not be found.");
  const purchases = await findDeliveredPurchases(db, actor.userId, productId);
  if (purchases.length === 0) throw new AppError("forbidden", NOT_A_BUYER);
  const existing = await findReviewByAuthor(db, productId, actor.userId);
  const photos = existing ? (await findPhotos(db, [existing.id])).map((photo) => photo.image) : [];
  return {
    product: { id: product.id, title: product.title, image: product.images[0] ?? "" },
    sizesBought: [...new Set(purchases.map((purchase) => purchase.size))],
    review: existing
      ? {
          rating: existing.rating,
          title: existing.title,
          body: existing.body,
          sizeBought: existing.sizeBought,
          fit: existing.fit,
          status: existing.status,
          rejectReason: existing.rejectReason,
          photos,
        }
      : null,
  };
}

/**
 * Writes or edits the customer's review of a piece they received. It waits for a moderator
 * (held, with the reason, when the abuse filter finds something); an edit of a published review
 * takes it off the page until it is approved again. Photos are checked, resized and stripped of
 * their metadata before anything is written.
 */
export async function submitReview(
  db: Db,
  storage: Storage,
  actor: Actor,
  productId: number,
  input: ReviewInput,
  uploads: readonly Buffer[] = [],
  now = Date.now(),
): Promise<{ status: ReviewStatus }> {
  assertSignedIn(actor);
  const fields = parseInput(reviewSchema, input);
  const purchases = await findDeliveredPurchases(db, actor.userId, productId);
  if (purchases.length === 0) throw new AppError("forbidden", NOT_A_BUYER);
  const purchase = purchases.find((entry) => entry.size === fields.sizeBought);
  if (!purchase) {
    const message = "Please choose a size you bought and received.";
    throw new AppError("validation-failed", message, { sizeBought: message });
  }
  const existing = await findReviewByAuthor(db, productId, actor.userId);
  const before = existing ? (await findPhotos(db, [existing.id])).map((photo) => photo.image) : [];
  const kept = fields.keepPhotos.filter((ref) => before.includes(ref));
  if (kept.length + uploads.length > MAX_REVIEW_PHOTOS) {
    const message = `A review can have up to ${MAX_REVIEW_PHOTOS} photos.`;
    throw new AppError("validation-failed", message, { photos: message });
  }
  for (const upload of uploads) await checkUploadedImage(upload);
  const stored: string[] = [];
  for (const upload of uploads) stored.push(await storeShapedImage(storage, "reviews", "product", upload));
  const user = await findUserForReview(db, actor.userId);
  const heldFor = abuseCheck(fields.title, fields.body);
  const status: ReviewStatus = heldFor ? "held" : "pending";
  const values = {
    orderId: purchase.orderId,
    rating: fields.rating,
    title: fields.title,
    body: fields.body,
    sizeBought: fields.sizeBought,
    fit: fields.fit,
    status,
    heldFor,
    rejectReason: null,
    authorName: firstName(user?.name ?? purchase.name),
    authorCity: (user?.city || purchase.city || "India").trim(),
    updatedAt: now,
  };
  await db.transaction().execute(async (trx) => {
    let id: number;
    if (existing) {
      await updateReview(trx, existing.id, values);
      id = existing.id;
    } else {
      id = await insertReview(trx, { ...values, productId, userId: actor.userId, createdAt: now, publishedAt: null });
    }
    await replacePhotos(trx, id, [...kept, ...stored]);
  });
  if (existing?.status === "approved") await catalogVersion(db).changed();
  return { status };
}

function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] || "A buyer";
}

const QUEUE_PAGE = 20;

/** The admin's queue of one status: each review with its photos and the product's title. */
export async function reviewQueue(db: Db, actor: Actor, status: ReviewStatus, page = 1) {
  assertCan(actor, "reviews.moderate");
  const rows = await findQueue(db, status, QUEUE_PAGE + 1, (page - 1) * QUEUE_PAGE);
  const shown = rows.slice(0, QUEUE_PAGE);
  const photos = await findPhotos(
    db,
    shown.map((row) => Number(row.id)),
  );
  return {
    counts: await countByStatus(db),
    reviews: shown.map((row) => ({
      ...row,
      id: Number(row.id),
      updatedAt: Number(row.updatedAt),
      photos: photos.filter((photo) => Number(photo.reviewId) === Number(row.id)).map((photo) => photo.image),
    })),
    page,
    hasNext: rows.length > QUEUE_PAGE,
  };
}

/**
 * Approves or rejects a review. Approving publishes it as written (a moderator cannot change what a
 * customer wrote); rejecting needs a reason, which the author sees and can answer by editing and
 * sending it again. Published reviews change the product's shared page, so its version moves.
 */
export async function moderateReview(db: Db, actor: Actor, input: unknown, now = Date.now()) {
  assertCan(actor, "reviews.moderate");
  const decision = parseInput(moderationSchema, input);
  const review = await findReview(db, decision.reviewId);
  if (!review) throw new AppError("not-found", "This review could not be found.");
  const to: ReviewStatus = decision.decision === "approve" ? "approved" : "rejected";
  if (review.status === to) return to;
  const rejectReason = decision.decision === "reject" ? decision.reason : null;
  await db.transaction().execute(async (trx) => {
    const moved = await moderate(trx, review.id, review.status, {
      status: to,
      rejectReason,
      publishedAt: to === "approved" ? (review.publishedAt ?? now) : review.publishedAt,
      updatedAt: now,
    });
    if (!moved) throw new AppError("stale-update", "This review was changed meanwhile. Please reload the queue.");
    await recordAudit(
      trx,
      actor,
      {
        kind: "review.moderated",
        subject: { type: "review", id: review.id, label: review.title || `review ${review.id}` },
        before: { status: review.status },
        after: { status: to },
        reason: rejectReason,
      },
      now,
    );
  });
  if (to === "approved" || review.status === "approved") await catalogVersion(db).changed();
  return to;
}

const UNKNOWN_LINK = "This link is not known. Please use the link in the latest e-mail.";

/** The address an unsubscribe link stands for (shown before the shopper confirms), masked. */
export async function unsubscribeTarget(db: Db, token: string): Promise<{ email: string; done: boolean }> {
  const invitation = /^[\w-]{20,100}$/.test(token) ? await findInvitationByToken(db, hashOf(token)) : undefined;
  if (!invitation) throw new AppError("not-found", UNKNOWN_LINK);
  return { email: maskEmail(invitation.emailKey), done: await isOptedOut(db, invitation.emailKey) };
}

/** No more review invitations to the link's address; any still waiting are taken back. */
export async function unsubscribeFromReviews(db: Db, token: string, now = Date.now()): Promise<void> {
  const invitation = /^[\w-]{20,100}$/.test(token) ? await findInvitationByToken(db, hashOf(token)) : undefined;
  if (!invitation) throw new AppError("not-found", UNKNOWN_LINK);
  await db.transaction().execute(async (trx) => {
    await insertOptOut(trx, invitation.emailKey, now);
    await dropQueuedMail(trx, "review-invitation", invitation.emailKey);
  });
}

function maskEmail(email: string): string {
  const [local = "", domain = ""] = email.split("@");
  return `${local.slice(0, 2)}${"•".repeat(Math.max(1, local.length - 2))}@${domain}`;
}

/** The collections a product belongs to, as slugs, in the order of the category bar. */
export function collectionsOf(flags: Record<CollectionFlag, boolean>): string[] {
  return COLLECTIONS.filter((collection) => flags[collection.flag]).map((collection) => collection.slug);
}

/**
 * What an author's reviews leave behind when the account goes (the rows go with it): their photos,
 * to be deleted, and whether any was published, so the shared pages that showed it are made again.
 */
export function authorTraces(executor: Executor, userId: string) {
  return findAuthorTraces(executor, userId);
}
