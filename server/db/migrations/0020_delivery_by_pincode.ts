import { type Kysely, sql } from "kysely";

/**
 * Where and when the shop delivers: the courier's list of pincodes (uploaded by the seller: prepaid,
 * cash on delivery, return pickup, transit days), the days nobody delivers, the promise each order
 * was given (its zone and the first and last day it was due), and the pincode a customer last
 * checked. The pincodes themselves ship with the code (server/delivery/pincode-directory.ts).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was then.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("serviceable_pincodes")
    .addColumn("pincode", "text", (c) => c.primaryKey())
    .addColumn("prepaid", "integer", (c) => c.notNull())
    .addColumn("cod", "integer", (c) => c.notNull())
    .addColumn("reverse_pickup", "integer", (c) => c.notNull())
    .addColumn("min_days", "integer", (c) => c.notNull().check(sql`min_days >= 0`))
    .addColumn("max_days", "integer", (c) => c.notNull())
    .addCheckConstraint("serviceable_pincodes_days", sql`max_days >= min_days and max_days <= 30`)
    .execute();
  await db.schema
    .createTable("delivery_holidays")
    .addColumn("day", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("order_delivery_promises")
    .addColumn("order_id", "integer", (c) => c.primaryKey().references("orders.id").onDelete("cascade"))
    .addColumn("zone", "text", (c) => c.notNull())
    .addColumn("promised_from", "text", (c) => c.notNull())
    .addColumn("promised_until", "text", (c) => c.notNull())
    .execute();
  await db.schema.alterTable("users").addColumn("delivery_pincode", "text").execute();
}
