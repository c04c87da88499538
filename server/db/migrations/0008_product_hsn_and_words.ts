import { type Kysely, sql } from "kysely";
import { suggestHsn } from "../../catalog/hsn.ts";
import { productSearchText } from "../../catalog/search-words.ts";

/**
 * Products gain their HSN code (the tariff heading their GST rate follows), suggested from their
 * words for the products already there. Their search words are written again in the form searches
 * now compare (title, category, type and fabric, one spelling, singular), and Pinterest Finds and
 * Western take their flag from the category text as well, so that the flag alone decides
 * membership of every collection.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was then.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("products")
    .addColumn("hsn", "text", (c) => c.notNull().defaultTo("6204"))
    .execute();
  await sql`update products set is_pinterest_finds = 1 where category_key = 'pinterest finds'`.execute(db);
  await sql`update products set is_western = 1 where category_key = 'western'`.execute(db);
  let after = 0;
  for (;;) {
    const rows = await db
      .selectFrom("products")
      .select(["id", "title", "category", "type", "fabric"])
      .where("id", ">", after)
      .orderBy("id")
      .limit(500)
      .execute();
    if (rows.length === 0) break;
    for (const row of rows) {
      await db
        .updateTable("products")
        .set({ hsn: suggestHsn(row), search_text: productSearchText(row) })
        .where("id", "=", row.id)
        .execute();
    }
    after = rows[rows.length - 1]?.id ?? after;
  }
}
