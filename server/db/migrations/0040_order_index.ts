import { type Kysely, sql } from "kysely";

/*
 * The order index's lookups (decision record 45), each answered from an index at 100,000 orders:
 *
 * - a mobile number typed is found as the ten digits orders keep (`orders_phone`);
 * - an AWB typed is found in the shipments' unique AWB, or as the tracking number of a parcel
 *   shipped by hand (`orders_tracking_number`);
 * - the pincode filter reads a pincode's orders newest first (`orders_pincode_created`);
 * - the Returns tab starts from the open returns (`returns_open_order`);
 * - the tabs over the parcel's state (In transit, Delivery failed) read the shipments by state
 *   (`shipments_status_order`).
 * - the work tabs (To confirm, To pack, To ship) read the orders waiting, and only them, from one
 *   index that holds every column their conditions ask (`orders_waiting`): their counts never
 *   visit the table, however many orders a sale leaves waiting.
 * The other tabs over the order's own state read `orders_status_created` (migration 0030).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was then.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("orders_phone").on("orders").columns(["phone", "created_at"]).execute();
  await db.schema.createIndex("orders_tracking_number").on("orders").column("tracking_number").execute();
  await db.schema.createIndex("orders_pincode_created").on("orders").columns(["pincode", "created_at"]).execute();
  await sql`create index returns_open_order on returns (order_id) where open = 1`.execute(db);
  await db.schema
    .createIndex("orders_waiting")
    .on("orders")
    .columns([
      "created_at",
      "packed_at",
      "confirmed_at",
      "payment_method",
      "payment_status",
      "total",
      "store_credit_used",
    ])
    .where(sql.ref("status"), "=", "placed")
    .execute();
  await db.schema.createIndex("shipments_status_order").on("shipments").columns(["status", "order_id"]).execute();
}
