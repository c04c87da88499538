import type { Kysely } from "kysely";
import { epochMillis } from "../migration-helpers.ts";

/**
 * What the buyer is told when an order ships (the courier, its tracking number and the day it is
 * expected) and why an order was cancelled. All stay empty until the order gets there.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was then.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("orders").addColumn("courier", "text").execute();
  await db.schema.alterTable("orders").addColumn("tracking_number", "text").execute();
  await db.schema.alterTable("orders").addColumn("expected_delivery_at", epochMillis).execute();
  await db.schema.alterTable("orders").addColumn("cancel_reason", "text").execute();
}
