import { type Insertable, sql } from "kysely";
import type { Executor, ReviewStatus, ReviewsTable } from "../db/schema.ts";
import type { ReviewSort } from "./reviews.schemas.ts";

/** The delivered orders in which a customer bought a product: the sizes and the order's city. */
export async function findDeliveredPurchases(executor: Executor, userId: string, productId: number) {
  return executor
    .selectFrom("orders")
    .innerJoin("orderLines", "orderLines.orderId", "orders.id")
    .select(["orders.id as orderId", "orderLines.size", "orders.city", "orders.name"])
    .where("orders.userId", "=", userId)
    .where("orders.status", "=", "delivered")
    .where("orderLines.productId", "=", productId)
    .orderBy("orders.id", "desc")
    .execute();
}

export async function findReviewByAuthor(executor: Executor, productId: number, userId: string) {
  return executor
    .selectFrom("reviews")
    .selectAll()
    .where("productId", "=", productId)
    .where("userId", "=", userId)
    .executeTakeFirst();
}

export async function findReview(executor: Executor, id: number) {
  return executor.selectFrom("reviews").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function insertReview(executor: Executor, row: Insertable<ReviewsTable>): Promise<number> {
  const inserted = await executor.insertInto("reviews").values(row).returning("id").executeTakeFirstOrThrow();
  return Number(inserted.id);
}

export async function updateReview(
  executor: Executor,
  id: number,
  changes: Partial<Omit<Insertable<ReviewsTable>, "id" | "productId" | "userId">>,
): Promise<void> {
  await executor.updateTable("reviews").set(changes).where("id", "=", id).execute();
}

export async function findPhotos(executor: Executor, reviewIds: readonly number[]) {
  if (reviewIds.length === 0) return [];
  return executor
    .selectFrom("reviewPhotos")
    .select(["reviewId", "position", "image"])
    .where("reviewId", "in", reviewIds)
    .orderBy("reviewId")
    .orderBy("position")
    .execute();
}

export async function replacePhotos(executor: Executor, reviewId: number, images: readonly string[]): Promise<void> {
  await executor.deleteFrom("reviewPhotos").where("reviewId", "=", reviewId).execute();
  if (images.length === 0) return;
  await executor
    .insertInto("reviewPhotos")
    .values(images.map((image, position) => ({ reviewId, position, image })))
    .execute();
}

/** How many published reviews gave each number of stars. */
export async function countByRating(executor: Executor, productId: number) {
  const rows = await executor
    .selectFrom("reviews")
    .select(["rating", sql<number>`count(*)`.as("count")])
    .where("productId", "=", productId)
    .where("status", "=", "approved")
    .groupBy("rating")
    .execute();
  return rows.map((row) => ({ rating: Number(row.rating), count: Number(row.count) }));
}

/** How many published reviews of each size bought said each fit. */
export async function countFits(executor: Executor, productId: number) {
  const rows = await executor
    .selectFrom("reviews")
    .select(["sizeBought", "fit", sql<number>`count(*)`.as("count")])
    .where("productId", "=", productId)
    .where("status", "=", "approved")
    .groupBy(["sizeBought", "fit"])
    .execute();
  return rows.map((row) => ({ size: row.sizeBought, fit: row.fit, count: Number(row.count) }));
}

/** The newest photos of published reviews, for the strip above them. */
export async function findRecentPhotos(executor: Executor, productId: number, limit: number) {
  return executor
    .selectFrom("reviewPhotos")
    .innerJoin("reviews", "reviews.id", "reviewPhotos.reviewId")
    .select(["reviewPhotos.image", "reviews.id as reviewId", "reviews.authorName"])
    .where("reviews.productId", "=", productId)
    .where("reviews.status", "=", "approved")
    .orderBy("reviews.publishedAt", "desc")
    .orderBy("reviews.id", "desc")
    .orderBy("reviewPhotos.position")
    .limit(limit)
    .execute();
}

/** One page of a product's published reviews, in the order asked for. */
export async function findPublishedPage(
  executor: Executor,
  productId: number,
  options: { sort: ReviewSort; withPhotos: boolean; limit: number; offset: number },
) {
  let query = executor
    .selectFrom("reviews")
    .select([
      "id",
      "rating",
      "title",
      "body",
      "sizeBought",
      "fit",
      "authorName",
      "authorCity",
      "helpfulCount",
      "publishedAt",
    ])
    .where("productId", "=", productId)
    .where("status", "=", "approved");
  if (options.withPhotos) {
    query = query.where(({ exists, selectFrom }) =>
      exists(selectFrom("reviewPhotos").select("reviewId").whereRef("reviewPhotos.reviewId", "=", "reviews.id")),
    );
  }
  if (options.sort === "helpful") query = query.orderBy("helpfulCount", "desc");
  if (options.sort === "lowest") query = query.orderBy("rating", "asc");
  return query
    .orderBy("publishedAt", "desc")
    .orderBy("id", "desc")
    .limit(options.limit)
    .offset(options.offset)
    .execute();
}

/** Of these reviews, the ones this voter found helpful. */
export async function findVotes(executor: Executor, voter: string, reviewIds: readonly number[]) {
  if (reviewIds.length === 0) return [];
  const rows = await executor
    .selectFrom("reviewVotes")
    .select("reviewId")
    .where("voter", "=", voter)
    .where("reviewId", "in", reviewIds)
    .execute();
  return rows.map((row) => Number(row.reviewId));
}

/** Records a vote once; true when this call recorded it (and counted it on the review). */
export async function insertVote(executor: Executor, reviewId: number, voter: string, at: number): Promise<boolean> {
  const result = await executor
    .insertInto("reviewVotes")
    .values({ reviewId, voter, at })
    .onConflict((conflict) => conflict.columns(["reviewId", "voter"]).doNothing())
    .returning("reviewId")
    .executeTakeFirst();
  if (!result) return false;
  await executor
    .updateTable("reviews")
    .set((eb) => ({ helpfulCount: eb("helpfulCount", "+", 1) }))
    .where("id", "=", reviewId)
    .execute();
  return true;
}

/** The moderation queue: reviews of a status, the longest waiting (or latest decided) first. */
export async function findQueue(executor: Executor, status: ReviewStatus, limit: number, offset: number) {
  return executor
    .selectFrom("reviews")
    .innerJoin("products", "products.id", "reviews.productId")
    .innerJoin("users", "users.id", "reviews.userId")
    .select([
      "reviews.id",
      "reviews.productId",
      "products.title as productTitle",
      "users.email as authorEmail",
      "reviews.rating",
      "reviews.title",
      "reviews.body",
      "reviews.sizeBought",
      "reviews.fit",
      "reviews.status",
      "reviews.heldFor",
      "reviews.rejectReason",
      "reviews.authorName",
      "reviews.authorCity",
      "reviews.updatedAt",
    ])
    .where("reviews.status", "=", status)
    .orderBy("reviews.updatedAt", status === "pending" || status === "held" ? "asc" : "desc")
    .orderBy("reviews.id")
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countByStatus(executor: Executor) {
  const rows = await executor
    .selectFrom("reviews")
    .select(["status", sql<number>`count(*)`.as("count")])
    .groupBy("status")
    .execute();
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.count)])) as Partial<
    Record<ReviewStatus, number>
  >;
}

