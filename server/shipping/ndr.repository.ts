import type { Insertable } from "kysely";
import type { Executor, NdrRequestsTable } from "../db/schema.ts";

/*
 * Failed deliveries (NDRs) and what was asked of the courier about them (record 43). The open list
 * reads the orders' name and place beside each shipment, by SQL (a read named in record 43): one
 * query for a page instead of one per row.
 */

/** The one answer to a failed attempt: null when that attempt was answered already. */
export async function insertNdrRequest(
  executor: Executor,
  request: Omit<Insertable<NdrRequestsTable>, "id">,
): Promise<number | null> {
  const row = await executor
    .insertInto("ndrRequests")
    .values(request)
    .onConflict((conflict) => conflict.columns(["shipmentId", "attempt"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function markNdrRequestSent(executor: Executor, id: number, at: number): Promise<void> {
  await executor.updateTable("ndrRequests").set({ status: "sent", sentAt: at }).where("id", "=", id).execute();
}

/** The courier did not take it: the answer is taken back, so that it can be given again. */
export async function deleteNdrRequest(executor: Executor, id: number): Promise<void> {
  await executor.deleteFrom("ndrRequests").where("id", "=", id).execute();
}

export async function findNdrRequest(executor: Executor, shipmentId: number, attempt: number) {
  return executor
    .selectFrom("ndrRequests")
    .selectAll()
    .where("shipmentId", "=", shipmentId)
    .where("attempt", "=", attempt)
    .executeTakeFirst();
}

/** Every answer given for these shipments, oldest first. */
export async function listNdrRequests(executor: Executor, shipmentIds: readonly number[]) {
  if (shipmentIds.length === 0) return [];
  return executor
    .selectFrom("ndrRequests")
    .selectAll()
    .where("shipmentId", "in", shipmentIds)
    .orderBy("createdAt")
    .execute();
}

/** The failed attempts of these shipments as the courier reported them, oldest first. */
export async function listFailedAttempts(executor: Executor, shipmentIds: readonly number[]) {
  if (shipmentIds.length === 0) return [];
  return executor
    .selectFrom("shipmentEvents")
    .select(["shipmentId", "happenedAt", "activity", "location"])
    .where("shipmentId", "in", shipmentIds)
    .where("status", "=", "delivery-failed")
    .orderBy("happenedAt")
    .execute();
}

/** Parcels whose last news is a failed attempt, the oldest first (they run out of time first). */
export async function listOpenNdrShipments(executor: Executor, limit: number, offset: number) {
  return shipmentsWithTheirOrder(executor)
    .select(["shipments.attempts", "shipments.paymentMethod", "shipments.codAmount", "orders.city", "orders.phone"])
    .where("shipments.status", "=", "delivery-failed")
    .orderBy("shipments.statusAt")
    .orderBy("shipments.id")
    .limit(limit)
    .offset(offset)
    .execute();
}

/**
 * Shipments someone must look at, newest news first: lost by the courier, a booking that failed, or
 * an order that could not follow its parcel.
 */
export async function listShipmentsNeedingAttention(executor: Executor, limit: number, offset: number) {
  return shipmentsWithTheirOrder(executor)
    .select(["shipments.bookingError", "shipments.bookingRetryable", "shipments.orderProblem"])
    .where((eb) =>
      eb.or([
        eb("shipments.status", "=", "lost"),
        eb("shipments.bookingError", "is not", null),
        eb("shipments.orderProblem", "is not", null),
      ]),
    )
    .orderBy("shipments.updatedAt", "desc")
    .orderBy("shipments.id", "desc")
    .limit(limit)
    .offset(offset)
    .execute();
}

/** A shipment as the back office's lists show it: its parcel, and whose order it carries to where. */
function shipmentsWithTheirOrder(executor: Executor) {
  return executor
    .selectFrom("shipments")
    .innerJoin("orders", "orders.id", "shipments.orderId")
    .select([
      "shipments.id",
      "shipments.orderId",
      "shipments.awb",
      "shipments.courierName",
      "shipments.status",
      "shipments.statusAt",
      "orders.orderNumber",
      "orders.name",
      "orders.pincode",
    ]);
}
