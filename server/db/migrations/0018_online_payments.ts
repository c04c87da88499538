import { type Kysely, PostgresAdapter, sql } from "kysely";
import { autoIncrementId, epochMillis } from "../migration-helpers.ts";

/**
 * Online payment beside cash on delivery (record 24). An order keeps its fulfilment status; how its
 * money stands is a column of its own, `payment_status`: `cod-due` (cash at the door), `cod-collected`,
 * `awaiting` (online, stock held until `payment_expires_at`), `paid`, `failed` (not paid in time,
 * stock released at `stock_released_at`), `refunding` and `refunded`. Orders before this migration
 * were cash on delivery; those delivered count as collected.
 *
 * `payment_events` records every money event of an order once: each gateway event under its own id
 * (unique, so a replayed webhook changes nothing), and the shop's own (cash collected, a refund asked
 * for). `payment_refunds` holds one refund per gateway payment (unique), so two clicks or two nodes
 * refund once.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was then.
export async function up(db: Kysely<any>): Promise<void> {
  const engine = db.getExecutor().adapter instanceof PostgresAdapter ? "postgres" : "sqlite";
  await db.schema
    .alterTable("orders")
    .addColumn("payment_status", "text", (c) => c.notNull().defaultTo("cod-due"))
    .execute();
  await db.schema
    .alterTable("orders")
    .addColumn("cod_fee", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("orders").addColumn("gateway_order_id", "text").execute();
  await db.schema.alterTable("orders").addColumn("payment_id", "text").execute();
  await db.schema.alterTable("orders").addColumn("payment_expires_at", epochMillis).execute();
  await db.schema.alterTable("orders").addColumn("stock_released_at", epochMillis).execute();
  await db.schema.alterTable("orders").addColumn("paid_at", epochMillis).execute();
  await db.schema.alterTable("orders").addColumn("cash_collected_at", epochMillis).execute();
  await sql`update orders set payment_status = 'cod-collected', cash_collected_at = updated_at where status = 'delivered'`.execute(
    db,
  );
  await db.schema.createIndex("orders_gateway_order_id").on("orders").column("gateway_order_id").unique().execute();
  await db.schema.createIndex("orders_payment_status").on("orders").columns(["payment_status", "status"]).execute();

  await db.schema
    .createTable("payment_events")
    .addColumn("id", ...autoIncrementId(engine))
    .addColumn("order_id", "integer", (c) => c.references("orders.id"))
    // The gateway's event id (X-Razorpay-Event-Id); null for the shop's own events.
    .addColumn("event_id", "text", (c) => c.unique())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("amount", "integer")
    .addColumn("currency", "text")
    .addColumn("reference", "text")
    .addColumn("flagged", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("note", "text")
    .addColumn("at", epochMillis, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("payment_events_order").on("payment_events").columns(["order_id", "at"]).execute();

  await db.schema
    .createTable("payment_refunds")
    .addColumn("id", ...autoIncrementId(engine))
    .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id"))
    .addColumn("payment_id", "text", (c) => c.notNull().unique())
    .addColumn("amount", "integer", (c) => c.notNull())
    .addColumn("reason", "text", (c) => c.notNull())
    // requested → created (the gateway's refund id known) → processed (refund.processed).
    .addColumn("status", "text", (c) => c.notNull().defaultTo("requested"))
    .addColumn("refund_id", "text")
    .addColumn("attempt_until", epochMillis)
    .addColumn("created_at", epochMillis, (c) => c.notNull())
    .addColumn("processed_at", epochMillis)
    .execute();
  await db.schema.createIndex("payment_refunds_status").on("payment_refunds").columns(["status"]).execute();
}