/** Moves a review from the status it was seen in; false when someone moved it first. */
export async function moderate(
  executor: Executor,
  id: number,
  from: ReviewStatus,
  changes: { status: ReviewStatus; rejectReason: string | null; publishedAt: number | null; updatedAt: number },
): Promise<boolean> {
  const result = await executor
    .updateTable("reviews")
    .set(changes)
    .where("id", "=", id)
    .where("status", "=", from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function isOptedOut(executor: Executor, emailKey: string): Promise<boolean> {
  const row = await executor
    .selectFrom("reviewMailOptOuts")
    .select("emailKey")
    .where("emailKey", "=", emailKey)
    .executeTakeFirst();
  return Boolean(row);
}

export async function insertOptOut(executor: Executor, emailKey: string, at: number): Promise<void> {
  await executor
    .insertInto("reviewMailOptOuts")
    .values({ emailKey, at })
    .onConflict((conflict) => conflict.column("emailKey").doNothing())
    .execute();
}

/** Records an order's invitation; false when it has one already (it is sent once). */
export async function insertInvitation(
  executor: Executor,
  row: { orderId: number; emailKey: string; tokenHash: string; queuedAt: number },
): Promise<boolean> {
  const result = await executor
    .insertInto("reviewInvitations")
    .values(row)
    .onConflict((conflict) => conflict.column("orderId").doNothing())
    .returning("orderId")
    .executeTakeFirst();
  return result !== undefined;
}

export async function findInvitationByToken(executor: Executor, tokenHash: string) {
  return executor.selectFrom("reviewInvitations").selectAll().where("tokenHash", "=", tokenHash).executeTakeFirst();
}

export async function findUserForReview(executor: Executor, userId: string) {
  return executor.selectFrom("users").select(["name", "city", "email"]).where("id", "=", userId).executeTakeFirst();
}

/** What an author's reviews leave behind when the account goes: their photos, and whether any was published. */
export async function findAuthorTraces(executor: Executor, userId: string) {
  const reviews = await executor.selectFrom("reviews").select(["id", "status"]).where("userId", "=", userId).execute();
  const photos = await findPhotos(
    executor,
    reviews.map((review) => review.id),
  );
  return {
    photos: photos.map((photo) => photo.image),
    published: reviews.some((review) => review.status === "approved"),
  };
}
