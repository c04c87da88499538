import { type Kysely, sql } from "kysely";
import { engineOf } from "../database.ts";
import { autoIncrementId, epochMillis } from "../migration-helpers.ts";

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was then.
export async function up(db: Kysely<any>): Promise<void> {
  const engine = engineOf(db);

  // A cart or wishlist belongs to "u:{user id}" or, for a visitor, "g:{guest cookie id}".
  await db.schema
    .createTable("cart_lines")
    .addColumn("owner", "text", (c) => c.notNull())
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id"))
    .addColumn("size", "text", (c) => c.notNull())
    .addColumn("quantity", "integer", (c) => c.notNull().check(sql`quantity >= 1`))
    .addColumn("added_at", epochMillis, (c) => c.notNull())
    .addPrimaryKeyConstraint("cart_lines_pk", ["owner", "product_id", "size"])
    .execute();

  await db.schema
    .createTable("wishlist_items")
    .addColumn("owner", "text", (c) => c.notNull())
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id"))
    .addColumn("size", "text")
    .addColumn("added_at", epochMillis, (c) => c.notNull())
    .addPrimaryKeyConstraint("wishlist_items_pk", ["owner", "product_id"])
    .execute();

  await db.schema
    .alterTable("users")
    .addColumn("points_balance", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable("orders")
    .addColumn("id", ...autoIncrementId(engine))
    .addColumn("order_number", "text", (c) => c.unique())
    .addColumn("payment_ref", "text", (c) => c.notNull().unique())
    .addColumn("user_id", "text", (c) => c.references("users.id"))
    // The secret in a guest's confirmation link. Kept as it is: a repeated checkout must lead to the
    // same link, and the token opens nothing beyond this order, which the table holds anyway.
    .addColumn("access_token", "text", (c) => c.notNull().unique())
    .addColumn("idempotency_key", "text", (c) => c.notNull().unique())
    .addColumn("request_fingerprint", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("address", "text", (c) => c.notNull())
    .addColumn("pincode", "text", (c) => c.notNull())
    .addColumn("phone", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) =>
      c.notNull().check(sql`status in ('placed', 'shipped', 'delivered', 'cancelled')`),
    )
    .addColumn("subtotal", "integer", (c) => c.notNull())
    .addColumn("shipping", "integer", (c) => c.notNull())
    .addColumn("points_redeemed", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("points_earned", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("total", "integer", (c) => c.notNull())
    .addColumn("item_count", "integer", (c) => c.notNull())
    .addColumn("payment_method", "text", (c) => c.notNull().defaultTo("cod"))
    .addColumn("created_at", epochMillis, (c) => c.notNull())
    .addColumn("updated_at", epochMillis, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("orders_user_created").on("orders").columns(["user_id", "created_at"]).execute();
  await db.schema.createIndex("orders_created").on("orders").columns(["created_at"]).execute();
  await db.schema.createIndex("orders_status").on("orders").columns(["status"]).execute();

  // What was bought, as it was: later edits or archiving of the product never change it.
  await db.schema
    .createTable("order_lines")
    .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("product_id", "integer", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("category", "text", (c) => c.notNull())
    .addColumn("image", "text", (c) => c.notNull())
    .addColumn("size", "text", (c) => c.notNull())
    .addColumn("unit_price", "integer", (c) => c.notNull())
    .addColumn("quantity", "integer", (c) => c.notNull().check(sql`quantity >= 1`))
    .addPrimaryKeyConstraint("order_lines_pk", ["order_id", "position"])
    .execute();

  await db.schema
    .createTable("order_status_history")
    .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("from_status", "text")
    .addColumn("to_status", "text", (c) => c.notNull())
    .addColumn("actor", "text", (c) => c.notNull())
    .addColumn("at", epochMillis, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("order_status_history_order")
    .on("order_status_history")
    .columns(["order_id", "at"])
    .execute();

  await db.schema
    .createTable("points_ledger")
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id"))
    .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id"))
    .addColumn("kind", "text", (c) =>
      c.notNull().check(sql`kind in ('earned', 'redeemed', 'earned-reversed', 'redeemed-returned')`),
    )
    // Signed: earning and returned redemptions add, redeeming and reversals take away.
    .addColumn("points", "integer", (c) => c.notNull())
    .addColumn("at", epochMillis, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("points_ledger_user").on("points_ledger").columns(["user_id", "at"]).execute();
}
