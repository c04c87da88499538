import { type Kysely, sql } from "kysely";
import { engineOf } from "../database.ts";
import { autoIncrementId, epochMillis } from "../migration-helpers.ts";

/**
 * Shipments and their courier's news (record 39).
 *
 * - `shipments`: a parcel booked with a courier for an order, under the order's number
 *   (`reference`), with the courier's own ids, the AWB, the state it is in (the machine in
 *   server/shipping/shipment-machine.ts) and the courier's last status as it said it, what the
 *   courier collects, the parcel's weight and size, the label, the buyer's tracking token and the
 *   delivery attempts. One live shipment per order: a cancelled one may be followed by another.
 * - `shipment_events`: every status a courier reported, once per (AWB, status, time) however often
 *   and in whatever order it is sent, kept whether or not it moved the shipment.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was then.
export async function up(db: Kysely<any>): Promise<void> {
  const engine = engineOf(db);
  await db.schema
    .createTable("shipments")
    .addColumn("id", ...autoIncrementId(engine))
    .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id"))
    .addColumn("carrier", "text", (c) => c.notNull())
    .addColumn("reference", "text", (c) => c.notNull())
    .addColumn("carrier_order_id", "text")
    .addColumn("carrier_shipment_id", "text")
    .addColumn("awb", "text", (c) => c.unique())
    .addColumn("courier_name", "text")
    // booking | booked | picked-up | in-transit | out-for-delivery | delivery-failed | rto |
    // delivered | rto-delivered | lost | cancelled
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("status_at", epochMillis, (c) => c.notNull())
    .addColumn("raw_status", "text")
    .addColumn("raw_status_id", "integer")
    .addColumn("payment_method", "text", (c) => c.notNull())
    .addColumn("cod_amount", "integer", (c) => c.notNull().check(sql`cod_amount >= 0`))
    .addColumn("weight_grams", "integer", (c) => c.notNull().check(sql`weight_grams > 0`))
    .addColumn("length_cm", "integer", (c) => c.notNull())
    .addColumn("breadth_cm", "integer", (c) => c.notNull())
    .addColumn("height_cm", "integer", (c) => c.notNull())
    .addColumn("label_url", "text")
    .addColumn("tracking_token", "text", (c) => c.notNull().unique())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("booking_error", "text")
    .addColumn("pickup_requested_at", epochMillis)
    .addColumn("last_event_at", epochMillis)
    .addColumn("created_at", epochMillis, (c) => c.notNull())
    .addColumn("updated_at", epochMillis, (c) => c.notNull())
    .execute();
  // Booking twice never makes two shipments: one live shipment per order, one per courier reference.
  await sql`create unique index shipments_one_live_per_order on shipments (order_id) where status <> 'cancelled'`.execute(
    db,
  );
  await db.schema
    .createIndex("shipments_reference")
    .on("shipments")
    .columns(["carrier", "reference"])
    .unique()
    .execute();
  // Shipments still on their way whose courier has been silent: asked for by the tracking API.
  await db.schema
    .createIndex("shipments_status_last_event")
    .on("shipments")
    .columns(["status", "last_event_at"])
    .execute();

  await db.schema
    .createTable("shipment_events")
    .addColumn("id", ...autoIncrementId(engine))
    .addColumn("shipment_id", "integer", (c) => c.references("shipments.id"))
    .addColumn("awb", "text", (c) => c.notNull())
    .addColumn("raw_status", "text", (c) => c.notNull())
    .addColumn("raw_status_id", "integer")
    .addColumn("status", "text")
    .addColumn("known", "integer", (c) => c.notNull())
    .addColumn("applied", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("happened_at", epochMillis, (c) => c.notNull())
    .addColumn("received_at", epochMillis, (c) => c.notNull())
    .addColumn("location", "text")
    .addColumn("activity", "text")
    .execute();
  await db.schema
    .createIndex("shipment_events_once")
    .on("shipment_events")
    .columns(["awb", "raw_status", "happened_at"])
    .unique()
    .execute();
  await db.schema
    .createIndex("shipment_events_shipment")
    .on("shipment_events")
    .columns(["shipment_id", "happened_at"])
    .execute();
  await db.schema
    .createIndex("shipment_events_unknown")
    .on("shipment_events")
    .columns(["known", "received_at"])
    .execute();
}
