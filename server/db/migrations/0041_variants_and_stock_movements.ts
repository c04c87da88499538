import { type Kysely, sql } from "kysely";
import { engineOf } from "../database.ts";
import { autoIncrementId, epochMillis } from "../migration-helpers.ts";

/**
 * Sizes as variants and stock that is counted (record 46).
 *
 * - `products.handle`: the product's name in product files, unique, set once when a product is made
 *   (a renamed product keeps it). Existing products get the shop's rule: the title's words and the id.
 * - `product_sizes.sku` (unique), `barcode` (unique when set) and `reorder_point`. Existing sizes get
 *   the shop's proposal, `KSR-<product id>-<size>`.
 * - `stock_movements`: every change of a size's stock with its reason and who made it; the size's
 *   stock is their sum. Existing stock is opened with one `count` movement per size.
 * - `low_stock_alerts`: a size that fell to its reorder point, once per fall, until the owner's
 *   daily digest has named it.
 * - `product_imports` and `picture_fetches`: what an import of a product file wrote, and the
 *   pictures it fetches in the background.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was then.
export async function up(db: Kysely<any>): Promise<void> {
  const engine = engineOf(db);
  const now = Date.now();

  await db.schema.alterTable("products").addColumn("handle", "text").execute();
  const products = await db.selectFrom("products").select(["id", "title"]).execute();
  for (const product of products) {
    await db
      .updateTable("products")
      .set({ handle: handleOf(String(product.title), Number(product.id)) })
      .where("id", "=", product.id)
      .execute();
  }
  await db.schema.createIndex("products_handle").on("products").column("handle").unique().execute();

  await db.schema.alterTable("product_sizes").addColumn("sku", "text").execute();
  await db.schema.alterTable("product_sizes").addColumn("barcode", "text").execute();
  await db.schema
    .alterTable("product_sizes")
    .addColumn("reorder_point", "integer", (c) => c.check(sql`reorder_point >= 0`))
    .execute();
  await sql`update product_sizes set sku = 'KSR-' || product_id || '-' ||
    (case when size = 'One Size' then 'OS' else replace(size, ' ', '') end)`.execute(db);
  await db.schema.createIndex("product_sizes_sku").on("product_sizes").column("sku").unique().execute();
  await db.schema.createIndex("product_sizes_barcode").on("product_sizes").column("barcode").unique().execute();

  await db.schema
    .createTable("stock_movements")
    .addColumn("id", ...autoIncrementId(engine))
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("size", "text", (c) => c.notNull())
    // received | sold | cancelled | returned | rto | correction | count
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("quantity", "integer", (c) => c.notNull())
    .addColumn("stock_after", "integer", (c) => c.notNull().check(sql`stock_after >= 0`))
    .addColumn("note", "text")
    .addColumn("user_id", "text")
    .addColumn("by_name", "text", (c) => c.notNull())
    .addColumn("order_id", "integer")
    .addColumn("return_id", "integer")
    .addColumn("created_at", epochMillis, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("stock_movements_size")
    .on("stock_movements")
    .columns(["product_id", "size", "id"])
    .execute();
  await sql`insert into stock_movements (product_id, size, reason, quantity, stock_after, note, by_name, created_at)
    select product_id, size, 'count', stock, stock, 'Stock when movements began', 'Shop', ${now} from product_sizes`.execute(
    db,
  );

  await db.schema
    .createTable("low_stock_alerts")
    .addColumn("id", ...autoIncrementId(engine))
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("size", "text", (c) => c.notNull())
    .addColumn("stock", "integer", (c) => c.notNull())
    .addColumn("reorder_point", "integer", (c) => c.notNull())
    .addColumn("crossed_at", epochMillis, (c) => c.notNull())
    .addColumn("mailed_at", epochMillis)
    .execute();
  await db.schema
    .createIndex("low_stock_alerts_unmailed")
    .on("low_stock_alerts")
    .columns(["mailed_at", "id"])
    .execute();

  await db.schema
    .createTable("product_imports")
    .addColumn("id", ...autoIncrementId(engine))
    .addColumn("file_name", "text", (c) => c.notNull())
    .addColumn("user_id", "text")
    .addColumn("by_name", "text", (c) => c.notNull())
    .addColumn("created", "integer", (c) => c.notNull())
    .addColumn("updated", "integer", (c) => c.notNull())
    .addColumn("unchanged", "integer", (c) => c.notNull())
    .addColumn("skipped", "integer", (c) => c.notNull())
    // JSON: the products created, updated and skipped, and the problems that skipped them.
    .addColumn("report", "text", (c) => c.notNull())
    .addColumn("created_at", epochMillis, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("picture_fetches")
    .addColumn("id", ...autoIncrementId(engine))
    .addColumn("import_id", "integer", (c) => c.notNull().references("product_imports.id"))
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("url", "text", (c) => c.notNull())
    // waiting | stored | failed
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("error", "text")
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("lease_until", epochMillis)
    .addColumn("updated_at", epochMillis, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("picture_fetches_status").on("picture_fetches").columns(["status", "id"]).execute();
  await db.schema.createIndex("picture_fetches_import").on("picture_fetches").columns(["import_id"]).execute();
}

/** The shop's handle rule as it was when handles began (core/product-handle.ts then). */
function handleOf(title: string, id: number): string {
  let words = title
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  if (words.length > 60) {
    const cut = words.slice(0, 61);
    const hyphen = cut.lastIndexOf("-");
    words = (hyphen > 0 ? cut.slice(0, hyphen) : cut.slice(0, 60)).replace(/-+$/, "");
  }
  return `${words || "product"}-${id}`;
}
