import type { Actor } from "#core/actor.ts";
import { SHIPMENT_STATUS_LABELS, type ShipmentStatus, trackingPathFor } from "#core/shipment-status.ts";
import { assertCanAny } from "../access.ts";
import type { Db, Executor } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { orderRow } from "../orders/order-rows.service.ts";
import type { OrderRow } from "../processes/order-process.ts";
import type { ShipmentRow } from "../processes/shipment-process.ts";
import { type NdrOffer, ndrOfferOf } from "./ndr.service.ts";
import { findLiveShipment, findShipmentByTrackingToken, listShipmentEvents } from "./shipments.repository.ts";

/*
 * A parcel as each reader sees it (record 43): the buyer's tracking page, opened by its unguessable
 * token alone (no sign-in, and no more of the buyer than the town it goes to); the buyer's order
 * page; the administrator's order screen; and the tracking page's address for messages.
 */

/** One line of the parcel's timeline: what happened, in the courier's words, where and when. */
export type ParcelScan = { at: number; label: string; activity: string | null; location: string | null };

export type ParcelTracking = {
  orderNumber: string;
  courierName: string | null;
  awb: string | null;
  status: ShipmentStatus;
  statusLabel: string;
  expectedDeliveryAt: number | null;
  /** "Pune 411001": where it goes, without the street. */
  destination: string;
  /** Paise to pay at the door (0 when paid). */
  amountDue: number;
  /** Newest first. */
  scans: ParcelScan[];
  /** What the buyer may ask after a failed attempt, while the parcel waits on one. */
  ndr: NdrOffer | null;
};

/** "OUT FOR PICKUP" as a sentence: "Out for pickup". */
function sentence(label: string): string {
  const lower = label.toLowerCase();
  return lower.charAt(0).toUpperCase() + lower.slice(1);
}

/** The buyer's tracking page, by its token: anything else (a guess, another kind of token) is "not found". */
export async function parcelTracking(db: Db, token: string, now: number = Date.now()): Promise<ParcelTracking> {
  const shipment = /^[A-Za-z0-9_-]{32,64}$/.test(token) ? await findShipmentByTrackingToken(db, token) : undefined;
  const order = shipment ? await orderRow(db, { id: shipment.orderId }) : undefined;
  if (!shipment || !order || shipment.status === "cancelled") {
    throw new AppError("not-found", "This parcel could not be found.");
  }
  const events = await listShipmentEvents(db, shipment.id);
  return {
    orderNumber: order.orderNumber,
    courierName: shipment.courierName,
    awb: shipment.awb,
    status: shipment.status,
    statusLabel: SHIPMENT_STATUS_LABELS[shipment.status],
    expectedDeliveryAt: shipment.expectedDeliveryAt === null ? null : Number(shipment.expectedDeliveryAt),
    destination: `${order.city} ${order.pincode}`.trim(),
    amountDue: shipment.paymentMethod === "cod" && shipment.status !== "delivered" ? shipment.codAmount : 0,
    scans: events
      .map((event) => ({
        at: Number(event.happenedAt),
        label: event.status ? SHIPMENT_STATUS_LABELS[event.status] : sentence(event.rawStatus),
        activity: event.activity,
        location: event.location?.replaceAll("_", " ") ?? null,
      }))
      .reverse(),
    ndr: await ndrOfferOf(db, shipment, now),
  };
}

/** What the order pages show of the parcel: who carries it, its AWB, the day expected, the tracking page. */
export type OrderParcel = {
  courierName: string | null;
  awb: string | null;
  statusLabel: string;
  expectedDeliveryAt: number | null;
  trackingPath: string;
};

function orderParcelOf(shipment: ShipmentRow | undefined): OrderParcel | null {
  if (!shipment?.awb || shipment.status === "booking") return null;
  return {
    courierName: shipment.courierName,
    awb: shipment.awb,
    statusLabel: SHIPMENT_STATUS_LABELS[shipment.status],
    expectedDeliveryAt: shipment.expectedDeliveryAt === null ? null : Number(shipment.expectedDeliveryAt),
    trackingPath: trackingPathFor(shipment),
  };
}

/**
 * The parcel of an order its buyer opens: a signed-in customer their own order by number, anyone
 * else through the order's secret link. Null before a courier has it.
 */
