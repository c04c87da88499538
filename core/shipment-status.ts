/*
 * A parcel's states with a courier, as the shipment machine (server/shipping/shipment-machine.ts)
 * moves it and as the buyer's tracking page and the administrator's lists name them.
 */

export const SHIPMENT_STATUS_LABELS = {
  booking: "Being booked",
  booked: "Booked with the courier",
  "picked-up": "Picked up",
  "in-transit": "In transit",
  "out-for-delivery": "Out for delivery",
  "delivery-failed": "Delivery attempt failed",
  rto: "Coming back to us",
  delivered: "Delivered",
  "rto-delivered": "Back with us",
  lost: "Lost by the courier",
  cancelled: "Booking cancelled",
} as const;

export type ShipmentStatus = keyof typeof SHIPMENT_STATUS_LABELS;

export const SHIPMENT_STATUS_LIST = Object.keys(SHIPMENT_STATUS_LABELS) as ShipmentStatus[];

/** Where the buyer follows a parcel without signing in: the shipment's unguessable token. */
export function trackingPathFor(shipment: { trackingToken: string }): string {
  return `/track/${shipment.trackingToken}`;
}
