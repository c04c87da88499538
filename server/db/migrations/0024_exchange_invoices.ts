import type { Kysely } from "kysely";
import { epochMillis } from "../migration-helpers.ts";

/**
 * An exchange's replacement piece gets a tax invoice of its own (record 30): the returned piece's
 * credit note takes its value out, and the replacement's invoice, numbered in the ordinary invoice
 * series, puts the same value back at the same rate and place of supply, settled against that
 * credit note. `returns` keeps the invoice's number and date; `exchange_invoice_lines` its tax rows,
 * as issued, so the document never changes.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was then.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("returns").addColumn("exchange_invoice_number", "text").execute();
  await db.schema.alterTable("returns").addColumn("exchange_invoice_date", epochMillis).execute();
  // SQLite adds no unique column; a unique index says the same on both engines.
  await db.schema
    .createIndex("returns_exchange_invoice_number")
    .on("returns")
    .column("exchange_invoice_number")
    .unique()
    .execute();
  await db.schema.createIndex("returns_exchange_invoice_date").on("returns").column("exchange_invoice_date").execute();
  await db.schema
    .createTable("exchange_invoice_lines")
    .addColumn("return_id", "integer", (c) => c.notNull().references("returns.id"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("hsn", "text", (c) => c.notNull())
    .addColumn("quantity", "integer", (c) => c.notNull())
    .addColumn("gross", "integer", (c) => c.notNull())
    .addColumn("discount", "integer", (c) => c.notNull())
    .addColumn("taxable", "integer", (c) => c.notNull())
    .addColumn("rate_bps", "integer", (c) => c.notNull())
    .addColumn("cgst", "integer", (c) => c.notNull())
    .addColumn("sgst", "integer", (c) => c.notNull())
    .addColumn("igst", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("exchange_invoice_lines_pk", ["return_id", "position"])
    .execute();
}
