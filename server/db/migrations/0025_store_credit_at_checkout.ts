import type { Kysely } from "kysely";

/**
 * Store credit is spent at checkout as a payment, not a discount (record 30): the order keeps how
 * much of its total was paid with it (`orders.store_credit_used`, paise; the rest is paid online or
 * at the door), and a return of such an order keeps the part of its refund that went back to store
 * credit for that reason (`returns.store_credit_back`).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was then.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("orders")
    .addColumn("store_credit_used", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("returns")
    .addColumn("store_credit_back", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}
