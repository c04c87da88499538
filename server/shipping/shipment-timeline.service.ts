import type { Executor, ShipmentsTable } from "../db/schema.ts";
import { findEventsOfShipments, findShipmentsOfOrder } from "./shipment-timeline.repository.ts";

/*
 * An order's parcels as the admin's order page shows them (record 45): each shipment booked for it,
 * its state and the courier's news, oldest first. Who may see the order is the caller's rule.
 */

export type ShipmentTimeline = {
  id: number;
  awb: string | null;
  courier: string | null;
  status: ShipmentsTable["status"];
  statusAt: number;
  attempts: number;
  bookingError: string | null;
  events: { at: number; status: string; location: string | null; activity: string | null }[];
}[];

export async function shipmentTimeline(executor: Executor, orderId: number): Promise<ShipmentTimeline> {
  const shipments = await findShipmentsOfOrder(executor, orderId);
  const events = await findEventsOfShipments(
    executor,
    shipments.map((shipment) => shipment.id),
  );
  return shipments.map((shipment) => ({
    id: shipment.id,
    awb: shipment.awb,
    courier: shipment.courierName,
    status: shipment.status,
    statusAt: Number(shipment.statusAt),
    attempts: shipment.attempts,
    bookingError: shipment.bookingError,
    events: events
      .filter((event) => event.shipmentId === shipment.id)
      .map((event) => ({
        at: Number(event.happenedAt),
        status: event.rawStatus,
        location: event.location,
        activity: event.activity,
      })),
  }));
}
