import type { ShipmentStatus } from "./shipment-machine.ts";

/*
 * Shiprocket's statuses as the shop reads them. Its published status tables disagree with each
 * other and with its own examples (the webhook's example says IN TRANSIT with current_status_id 20
 * and shipment_status_id 18; its NDR list says UNDELIVERED with status_code 36 where its tracking
 * example says 21), so a status is read by its label, and its id only stands in when a webhook
 * comes without a label, for the ids its examples agree on. Both are kept as given; a label the
 * shop does not know is recorded and logged, never a failure (record 39).
 */

/** The ids and labels in Shiprocket's own examples (tracking API and webhook), as the local courier sends them. */
export const SHIPROCKET_EXAMPLE_STATUSES = {
  pickedUp: { id: 42, label: "PICKED UP" },
  shipped: { id: 6, label: "SHIPPED" },
  inTransit: { id: 18, label: "IN TRANSIT" },
  reachedDestinationHub: { id: 38, label: "REACHED AT DESTINATION HUB" },
  outForDelivery: { id: 17, label: "OUT FOR DELIVERY" },
  delivered: { id: 7, label: "DELIVERED" },
  undelivered: { id: 21, label: "UNDELIVERED" },
  rtoInitiated: { id: 9, label: "RTO INITIATED" },
  rtoDelivered: { id: 10, label: "RTO DELIVERED" },
} as const;

/** Labels that move a parcel, by the state they mean. */
const MOVING_LABELS: Record<string, ShipmentStatus> = {
  "PICKED UP": "picked-up",
  // In the tracking example SHIPPED follows PICKED UP (the courier's hub scanned it in): the parcel
  // is in the courier's hands, which is what "picked up" means to the shop.
  SHIPPED: "picked-up",
  "IN TRANSIT": "in-transit",
  "REACHED AT DESTINATION HUB": "in-transit",
  "REACHED DESTINATION HUB": "in-transit",
  "IN TRANSIT AT DESTINATION HUB": "in-transit",
  MISROUTED: "in-transit",
  "OUT FOR DELIVERY": "out-for-delivery",
  DELIVERED: "delivered",
  UNDELIVERED: "delivery-failed",
  "RTO INITIATED": "rto",
  "RTO ACKNOWLEDGED": "rto",
  "RTO IN TRANSIT": "rto",
  "RTO OFD": "rto",
  "RTO NDR": "rto",
  "RTO DELIVERED": "rto-delivered",
  LOST: "lost",
  CANCELED: "cancelled",
  CANCELLED: "cancelled",
};

/** Labels that are news about the parcel but move nothing (before pickup, or a delay). */
const NEWS_LABELS = new Set([
  "NEW",
  "AWB ASSIGNED",
  "LABEL GENERATED",
  "PICKUP SCHEDULED",
  "PICKUP GENERATED",
  "PICKUP QUEUED",
  "MANIFEST GENERATED",
  "OUT FOR PICKUP",
  "PICKUP EXCEPTION",
  "PICKUP RESCHEDULED",
  "PICKUP ERROR",
  "CANCELLATION REQUESTED",
  "DELAYED",
  "PENDING",
]);

/** Ids read only when the label is missing: those up to 21, where the examples and tables agree. */
const ID_FALLBACK: Record<number, string> = {
  6: "SHIPPED",
  7: "DELIVERED",
  9: "RTO INITIATED",
  10: "RTO DELIVERED",
  17: "OUT FOR DELIVERY",
  18: "IN TRANSIT",
  21: "UNDELIVERED",
};

/** "rto-ofd", "Out_for_Delivery " and "OUT FOR DELIVERY" are one label. */
export function normaliseStatusLabel(label: string): string {
  return label.toUpperCase().replace(/[_-]+/g, " ").replace(/\s+/g, " ").trim();
}

export type ReadStatus = {
  /** The state the status means; null for news that moves nothing, or a status not known. */
  status: ShipmentStatus | null;
  known: boolean;
};

/** What a Shiprocket status (label, and id as given) means to the shop. */
export function readShiprocketStatus(label: string | null | undefined, id: number | null | undefined): ReadStatus {
  const normal = normaliseStatusLabel(label ?? "");
  const byLabel = normal || (id != null ? (ID_FALLBACK[id] ?? "") : "");
  const moving = MOVING_LABELS[byLabel];
  if (moving) return { status: moving, known: true };
  return { status: null, known: NEWS_LABELS.has(byLabel) };
}
