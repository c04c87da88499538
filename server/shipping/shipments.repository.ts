import type { Insertable, Selectable } from "kysely";
import { engineOf } from "../db/database.ts";
import { changedOneRow } from "../db/guarded-update.ts";
import type { Executor, ShipmentEventsTable, ShipmentsTable } from "../db/schema.ts";
import type { ShipmentStatus } from "./shipment-machine.ts";

export type ShipmentRow = Selectable<ShipmentsTable>;
export type ShipmentEventRow = Selectable<ShipmentEventsTable>;

/** Statuses a parcel can still leave: the ones the courier may yet send news of. */
const ON_ITS_WAY: readonly ShipmentStatus[] = [
  "booked",
  "picked-up",
  "in-transit",
  "out-for-delivery",
  "delivery-failed",
  "rto",
];

/**
 * Starts an order's shipment, once: a second booking of the same order (another click, another
 * node) finds the live one there and gets null.
 */
export async function insertShipment(
  executor: Executor,
  shipment: Omit<Insertable<ShipmentsTable>, "id" | "attempts">,
): Promise<number | null> {
  const inserted = await executor
    .insertInto("shipments")
    .values(shipment)
    .onConflict((conflict) => conflict.doNothing())
    .returning("id")
    .executeTakeFirst();
  return inserted?.id ?? null;
}

/** The order's live shipment (not cancelled), if any. */
export async function findLiveShipment(executor: Executor, orderId: number) {
  return executor
    .selectFrom("shipments")
    .selectAll()
    .where("orderId", "=", orderId)
    .where("status", "<>", "cancelled")
    .executeTakeFirst();
}

