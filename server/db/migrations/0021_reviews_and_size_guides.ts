import { type Kysely, sql } from "kysely";
import { engineOf } from "../database.ts";
import { autoIncrementId, epochMillis } from "../migration-helpers.ts";

/**
 * Reviews from verified buyers (the size bought and how it fitted, up to three photos, "Was this
 * helpful?" votes), the invitation to write them (once per order) and the addresses that asked for
 * no more, size charts per collection or product (millimetres, as JSON), and the measurements a
 * customer keeps on the account for "find my size".
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was then.
export async function up(db: Kysely<any>): Promise<void> {
  const engine = engineOf(db);
  await db.schema
    .createTable("reviews")
    .addColumn("id", ...autoIncrementId(engine))
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
    // A deleted account takes its reviews with it (the author withdraws them).
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    // The delivered order the piece came in: what makes the author a verified buyer.
    .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id"))
    .addColumn("rating", "integer", (c) => c.notNull().check(sql`rating between 1 and 5`))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("size_bought", "text", (c) => c.notNull())
    .addColumn("fit", "text", (c) => c.notNull().check(sql`fit in ('small', 'true', 'large')`))
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('pending', 'held', 'approved', 'rejected')`))
    // Why the abuse filter held it for a person; why the moderator rejected it.
    .addColumn("held_for", "text")
    .addColumn("reject_reason", "text")
    .addColumn("author_name", "text", (c) => c.notNull())
    .addColumn("author_city", "text", (c) => c.notNull())
    .addColumn("helpful_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", epochMillis, (c) => c.notNull())
    .addColumn("updated_at", epochMillis, (c) => c.notNull())
    .addColumn("published_at", epochMillis)
    .addUniqueConstraint("reviews_one_per_customer", ["product_id", "user_id"])
    .execute();
  await db.schema
    .createIndex("reviews_published")
    .on("reviews")
    .columns(["product_id", "status", "published_at"])
    .execute();
  await db.schema.createIndex("reviews_queue").on("reviews").columns(["status", "updated_at"]).execute();
  await db.schema.createIndex("reviews_author").on("reviews").columns(["user_id"]).execute();

  await db.schema
    .createTable("review_photos")
    .addColumn("review_id", "integer", (c) => c.notNull().references("reviews.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull().check(sql`position between 0 and 2`))
    .addColumn("image", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("review_photos_pk", ["review_id", "position"])
    .execute();

  await db.schema
    .createTable("review_votes")
    .addColumn("review_id", "integer", (c) => c.notNull().references("reviews.id").onDelete("cascade"))
    // The account's id, or the visitor's guest id: one vote each.
    .addColumn("voter", "text", (c) => c.notNull())
    .addColumn("at", epochMillis, (c) => c.notNull())
    .addPrimaryKeyConstraint("review_votes_pk", ["review_id", "voter"])
    .execute();

  await db.schema
    .createTable("review_invitations")
    .addColumn("order_id", "integer", (c) => c.primaryKey().references("orders.id").onDelete("cascade"))
    .addColumn("email_key", "text", (c) => c.notNull())
    // Only a hash of the token in the unsubscribe link is kept.
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("queued_at", epochMillis, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("review_mail_opt_outs")
    .addColumn("email_key", "text", (c) => c.primaryKey())
    .addColumn("at", epochMillis, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("size_charts")
    .addColumn("id", ...autoIncrementId(engine))
    // A collection's slug, or a product of its own (exactly one of the two).
    .addColumn("collection", "text", (c) => c.unique())
    .addColumn("product_id", "integer", (c) => c.unique().references("products.id").onDelete("cascade"))
    .addColumn("chart", "text", (c) => c.notNull())
    .addColumn("is_example", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("updated_at", epochMillis, (c) => c.notNull())
    .addCheckConstraint("size_charts_owner", sql`(collection is null) <> (product_id is null)`)
    .execute();

  await db.schema
    .createTable("customer_measurements")
    .addColumn("user_id", "text", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("height_mm", "integer")
    .addColumn("weight_g", "integer")
    .addColumn("chest_mm", "integer")
    .addColumn("waist_mm", "integer")
    .addColumn("foot_mm", "integer")
    .addColumn("updated_at", epochMillis, (c) => c.notNull())
    .execute();
}
