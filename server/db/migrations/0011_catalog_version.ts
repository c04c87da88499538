import type { Kysely } from "kysely";

/**
 * A counter that goes up whenever the catalogue changes (a product, its stock, its pictures), so
 * every shop process can tell within a second that the pages it keeps are out of date.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was then.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("content_versions")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.insertInto("content_versions").values({ name: "catalog", version: 0 }).execute();
}