export async function findShipment(executor: Executor, id: number) {
  return executor.selectFrom("shipments").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function findShipmentByAwb(executor: Executor, awb: string) {
  return executor.selectFrom("shipments").selectAll().where("awb", "=", awb).executeTakeFirst();
}

export async function findShipmentByTrackingToken(executor: Executor, token: string) {
  return executor.selectFrom("shipments").selectAll().where("trackingToken", "=", token).executeTakeFirst();
}

/** The shipment's row by its id, held for the rest of the transaction (see findShipmentByAwbForUpdate). */
export async function findShipmentForUpdate(executor: Executor, id: number) {
  const query = executor.selectFrom("shipments").selectAll().where("id", "=", id);
  return (engineOf(executor) === "postgres" ? query.forNoKeyUpdate() : query).executeTakeFirst();
}

/**
 * A booking step takes the shipment until `until`, unless another step holds it now: of two clicks
 * or two nodes, one runs the courier's steps and the other is told it is under way.
 */
export async function claimBookingStep(executor: Executor, id: number, until: number, now: number): Promise<boolean> {
  return changedOneRow(
    executor
      .updateTable("shipments")
      .set({ bookingUntil: until })
      .where("id", "=", id)
      .where((eb) => eb.or([eb("bookingUntil", "is", null), eb("bookingUntil", "<=", now)])),
  );
}

/** The booking step is over: its failure kept for the administrator (null: it went through). */
export async function endBookingStep(
  executor: Executor,
  id: number,
  failure: { message: string; retryable: boolean } | null,
  now: number,
): Promise<void> {
  await executor
    .updateTable("shipments")
    .set({
      bookingUntil: null,
      bookingError: failure?.message ?? null,
      bookingRetryable: failure ? (failure.retryable ? 1 : 0) : null,
      updatedAt: now,
    })
    .where("id", "=", id)
    .execute();
}

/**
 * The shipment's row, held for the rest of the transaction (PostgreSQL: the lock an update takes;
 * a SQLite write transaction holds the whole database from its start).
 */
export async function findShipmentByAwbForUpdate(executor: Executor, awb: string) {
  const query = executor.selectFrom("shipments").selectAll().where("awb", "=", awb);
  return (engineOf(executor) === "postgres" ? query.forNoKeyUpdate() : query).executeTakeFirst();
}

/** Records what a booking step learnt from the courier (its ids, the AWB, the label, the last failure). */
export async function updateShipmentBooking(
  executor: Executor,
  id: number,
  fields: Partial<
    Pick<
      ShipmentsTable,
      | "carrierOrderId"
      | "carrierShipmentId"
      | "awb"
      | "courierName"
      | "labelUrl"
      | "bookingError"
      | "pickupRequestedAt"
      | "lastEventAt"
      | "routingCode"
      | "bookingRetryable"
    >
  >,
  now: number,
): Promise<void> {
  await executor
    .updateTable("shipments")
    .set({ ...fields, updatedAt: now })
    .where("id", "=", id)
    .execute();
}

/**
 * Moves the shipment on only if it still stands where the move was decided from (its status and
 * that status's time), with the courier's words for it. False: another move came first.
 */
export async function moveShipmentIf(
  executor: Executor,
  id: number,
  from: { status: ShipmentStatus; statusAt: number },
  to: { status: ShipmentStatus; statusAt: number; rawStatus: string | null; rawStatusId: number | null },
  now: number,
): Promise<boolean> {
  return changedOneRow(
    executor
      .updateTable("shipments")
      .set({ ...to, updatedAt: now })
      .where("id", "=", id)
      .where("status", "=", from.status)
      .where("statusAt", "=", from.statusAt),
  );
}

/** Notes that the courier spoke of the shipment (even news that moved nothing), and a failed attempt. */
export async function noteCourierNews(
  executor: Executor,
  id: number,
  news: { at: number; failedAttempt: boolean },
): Promise<void> {
  await executor
    .updateTable("shipments")
    .set((eb) => ({
      lastEventAt: news.at,
      updatedAt: news.at,
      ...(news.failedAttempt ? { attempts: eb("attempts", "+", 1) } : {}),
    }))
    .where("id", "=", id)
    .execute();
}

/**
 * Records one status of an AWB, once per (AWB, status, time): the same news sent again answers
 * null; otherwise the new event's id.
 */
export async function insertShipmentEvent(
  executor: Executor,
  event: Omit<Insertable<ShipmentEventsTable>, "id">,
): Promise<number | null> {
  const inserted = await executor
    .insertInto("shipmentEvents")
    .values(event)
    .onConflict((conflict) => conflict.columns(["awb", "rawStatus", "happenedAt"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  return inserted?.id ?? null;
}

/** Why the order could not follow its parcel (null: it did). */
export async function noteOrderProblem(executor: Executor, id: number, problem: string | null): Promise<void> {
  await executor.updateTable("shipments").set({ orderProblem: problem }).where("id", "=", id).execute();
}

/** The day the courier now expects to deliver. */
export async function noteExpectedDelivery(executor: Executor, id: number, at: number): Promise<void> {
  await executor.updateTable("shipments").set({ expectedDeliveryAt: at }).where("id", "=", id).execute();
}

/** News kept for an AWB before any shipment had it becomes this shipment's; answers it, oldest first. */
export async function claimEventsOfAwb(executor: Executor, awb: string, shipmentId: number) {
  const orphans = await executor
    .selectFrom("shipmentEvents")
    .selectAll()
    .where("awb", "=", awb)
    .where("shipmentId", "is", null)
    .orderBy("happenedAt")
    .orderBy("id")
    .execute();
  if (orphans.length === 0) return [];
  await executor
    .updateTable("shipmentEvents")
    .set({ shipmentId })
    .where(
      "id",
      "in",
      orphans.map((event) => event.id),
    )
    .where("shipmentId", "is", null)
    .execute();
  return orphans.map((event) => ({ ...event, shipmentId }));
}

export async function markEventApplied(executor: Executor, eventId: number): Promise<void> {
  await executor.updateTable("shipmentEvents").set({ applied: 1 }).where("id", "=", eventId).execute();
}

/** A shipment's news, oldest first: the tracking page's timeline. */
export async function listShipmentEvents(executor: Executor, shipmentId: number) {
  return executor
    .selectFrom("shipmentEvents")
    .selectAll()
    .where("shipmentId", "=", shipmentId)
    .orderBy("happenedAt")
    .orderBy("id")
    .execute();
}

/** Statuses no one knew, newest first, to show the administrator and to teach the mapping. */
export async function listUnknownEvents(executor: Executor, limit: number) {
  return executor
    .selectFrom("shipmentEvents")
    .selectAll()
    .where("known", "=", 0)
    .orderBy("receivedAt", "desc")
    .limit(limit)
    .execute();
}

/**
 * Shipments on their way whose courier has said nothing since `silentSince` (never, or before it),
 * oldest news first: the ones to ask the tracking API about.
 */
export async function listSilentShipments(executor: Executor, silentSince: number, limit: number) {
  return (
    executor
      .selectFrom("shipments")
      .selectAll()
      .where("status", "in", ON_ITS_WAY)
      .where("awb", "is not", null)
      .where((eb) => eb.or([eb("lastEventAt", "is", null), eb("lastEventAt", "<", silentSince)]))
      // Never-heard-of first on both engines (they disagree on where NULL sorts).
      .orderBy((eb) => eb.fn.coalesce("lastEventAt", eb.lit(0)))
      .orderBy("id")
      .limit(limit)
      .execute()
  );
}

/** Bookings whose last step failed in a way a retry may pass, not tried since `before`: the job tries them again. */
export async function listRetryableBookings(executor: Executor, before: number, limit: number) {
  return executor
    .selectFrom("shipments")
    .select(["id", "orderId"])
    .where("status", "in", ["booking", "booked"])
    .where("pickupRequestedAt", "is", null)
    .where("bookingRetryable", "=", 1)
    .where("bookingUntil", "is", null)
    .where("updatedAt", "<", before)
    .orderBy("updatedAt")
    .limit(limit)
    .execute();
}

/** The live shipments (not cancelled) of these orders: the back office's list of orders to ship. */
export async function findLiveShipmentsOfOrders(executor: Executor, orderIds: readonly number[]) {
  if (orderIds.length === 0) return [];
  return executor
    .selectFrom("shipments")
    .select([
      "orderId",
      "status",
      "awb",
      "courierName",
      "bookingError",
      "bookingRetryable",
      "bookingUntil",
      "pickupRequestedAt",
    ])
    .where("orderId", "in", orderIds)
    .where("status", "<>", "cancelled")
    .execute();
}
