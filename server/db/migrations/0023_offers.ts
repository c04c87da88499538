import { type Kysely, sql } from "kysely";
import { engineOf } from "../database.ts";
import { autoIncrementId, epochMillis } from "../migration-helpers.ts";

/**
 * Offers: coupon codes and automatic promotions (record 31).
 *
 * - `promotions`: one condition set and one action each (the action and the scope as JSON, the
 *   conditions the database filters on as columns). A code is unique by `code_key` (upper case);
 *   an automatic promotion has none. `uses` counts orders that hold a use; the order's transaction
 *   takes one with a guarded update, so a total limit holds across tabs and nodes.
 * - `promotion_customer_uses`: uses per customer, keyed by a hash of the customer's normalised
 *   e-mail (guests and accounts alike), taken with a guarded upsert.
 * - `order_offers`: what each order got from each promotion, as it was then; `released_at` marks a
 *   use given back when the order was cancelled before dispatch.
 * - `order_line_offers`: the offers' share of each order line, for a return's points to come back
 *   without the offer's part.
 * - `cart_offer_codes`: the code a cart keeps (by the cart's owner), through login and checkout.
 * - An index on the orders' lower-cased e-mail, which "first order only" looks up for guests.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was then.
export async function up(db: Kysely<any>): Promise<void> {
  const engine = engineOf(db);
  await db.schema
    .createTable("promotions")
    .addColumn("id", ...autoIncrementId(engine))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("code_key", "text", (c) => c.unique())
    // code | automatic
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("scope", "text", (c) => c.notNull())
    .addColumn("min_subtotal", "integer")
    .addColumn("first_order_only", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("signed_in_only", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("starts_at", epochMillis, (c) => c.notNull())
    .addColumn("ends_at", epochMillis)
    .addColumn("total_limit", "integer")
    .addColumn("per_customer_limit", "integer")
    .addColumn("combines_with_code", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("uses", "integer", (c) => c.notNull().defaultTo(0).check(sql`uses >= 0`))
    .addColumn("disabled_at", epochMillis)
    .addColumn("created_at", epochMillis, (c) => c.notNull())
    .addColumn("updated_at", epochMillis, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("promotions_kind_starts").on("promotions").columns(["kind", "starts_at"]).execute();

  await db.schema
    .createTable("promotion_customer_uses")
    .addColumn("promotion_id", "integer", (c) => c.notNull().references("promotions.id"))
    .addColumn("customer_key", "text", (c) => c.notNull())
    .addColumn("uses", "integer", (c) => c.notNull().check(sql`uses >= 0`))
    .addPrimaryKeyConstraint("promotion_customer_uses_pk", ["promotion_id", "customer_key"])
    .execute();

  await db.schema
    .createTable("order_offers")
    .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id"))
    .addColumn("promotion_id", "integer", (c) => c.notNull().references("promotions.id"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("goods_discount", "integer", (c) => c.notNull())
    .addColumn("shipping_discount", "integer", (c) => c.notNull())
    .addColumn("customer_key", "text", (c) => c.notNull())
    .addColumn("released_at", epochMillis)
    .addPrimaryKeyConstraint("order_offers_pk", ["order_id", "promotion_id"])
    .execute();
  await db.schema.createIndex("order_offers_promotion").on("order_offers").column("promotion_id").execute();

  await db.schema
    .createTable("order_line_offers")
    .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("discount", "integer", (c) => c.notNull().check(sql`discount >= 0`))
    .addPrimaryKeyConstraint("order_line_offers_pk", ["order_id", "position"])
    .execute();

  await db.schema
    .createTable("cart_offer_codes")
    .addColumn("owner", "text", (c) => c.primaryKey())
    .addColumn("code", "text", (c) => c.notNull())
    .addColumn("applied_at", epochMillis, (c) => c.notNull())
    .execute();

  await sql`create index orders_email_key on orders (lower(email))`.execute(db);
}
