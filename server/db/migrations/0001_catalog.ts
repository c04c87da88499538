import { type Kysely, type SqlBool, sql } from "kysely";
import { engineOf } from "../database.ts";
import { autoIncrementId, epochMillis } from "../migration-helpers.ts";

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

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was then.
export async function up(db: Kysely<any>): Promise<void> {
  const engine = engineOf(db);
  let products = db.schema
    .createTable("products")
    .addColumn("id", ...autoIncrementId(engine))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("price", "integer", (c) => c.notNull().check(sql`price > 0`))
    .addColumn("image_main", "text", (c) => c.notNull())
    .addColumn("image_1", "text")
    .addColumn("image_2", "text")
    .addColumn("image_3", "text")
    .addColumn("image_4", "text")
    .addColumn("category", "text", (c) => c.notNull())
    .addColumn("category_key", "text", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("fabric", "text")
    .addColumn("fabric_key", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("description_1", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("search_text", "text", (c) => c.notNull());
  for (const column of FLAG_COLUMNS) {
    products = products.addColumn(column, "integer", (c) => c.notNull().defaultTo(0));
  }
  await products
    .addColumn("sold_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("archived", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", epochMillis, (c) => c.notNull())
    .addColumn("updated_at", epochMillis, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("product_sizes")
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("size", "text", (c) => c.notNull())
    .addColumn("stock", "integer", (c) => c.notNull().check(sql`stock >= 0`))
    .addColumn("position", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("product_sizes_pk", ["product_id", "size"])
    .execute();

  await db.schema
    .createTable("home_images")
    .addColumn("slot", "text", (c) => c.primaryKey())
    .addColumn("image", "text", (c) => c.notNull())
    .execute();

  /*
   * Listing queries walk one of these in price (or date, or popularity) order and stop after a page,
   * so a page costs the same at 1k products as at 100k. Partial indexes keep each collection's
   * entries together; queries must repeat the index's predicate with literal values to use it.
   */
  const live = sql<SqlBool>`archived = 0`;
  await db.schema.createIndex("products_live_price").on("products").columns(["price", "id"]).where(live).execute();
  await db.schema
    .createIndex("products_live_created")
    .on("products")
    .columns(["created_at", "id"])
    .where(live)
    .execute();
  await db.schema.createIndex("products_live_sold").on("products").columns(["sold_count", "id"]).where(live).execute();
  await db.schema
    .createIndex("products_live_category_price")
    .on("products")
    .columns(["category_key", "price", "id"])
    .where(live)
    .execute();
  await db.schema
    .createIndex("products_live_fabric_price")
    .on("products")
    .columns(["fabric_key", "price", "id"])
    .where(live)
    .execute();
  for (const column of FLAG_COLUMNS) {
    await db.schema
      .createIndex(`products_${column}_price`)
      .on("products")
      .columns(["price", "id"])
      .where(sql<SqlBool>`archived = 0 and ${sql.ref(column)} = 1`)
      .execute();
  }
}