export async function orderParcel(
  db: Db,
  actor: Actor,
  which: { orderNumber: string } | { accessToken: string },
): Promise<OrderParcel | null> {
  const order = await ownOrder(db, actor, which);
  return orderParcelOf(await findLiveShipment(db, order.id));
}

async function ownOrder(db: Db, actor: Actor, which: { orderNumber: string } | { accessToken: string }) {
  if ("accessToken" in which) {
    const order = which.accessToken.length >= 32 ? await orderRow(db, { accessToken: which.accessToken }) : undefined;
    if (order) return order;
  } else if (actor.kind === "user") {
    const order = await orderRow(db, { orderNumber: which.orderNumber });
    if (order && order.userId === actor.userId) return order;
  }
  throw new AppError("not-found", "This order could not be found.");
}

/** The order's parcel on the administrator's order screen: booking, paper, news, and what to do next. */
export type AdminParcel = {
  courierOn: boolean;
  /** Whether "Book courier" applies: a courier is set and the order waits to ship without a pickup asked. */
  canBook: boolean;
  shipment: {
    status: ShipmentStatus;
    statusLabel: string;
    awb: string | null;
    courierName: string | null;
    paymentMethod: "cod" | "prepaid";
    codAmount: number;
    weightGrams: number;
    size: string;
    bookingError: string | null;
    bookingRetryable: boolean;
    bookingUnderWay: boolean;
    pickupRequestedAt: number | null;
    expectedDeliveryAt: number | null;
    attempts: number;
    orderProblem: string | null;
    trackingPath: string;
  } | null;
  /** A parcel that came back waits to be checked in; then its pieces are on the shelf again. */
  checkIn: { awaiting: boolean; checkedInAt: number | null };
};

function adminShipmentOf(shipment: ShipmentRow, now: number): NonNullable<AdminParcel["shipment"]> {
  return {
    status: shipment.status,
    statusLabel: SHIPMENT_STATUS_LABELS[shipment.status],
    awb: shipment.awb,
    courierName: shipment.courierName,
    paymentMethod: shipment.paymentMethod,
    codAmount: shipment.codAmount,
    weightGrams: shipment.weightGrams,
    size: `${shipment.lengthCm} × ${shipment.breadthCm} × ${shipment.heightCm} cm`,
    bookingError: shipment.bookingError,
    bookingRetryable: shipment.bookingRetryable === 1,
    bookingUnderWay: shipment.bookingUntil !== null && Number(shipment.bookingUntil) > now,
    pickupRequestedAt: shipment.pickupRequestedAt === null ? null : Number(shipment.pickupRequestedAt),
    expectedDeliveryAt: shipment.expectedDeliveryAt === null ? null : Number(shipment.expectedDeliveryAt),
    attempts: shipment.attempts,
    orderProblem: shipment.orderProblem,
    trackingPath: trackingPathFor(shipment),
  };
}

/** The parcel of any order, for the administrator. */
export async function adminParcel(
  db: Db,
  actor: Actor,
  courierOn: boolean,
  orderId: number,
  now: number = Date.now(),
): Promise<AdminParcel> {
  assertCanAny(actor, ["orders.view", "orders.pack"]);
  const order = await orderRow(db, { id: orderId });
  if (!order) throw new AppError("not-found", "This order could not be found.");
  const shipment = await findLiveShipment(db, order.id);
  return {
    courierOn,
    canBook: courierOn && order.status === "placed" && !shipment?.pickupRequestedAt,
    shipment: shipment ? adminShipmentOf(shipment, now) : null,
    checkIn: checkInOf(order),
  };
}

function checkInOf(order: OrderRow): AdminParcel["checkIn"] {
  return {
    awaiting: order.awaitingCheckIn === 1,
    checkedInAt: order.checkedInAt === null ? null : Number(order.checkedInAt),
  };
}

/**
 * The buyer's tracking page of an order as a full address (an SMS or a message links it), or null
 * while no courier carries the order's parcel. Takes the caller's transaction.
 */
export async function orderTrackingUrl(executor: Executor, publicUrl: string, orderId: number): Promise<string | null> {
  const shipment = await findLiveShipment(executor, orderId);
  return shipment?.awb ? `${publicUrl}${trackingPathFor(shipment)}` : null;
}
