import { INDIA_OFFSET_MS } from "#core/dates.ts";
import { SHIPROCKET_EXAMPLE_STATUSES } from "../shipping/shiprocket-statuses.ts";

/*
 * The lives a parcel can lead at the local courier, as Shiprocket's webhook tells them: a scripted
 * list of statuses per AWB, chosen per order by a marker in the order number or the address
 * (`life:ndr`, `life:rto`, with `+dup` for each event sent twice and `+shuffle` for neighbours sent
 * in reverse, `+chaos` for both), so that tests and demos pick what happens to a parcel.
 */

const S = SHIPROCKET_EXAMPLE_STATUSES;
export type LifeStatus = (typeof S)[keyof typeof S];

const ON_THE_WAY: readonly LifeStatus[] = [
  S.pickedUp,
  S.shipped,
  S.inTransit,
  S.reachedDestinationHub,
  S.outForDelivery,
];

export const LIVES = {
  /** Picked up, on its way, delivered at the first attempt. */
  delivered: [...ON_THE_WAY, S.delivered],
  /** Not delivered at the first attempt (NDR), delivered at the next. */
  ndr: [...ON_THE_WAY, S.undelivered, S.outForDelivery, S.delivered],
  /** Three failed attempts, then back to the seller (RTO). */
  rto: [
    ...ON_THE_WAY,
    S.undelivered,
    S.outForDelivery,
    S.undelivered,
    S.outForDelivery,
    S.undelivered,
    S.rtoInitiated,
    S.rtoDelivered,
  ],
} as const satisfies Record<string, readonly LifeStatus[]>;

export type LifeName = keyof typeof LIVES;

/** After the shop asks for the parcel back (the NDR action "return"), the rest of its life. */
export const RETURN_LEG: readonly LifeStatus[] = [S.rtoInitiated, S.rtoDelivered];

export type Life = { name: LifeName; duplicates: boolean; shuffled: boolean };

/** The life a parcel leads: the first `life:` marker in any of the texts given, else delivered. */
export function lifeFrom(...texts: readonly string[]): Life {
  for (const text of texts) {
    const match = /\blife:([a-z]+)((?:\+[a-z]+)*)/i.exec(text);
    const name = match?.[1]?.toLowerCase();
    if (match && name && name in LIVES) {
      const flags = (match[2] ?? "").toLowerCase().split("+");
      const chaos = flags.includes("chaos");
      return {
        name: name as LifeName,
        duplicates: chaos || flags.includes("dup"),
        shuffled: chaos || flags.includes("shuffle"),
      };
    }
  }
  return { name: "delivered", duplicates: false, shuffled: false };
}

/** The order in which a step's events are sent: neighbours swapped when shuffled, each twice with duplicates. */
export function sendingOrder<T>(events: readonly T[], life: Life): T[] {
  const ordered = life.shuffled ? [...events].reverse() : [...events];
  return life.duplicates ? ordered.flatMap((event) => [event, event]) : ordered;
}

const pad = (value: number) => String(value).padStart(2, "0");

function inIndia(epochMillis: number) {
  const t = new Date(epochMillis + INDIA_OFFSET_MS);
  return {
    day: `${pad(t.getUTCDate())}`,
    month: pad(t.getUTCMonth() + 1),
    year: String(t.getUTCFullYear()),
    clock: `${pad(t.getUTCHours())}:${pad(t.getUTCMinutes())}:${pad(t.getUTCSeconds())}`,
  };
}

/** "23 05 2023 11:43:52": the webhook's current_timestamp, India time. */
export function webhookTimestamp(epochMillis: number): string {
  const t = inIndia(epochMillis);
  return `${t.day} ${t.month} ${t.year} ${t.clock}`;
}

/** "2023-05-23 11:43:52": scans' and the tracking API's times, India time. */
export function scanTimestamp(epochMillis: number): string {
  const t = inIndia(epochMillis);
  return `${t.year}-${t.month}-${t.day} ${t.clock}`;
}

/** The courier's own scan code and words for a status, as a courier's scan would say them. */
const SCAN_WORDS: Record<string, { code: string; activity: string }> = {
  "PICKED UP": { code: "X-PPOM", activity: "Shipment picked up" },
  SHIPPED: { code: "X-PIOM", activity: "Shipment received at origin hub" },
  "IN TRANSIT": { code: "X-DLL2F", activity: "Shipment in transit" },
  "REACHED AT DESTINATION HUB": { code: "X-DLD2F", activity: "Reached destination hub" },
  "OUT FOR DELIVERY": { code: "X-DDD3FD", activity: "Out for delivery" },
  DELIVERED: { code: "EOD-38", activity: "Delivered to consignee" },
  UNDELIVERED: { code: "EOD-74", activity: "Consignee unavailable, delivery attempt failed" },
  "RTO INITIATED": { code: "RT-101", activity: "Return to origin initiated" },
  "RTO DELIVERED": { code: "RT-110", activity: "Returned to seller" },
};

export type PlayedEvent = { status: LifeStatus; at: number; location: string };

export function scanOf(event: PlayedEvent) {
  const words = SCAN_WORDS[event.status.label] ?? { code: "X-NA", activity: event.status.label };
  return {
    date: scanTimestamp(event.at),
    status: words.code,
    activity: words.activity,
    location: event.location,
    "sr-status": String(event.status.id),
    "sr-status-label": event.status.label,
  };
}

/** Where a status happens: at the seller's city until the parcel leaves, then at the buyer's. */
export function locationOf(status: LifeStatus, buyerCity: string): string {
  const atOrigin = ["PICKED UP", "SHIPPED", "RTO DELIVERED"].includes(status.label);
  return atOrigin ? "Bhiwandi_DC (Maharashtra)" : `${buyerCity}_Hub`;
}

/** The webhook's body for one event, with the parcel's scans so far, as Shiprocket sends it. */
export function webhookBody(
  parcel: {
    awb: string;
    courierName: string;
    reference: string;
    srOrderId: number;
    awbAssignedAt: number;
    pickupScheduledAt: number;
    history: readonly PlayedEvent[];
  },
  event: PlayedEvent,
): Record<string, unknown> {
  const upTo = parcel.history.filter((played) => played.at <= event.at);
  return {
    awb: parcel.awb,
    courier_name: parcel.courierName,
    current_status: event.status.label,
    current_status_id: event.status.id,
    shipment_status: event.status.label,
    shipment_status_id: event.status.id,
    current_timestamp: webhookTimestamp(event.at),
    order_id: parcel.reference,
    sr_order_id: parcel.srOrderId,
    awb_assigned_date: scanTimestamp(parcel.awbAssignedAt),
    pickup_scheduled_date: scanTimestamp(parcel.pickupScheduledAt),
    etd: scanTimestamp(parcel.pickupScheduledAt + 4 * 24 * 60 * 60 * 1000),
    scans: upTo.map(scanOf),
    is_return: event.status.label.startsWith("RTO") ? 1 : 0,
    channel_id: 1,
    pod_status: event.status.label === "DELIVERED" ? "OTP Based Delivery" : "",
    pod: "Not Available",
  };
}
