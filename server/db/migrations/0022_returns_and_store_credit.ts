import { type Kysely, sql } from "kysely";
import { engineOf } from "../database.ts";
import { autoIncrementId, epochMillis, rebuildSqliteTable } from "../migration-helpers.ts";

/**
 * Returns and size exchanges of delivered pieces, store credit, and partial refunds (record 30).
 *
 * - `products.non_returnable`: pieces that cannot come back (jewellery, innerwear).
 * - `returns`: one request per order line and quantity. A line has at most one open request at a
 *   time (a unique index over open requests), so two tabs or two nodes asking at once make one.
 *   Each accepted return keeps its credit note's number and date (its own series, RC) and the
 *   replacement size of an exchange.
 * - `return_credit_lines`: the credit note's tax rows, the returned share of the invoice's rows at
 *   the invoice's own rates, so the document never changes.
 * - `store_credit_ledger` and `users.store_credit_balance` (never below zero): credit given for a
 *   return of a cash order, and spent at checkout; every entry names its cause.
 * - `payment_refunds`: a refund is now unique by its `refund_key` ("payment:<id>" for a whole
 *   payment as before, "return:<id>" for a return's part of it), no longer by the payment alone.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was then.
export async function up(db: Kysely<any>): Promise<void> {
  const engine = engineOf(db);
  const postgres = engine === "postgres";

  await db.schema
    .alterTable("products")
    .addColumn("non_returnable", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("orders").addColumn("delivered_at", epochMillis).execute();
  await sql`update orders set delivered_at = updated_at where status = 'delivered'`.execute(db);

  await db.schema
    .createTable("returns")
    .addColumn("id", ...autoIncrementId(engine))
    .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("quantity", "integer", (c) => c.notNull().check(sql`quantity > 0`))
    // refund | exchange
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("note", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("photo", "text")
    .addColumn("exchange_size", "text")
    // gateway | store-credit | upi; null for an exchange
    .addColumn("refund_method", "text")
    .addColumn("upi_id", "text")
    // requested → pickup-scheduled → picked-up → received → refunded | exchange-shipped; or rejected
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("open", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("reject_reason", "text")
    .addColumn("amount", "integer", (c) => c.notNull())
    .addColumn("self_ship", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("credit_note_number", "text", (c) => c.unique())
    .addColumn("credit_note_date", epochMillis)
    .addColumn("created_at", epochMillis, (c) => c.notNull())
    .addColumn("updated_at", epochMillis, (c) => c.notNull())
    .execute();
  await sql`create unique index returns_one_open_per_line on returns (order_id, position) where open = 1`.execute(db);
  await db.schema.createIndex("returns_status").on("returns").columns(["status", "created_at"]).execute();
  await db.schema.createIndex("returns_credit_note_date").on("returns").column("credit_note_date").execute();

  await db.schema
    .createTable("return_credit_lines")
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
    .addPrimaryKeyConstraint("return_credit_lines_pk", ["return_id", "position"])
    .execute();

  await db.schema
    .alterTable("users")
    .addColumn("store_credit_balance", "integer", (c) => c.notNull().defaultTo(0).check(sql`store_credit_balance >= 0`))
    .execute();
  await db.schema
    .createTable("store_credit_ledger")
    .addColumn("id", ...autoIncrementId(engine))
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id"))
    // return-refund | spent | spending-returned
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("amount", "integer", (c) => c.notNull())
    .addColumn("order_id", "integer", (c) => c.references("orders.id"))
    .addColumn("return_id", "integer", (c) => c.references("returns.id"))
    .addColumn("at", epochMillis, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("store_credit_ledger_user")
    .on("store_credit_ledger")
    .columns(["user_id", "at"])
    .execute();
  // A return's credit is given once.
  // A return's credit is given once (rows without a return never collide: nulls are distinct).
  await db.schema
    .createIndex("store_credit_ledger_once")
    .on("store_credit_ledger")
    .columns(["return_id", "kind"])
    .unique()
    .execute();

  await db.schema.alterTable("payment_refunds").addColumn("return_id", "integer").execute();
  await db.schema.alterTable("payment_refunds").addColumn("refund_key", "text").execute();
  await sql`update payment_refunds set refund_key = 'payment:' || payment_id`.execute(db);
  if (postgres) {
    await sql`alter table payment_refunds drop constraint if exists payment_refunds_payment_id_key`.execute(db);
    await sql`alter table payment_refunds alter column refund_key set not null`.execute(db);
  } else {
    await rebuildSqliteTable(db, "payment_refunds", (create) =>
      create
        .replace(/("payment_id" text not null) unique/i, "$1")
        .replace(/"refund_key" text/i, '"refund_key" text not null'),
    );
  }
  await db.schema
    .createIndex("payment_refunds_refund_key")
    .on("payment_refunds")
    .column("refund_key")
    .unique()
    .execute();
  await db.schema.createIndex("payment_refunds_payment").on("payment_refunds").column("payment_id").execute();
}
