import type { Kysely } from "kysely";
import { engineOf } from "../database.ts";
import { autoIncrementId, epochMillis } from "../migration-helpers.ts";

/**
 * Fulfilment through the courier (record 43).
 *
 * - `shipments`: a booking step holds its shipment for a while (`booking_until`), so that two
 *   clicks or two nodes never run the courier's steps twice at once; a failed step says whether
 *   trying again may help (`booking_retryable`); the day the courier expects to deliver, its
 *   routing code for the shop's own label, and why the order could not follow the parcel (a move
 *   its rules refused), for the administrator.
 * - `ndr_requests`: what the buyer (or the administrator) asked the courier after a failed
 *   delivery: deliver again on a day, at another address or phone, or bring it back; one choice per
 *   failed attempt.
 * - `parcel_outcomes`: how each finished parcel ended at its pincode, delivered or back to the
 *   shop, once per order: the return-to-origin rate per pincode, which turns cash on delivery off
 *   where it is too high.
 * - `orders.awaiting_check_in`, `orders.checked_in_at`: a parcel that left the warehouse and came
 *   back puts its pieces on the shelf only when the administrator checks it in.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was then.
export async function up(db: Kysely<any>): Promise<void> {
  const engine = engineOf(db);
  for (const [name, type] of [
    ["booking_until", epochMillis],
    ["booking_retryable", "integer"],
    ["expected_delivery_at", epochMillis],
    ["routing_code", "text"],
    ["order_problem", "text"],
  ] as const) {
    await db.schema.alterTable("shipments").addColumn(name, type).execute();
  }
  await db.schema
    .alterTable("orders")
    .addColumn("awaiting_check_in", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("orders").addColumn("checked_in_at", epochMillis).execute();

  await db.schema
    .createTable("ndr_requests")
    .addColumn("id", ...autoIncrementId(engine))
    .addColumn("shipment_id", "integer", (c) => c.notNull().references("shipments.id"))
    // The failed attempt it answers (the shipment's count of attempts when it was asked).
    .addColumn("attempt", "integer", (c) => c.notNull())
    // re-attempt | return
    .addColumn("action", "text", (c) => c.notNull())
    // The day asked for ("YYYY-MM-DD", India), a new address or phone: null when not asked.
    .addColumn("deliver_on", "text")
    .addColumn("address", "text")
    .addColumn("phone", "text")
    .addColumn("asked_by", "text", (c) => c.notNull())
    // sending | sent
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("created_at", epochMillis, (c) => c.notNull())
    .addColumn("sent_at", epochMillis)
    .execute();
  await db.schema
    .createIndex("ndr_requests_once")
    .on("ndr_requests")
    .columns(["shipment_id", "attempt"])
    .unique()
    .execute();

  await db.schema
    .createTable("parcel_outcomes")
    .addColumn("order_id", "integer", (c) => c.primaryKey().references("orders.id"))
    .addColumn("pincode", "text", (c) => c.notNull())
    .addColumn("cod", "integer", (c) => c.notNull())
    // delivered | rto
    .addColumn("outcome", "text", (c) => c.notNull())
    .addColumn("finished_at", epochMillis, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("parcel_outcomes_pincode")
    .on("parcel_outcomes")
    .columns(["pincode", "finished_at"])
    .execute();
  await db.schema.createIndex("parcel_outcomes_finished").on("parcel_outcomes").column("finished_at").execute();
  // The orders waiting for a returned parcel to be checked in.
  await db.schema.createIndex("orders_awaiting_check_in").on("orders").column("awaiting_check_in").execute();
}
