import { type Kysely, type SqlBool, sql } from "kysely";

const FLAG_COLUMNS = [
  "is_pakistani_suits",
  "is_korean_trendy",
  "is_pinterest_finds",
  "is_anarkali_dress",
  "is_western",
  "is_ethnic",
  "is_accessories",
  "is_handbags",
  "is_jewellery",
  "is_more",
];

/*
 * A listing filtered by fabric (and type, and a maximum price) walked the collection's price index
 * and looked up every row: 11 ms at 100k products. These indexes start at the fabric, keep price
 * order for the sort and the maximum, and carry the category so the type filter needs no lookup.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was then.
export async function up(db: Kysely<any>): Promise<void> {
  for (const column of FLAG_COLUMNS) {
    await db.schema
      .createIndex(`products_${column}_fabric_price`)
      .on("products")
      .columns(["fabric_key", "price", "id", "category_key"])
      .where(sql<SqlBool>`archived = 0 and ${sql.ref(column)} = 1`)
      .execute();
  }
  await db.schema.dropIndex("products_live_fabric_price").execute();
  await db.schema
    .createIndex("products_live_fabric_price")
    .on("products")
    .columns(["fabric_key", "price", "id", "category_key"])
    .where(sql<SqlBool>`archived = 0`)
    .execute();
  await db.schema
    .createIndex("products_live_category_fabric_price")
    .on("products")
    .columns(["category_key", "fabric_key", "price", "id"])
    .where(sql<SqlBool>`archived = 0`)
    .execute();
}
