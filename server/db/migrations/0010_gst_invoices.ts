import { type Kysely, sql } from "kysely";
import { epochMillis } from "../migration-helpers.ts";

/**
 * GST invoices. Addresses gain a city and a state (its two-digit GST code), on orders and on the
 * customer's saved address; order lines keep the HSN they were sold under. An order keeps its tax,
 * line by line as worked out when it was placed (`order_tax_lines`), its invoice number and the
 * seller's details as they were then, and, once cancelled, its credit note. Invoice and credit-note
 * numbers come from `document_counters`, one row a series and financial year, advanced in the
 * order's own transaction so the numbers have no gaps.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was then.
export async function up(db: Kysely<any>): Promise<void> {
  for (const column of ["city", "state_code", "pincode"]) {
    await db.schema.alterTable("users").addColumn(column, "text").execute();
  }
  for (const column of ["city", "state_code"]) {
    // Orders placed before invoicing have neither: '' says so.
    await db.schema
      .alterTable("orders")
      .addColumn(column, "text", (c) => c.notNull().defaultTo(""))
      .execute();
  }
  await db.schema.alterTable("orders").addColumn("invoice_number", "text").execute();
  await db.schema.alterTable("orders").addColumn("invoice_date", epochMillis).execute();
  await db.schema.alterTable("orders").addColumn("supply_type", "text").execute();
  // The seller's name, address and GSTIN as printed on the invoice, as JSON.
  await db.schema.alterTable("orders").addColumn("seller", "text").execute();
  await db.schema.alterTable("orders").addColumn("credit_note_number", "text").execute();
  await db.schema.alterTable("orders").addColumn("credit_note_date", epochMillis).execute();
  await db.schema.createIndex("orders_invoice_number").on("orders").column("invoice_number").unique().execute();
  await db.schema.createIndex("orders_credit_note_number").on("orders").column("credit_note_number").unique().execute();
  await db.schema.createIndex("orders_invoice_date").on("orders").column("invoice_date").execute();
  await db.schema.createIndex("orders_credit_note_date").on("orders").column("credit_note_date").execute();

  await db.schema
    .alterTable("order_lines")
    .addColumn("hsn", "text", (c) => c.notNull().defaultTo(""))
    .execute();

  await db.schema
    .createTable("order_tax_lines")
    .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('goods', 'shipping')`))
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("hsn", "text", (c) => c.notNull())
    .addColumn("quantity", "integer", (c) => c.notNull())
    // Paise: the GST-inclusive value before the discount, the discount (redeemed points), the
    // taxable value after it, and each tax. taxable + cgst + sgst + igst = gross - discount.
    .addColumn("gross", "integer", (c) => c.notNull())
    .addColumn("discount", "integer", (c) => c.notNull())
    .addColumn("taxable", "integer", (c) => c.notNull())
    .addColumn("rate_bps", "integer", (c) => c.notNull())
    .addColumn("cgst", "integer", (c) => c.notNull())
    .addColumn("sgst", "integer", (c) => c.notNull())
    .addColumn("igst", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("order_tax_lines_pk", ["order_id", "position"])
    .execute();

  await db.schema
    .createTable("document_counters")
    .addColumn("series", "text", (c) => c.notNull())
    .addColumn("financial_year", "text", (c) => c.notNull())
    .addColumn("last_number", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("document_counters_pk", ["series", "financial_year"])
    .execute();
}
