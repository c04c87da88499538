import type { Kysely } from "kysely";
import { sql } from "kysely";
import { epochMillis } from "../migration-helpers.ts";

/**
 * A product's packed weight and size, as the administrator measured it (record 43): the courier
 * bills by the greater of the weight and the volume's weight. A product without a row packs by its
 * kind (server/shipping/parcel-size.ts).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was then.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("product_parcels")
    .addColumn("product_id", "integer", (c) => c.primaryKey().references("products.id").onDelete("cascade"))
    .addColumn("weight_grams", "integer", (c) => c.notNull().check(sql`weight_grams > 0`))
    .addColumn("length_cm", "integer", (c) => c.notNull().check(sql`length_cm > 0`))
    .addColumn("breadth_cm", "integer", (c) => c.notNull().check(sql`breadth_cm > 0`))
    .addColumn("height_cm", "integer", (c) => c.notNull().check(sql`height_cm > 0`))
    .addColumn("updated_at", epochMillis, (c) => c.notNull())
    .execute();
}
