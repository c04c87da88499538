import type { Executor } from "../db/schema.ts";

/** Every shipment of an order, newest first (a cancelled booking may be followed by another). */
export async function findShipmentsOfOrder(executor: Executor, orderId: number) {
  return executor
    .selectFrom("shipments")
    .select(["id", "awb", "courierName", "status", "statusAt", "rawStatus", "attempts", "bookingError", "createdAt"])
    .where("orderId", "=", orderId)
    .orderBy("id", "desc")
    .execute();
}

/** The news of the shipments given, oldest first. */
export async function findEventsOfShipments(executor: Executor, shipmentIds: readonly number[]) {
  if (shipmentIds.length === 0) return [];
  return executor
    .selectFrom("shipmentEvents")
    .select(["shipmentId", "rawStatus", "status", "happenedAt", "location", "activity", "applied"])
    .where("shipmentId", "in", shipmentIds)
    .orderBy("happenedAt")
    .orderBy("id")
    .execute();
}
