import { type Kysely, sql } from "kysely";
import { epochMillis } from "../migration-helpers.ts";

/**
 * A document's date is taken in the same step as its number: each series keeps the time of the
 * last document it issued (`last_issued_at`), and a document is dated no earlier than that, so a
 * later number never carries an earlier date. Existing series start from the latest date they
 * issued; invoices (KS) and credit notes (CN) are told apart by the number's series and year.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was then.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("document_counters")
    .addColumn("last_issued_at", epochMillis, (c) => c.notNull().defaultTo(0))
    .execute();
  for (const [number, date] of [
    ["invoice_number", "invoice_date"],
    ["credit_note_number", "credit_note_date"],
  ] as const) {
    await sql`
      update document_counters set last_issued_at = coalesce((
        select max(${sql.ref(`orders.${date}`)}) from orders
        where ${sql.ref(`orders.${number}`)} like document_counters.series || '/' || document_counters.financial_year || '/%'
      ), last_issued_at)`.execute(db);
  }
}
