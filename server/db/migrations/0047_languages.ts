import type { Kysely } from "kysely";
import { epochMillis } from "../migration-helpers.ts";

/**
 * The shop in more than one language (record 47).
 *
 * - `users.locale`: the language of the pages an account last used ("hi-IN"); null until it used
 *   one other than the default. Mails about things not tied to an order are written in it.
 * - `orders.locale`: the language of the page the order was placed on; every mail of the order is
 *   written in it. Orders placed before languages were English.
 * - `product_translations`: a product's text in another language, one row per field ("title",
 *   "description", …), with the English text it was translated from: when the English changes
 *   afterwards, the translation is stale and the admin sees so. A field without a row shows in
 *   English.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was then.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("users").addColumn("locale", "text").execute();
  await db.schema
    .alterTable("orders")
    .addColumn("locale", "text", (c) => c.notNull().defaultTo("en-IN"))
    .execute();
  await db.schema
    .createTable("product_translations")
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("locale", "text", (c) => c.notNull())
    .addColumn("field", "text", (c) => c.notNull())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("source_text", "text", (c) => c.notNull())
    .addColumn("updated_at", epochMillis, (c) => c.notNull())
    .addPrimaryKeyConstraint("product_translations_key", ["product_id", "locale", "field"])
    .execute();
}
