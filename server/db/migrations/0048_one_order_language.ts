import { type Kysely, sql } from "kysely";

/**
 * An order keeps its language once (record 47): `orders.locale` ("en-IN", "hi-IN"), which its
 * mails, SMS and WhatsApp updates all read. `orders.language` ("en", "hi", from 0038) said the same
 * for its texts but was never set by the checkout; an order it marks Hindi keeps that in `locale`.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was then.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`update orders set locale = 'hi-IN' where language = 'hi'`.execute(db);
  await db.schema.alterTable("orders").dropColumn("language").execute();
}
