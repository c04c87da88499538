import { type Kysely, sql } from "kysely";
import { epochMillis } from "../migration-helpers.ts";

/**
 * The phone wired into the shop (record 44).
 *
 * - `orders.language`: the language of the page the order was placed on ("en", "hi"), which its
 *   SMS and WhatsApp updates are written in.
 * - `orders.placed_as_guest`: the order was placed without an account. Such an order, placed in the
 *   last 90 days with a number its owner has since verified, becomes that account's; an order left
 *   without an account when its account was deleted never does. Orders before this migration are
 *   told apart by their idempotency key, which names the cart's owner ("g:" a guest's).
 * - `messages.language`: each message's language, beside the template key that also names it, so
 *   the outbox can be read by language.
 * - `message_links`: the short links SMS carry (`/m/<code>`). A DLT variable holds at most 30
 *   characters and an order's own link is longer; the text registered with the operators keeps the
 *   shop's address fixed and puts only the code in a variable. Each leads to one page of the shop.
 * - `cod_confirmations`: a cash order above COD_CONFIRM_ABOVE_RUPEES waits for its buyer's word
 *   before it is packed. The link's secret is kept only as its SHA-256; `answered_at` and `answer`
 *   say whether the buyer confirmed or cancelled, and when.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was then.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("orders")
    .addColumn("language", "text", (c) => c.notNull().defaultTo("en"))
    .execute();
  await db.schema
    .alterTable("orders")
    .addColumn("placed_as_guest", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update orders set placed_as_guest = 1 where idempotency_key like 'g:%'`.execute(db);
  await db.schema.createIndex("orders_guest_phone").on("orders").columns(["phone", "created_at"]).execute();
  await db.schema
    .alterTable("messages")
    .addColumn("language", "text", (c) => c.notNull().defaultTo("en"))
    .execute();
  await sql`update messages set language = 'hi' where template like '%.hi'`.execute(db);

  await db.schema
    .createTable("message_links")
    .addColumn("code", "text", (c) => c.primaryKey())
    // A path of the shop ("/orders/…"), never another site's address.
    .addColumn("target", "text", (c) => c.notNull())
    .addColumn("created_at", epochMillis, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("cod_confirmations")
    .addColumn("order_id", "integer", (c) => c.primaryKey().references("orders.id"))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("asked_at", epochMillis, (c) => c.notNull())
    .addColumn("answered_at", epochMillis)
    .addColumn("answer", "text", (c) => c.check(sql`answer in ('confirmed', 'cancelled')`))
    // Who answered: "buyer" by the link, or the administrator who had the buyer's word by phone.
    .addColumn("answered_by", "text")
    .execute();
  await db.schema
    .createIndex("cod_confirmations_waiting")
    .on("cod_confirmations")
    .columns(["answered_at", "asked_at"])
    .execute();
}
