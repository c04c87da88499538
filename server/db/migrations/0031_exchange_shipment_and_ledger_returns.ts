import type { Kysely } from "kysely";
import { epochMillis } from "../migration-helpers.ts";

/**
 * An exchange's replacement ships as an order does (record 36): once the returned piece is
 * accepted ("exchange-accepted") the new size is packed, and its own Shipped step keeps the courier,
 * the tracking number, the day it is expected and when it left. And a points-ledger entry made by
 * a return names that return, so the ledger can say "returned Kundan Jhumka" (entries from before
 * have none and are described by their kind and order).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was then.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("returns").addColumn("courier", "text").execute();
  await db.schema.alterTable("returns").addColumn("tracking_number", "text").execute();
  await db.schema.alterTable("returns").addColumn("expected_delivery_at", epochMillis).execute();
  await db.schema.alterTable("returns").addColumn("shipped_at", epochMillis).execute();
  await db.schema.alterTable("points_ledger").addColumn("return_id", "integer").execute();
}
