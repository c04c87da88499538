import { type Kysely, sql } from "kysely";

/**
 * Amounts to pay in whole rupees (record 34): an order keeps the round off that brought its total to
 * a whole rupee (`orders.round_off`, paise, between −49 and +50; outside the taxable value), and a
 * return the round off of its credit note and refund (`returns.round_off`). Documents issued before
 * keep 0, so they print as they were issued.
 *
 * Points earned on a returned piece that the customer had already spent are owed
 * (`users.points_owed`): later earnings clear the debt first, and the spendable balance never goes
 * below zero.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was then.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("orders")
    .addColumn("round_off", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("returns")
    .addColumn("round_off", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("users")
    .addColumn("points_owed", "integer", (c) => c.notNull().defaultTo(0).check(sql`points_owed >= 0`))
    .execute();
}
