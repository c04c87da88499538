import type { Kysely } from "kysely";
import { epochMillis } from "../migration-helpers.ts";

/**
 * E-way bills (CGST Rule 138). An order whose goods need one before they move keeps the number the
 * portal gave (12 digits) and when the administrator entered it; both stay empty for every other
 * order.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was then.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("orders").addColumn("eway_bill_number", "text").execute();
  await db.schema.alterTable("orders").addColumn("eway_bill_entered_at", epochMillis).execute();
}
