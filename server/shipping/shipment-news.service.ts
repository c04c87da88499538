import type { Db, Executor } from "../db/schema.ts";
import { orderRow } from "../orders/order-rows.service.ts";
import { type ShipmentMove, type ShipmentRow, shipmentProcessSlot } from "../processes/shipment-process.ts";
import type { CarrierStatusEvent } from "./carrier.ts";
import { carrierMove, type ShipmentPosition, type ShipmentStatus } from "./shipment-machine.ts";
import {
  claimEventsOfAwb,
  findShipmentByAwbForUpdate,
  insertShipmentEvent,
  markEventApplied,
  moveShipmentIf,
  noteCourierNews,
  noteExpectedDelivery,
} from "./shipments.repository.ts";
import { normaliseStatusLabel } from "./shiprocket-statuses.ts";

/** What one piece of courier news did. */
export type NewsOutcome = {
  /** False when the same (AWB, status, time) was recorded before: a repeat changes nothing. */
  recorded: boolean;
  /** The shipment the AWB belongs to; null for an AWB the shop does not know (the news is kept). */
  shipmentId: number | null;
  /** The move it made, if any: the order and the buyer's mail follow it (the shipment process). */
  moved: { from: ShipmentStatus; to: ShipmentStatus } | null;
  /** Whether its status is one the shop knows; an unknown one is kept to be looked at. */
  known: boolean;
};

/** News with what else the courier said with it: the day it now expects to deliver. */
export type CourierNews = { event: CarrierStatusEvent; expectedDeliveryAt?: number | null };

/**
 * Where the news puts the shipment: a move the machine allows, newer words for the state it is in
 * already, or nowhere (null).
 */
function nextStatus(
  shipment: ShipmentPosition,
  event: { status: ShipmentStatus | null; at: number },
): { to: ShipmentStatus; moves: boolean } | null {
  const decision = carrierMove(shipment, event);
  if (decision.move) return { to: decision.to, moves: true };
  if (decision.why === "same" && event.at > shipment.statusAt) return { to: shipment.status, moves: false };
  return null;
}

type AppliedNews = {
  status: ShipmentStatus | null;
  at: number;
  rawStatus: string;
  rawStatusId: number | null;
  activity: string | null;
  location: string | null;
};

/**
 * The machine's step for one recorded piece of news of a held shipment: the move the table allows
 * (or the courier's newer words for the state it is in), made by a guarded update, then every
 * effect the shop's rooms registered on the state it arrives at (the order following its parcel,
 * the buyer's mail), in the same transaction. Answers the move made, or null.
 */
async function applyNews(
  trx: Executor,
  shipment: ShipmentRow,
  eventId: number,
  news: AppliedNews,
  now: number,
): Promise<{ from: ShipmentStatus; to: ShipmentStatus } | null> {
  const process = shipmentProcessSlot.installed();
  const next = nextStatus(shipment, news);
  if (!next) return null;
  const position = { status: next.to, statusAt: news.at, rawStatus: news.rawStatus, rawStatusId: news.rawStatusId };
  if (!(await moveShipmentIf(trx, shipment.id, shipment, position, now))) return null;
  await markEventApplied(trx, eventId);
  if (!next.moves) return null;
  const order = await orderRow(trx, { id: shipment.orderId });
  if (!order) throw new Error(`Shipment ${shipment.id} names order ${shipment.orderId}, which is not there.`);
  const move: ShipmentMove = {
    trx,
    shipment,
    order,
    from: shipment.status,
    to: next.to,
    now,
    news: { at: news.at, rawStatus: news.rawStatus, activity: news.activity, location: news.location },
  };
  for (const effect of process.effectsOf(next.to)) await effect(move);
  return { from: shipment.status, to: next.to };
}

/**
 * Records a courier's news of a parcel (a webhook, or a scan from the tracking API) and moves the
 * shipment as the machine allows, inside the caller's transaction with the shipment's row held:
 * recorded once per (AWB, status, time), a repeat changing nothing; late or backward news kept but
 * moving nothing; newer news of the same state taken as the courier's latest words for it.
 */
export async function recordNewsIn(trx: Executor, news: CourierNews, now: number): Promise<NewsOutcome> {
  const { event } = news;
  const shipment = await findShipmentByAwbForUpdate(trx, event.awb);
  const rawStatus = normaliseStatusLabel(event.rawStatus);
  const eventId = await insertShipmentEvent(trx, {
    shipmentId: shipment?.id ?? null,
    awb: event.awb,
    rawStatus,
    rawStatusId: event.rawStatusId,
    status: event.status,
    known: event.known ? 1 : 0,
    applied: 0,
    happenedAt: event.at,
    receivedAt: now,
    location: event.location,
    activity: event.activity,
  });
  const outcome: NewsOutcome = {
    recorded: eventId !== null,
    shipmentId: shipment?.id ?? null,
    moved: null,
    known: event.known,
  };
  if (!shipment) return outcome;
  if (news.expectedDeliveryAt) await noteExpectedDelivery(trx, shipment.id, news.expectedDeliveryAt);
  if (eventId === null) return outcome;
  const noted = await noteNews(trx, shipment, event.status === "delivery-failed", now);
  if (news.expectedDeliveryAt) noted.expectedDeliveryAt = news.expectedDeliveryAt;
  const moved = await applyNews(trx, noted, eventId, { ...event, rawStatus }, now);
  return { ...outcome, moved };
}

/**
 * Notes that the courier spoke of the shipment (even news that moves nothing), counting a failed
 * attempt once; answers the shipment as it now stands, for the move's effects.
 */
async function noteNews(trx: Executor, shipment: ShipmentRow, failedAttempt: boolean, now: number) {
  await noteCourierNews(trx, shipment.id, { at: now, failedAttempt });
  return { ...shipment, lastEventAt: now, attempts: shipment.attempts + (failedAttempt ? 1 : 0) };
}

/** One piece of courier news in a transaction of its own (see recordNewsIn). */
export async function recordCarrierNews(
  db: Db,
  event: CarrierStatusEvent,
  now: number,
  expectedDeliveryAt?: number | null,
): Promise<NewsOutcome> {
  return db.transaction().execute((trx) => recordNewsIn(trx, { event, expectedDeliveryAt }, now));
}

/**
 * A status update and the scans it carries, in one transaction: the scans first, oldest first (each
 * recorded once, so a timeline with its activities and places), then the update itself. Answers
 * the update's own outcome, and whether anything new was recorded at all.
 */
export async function recordStatusUpdate(
  db: Db,
  update: { event: CarrierStatusEvent; scans: readonly CarrierStatusEvent[]; expectedDeliveryAt: number | null },
  now: number,
): Promise<NewsOutcome & { anythingNew: boolean }> {
  return db.transaction().execute(async (trx) => {
    let anythingNew = false;
    for (const scan of update.scans) {
      anythingNew = (await recordNewsIn(trx, { event: scan }, now)).recorded || anythingNew;
    }
    const outcome = await recordNewsIn(trx, update, now);
    return { ...outcome, anythingNew: anythingNew || outcome.recorded };
  });
}

/**
 * News that came for an AWB before the booking stored it (a webhook can beat the AWB's answer)
 * becomes the shipment's, oldest first, and moves it as it would have. Each side runs this after
 * its own transaction commits: the booking once the AWB is stored, the webhook once news of an AWB
 * it did not know is kept. On PostgreSQL an open transaction's rows are invisible to the other, so
 * a claim inside either transaction could miss news arriving meanwhile; after both commit, the
 * later of the two always sees the other's row. The shipment's row is held while it claims, so two
 * claims take turns, and a claimed event is never claimed again: safe to run any number of times.
 * Answers how many events it claimed and the last move they made.
 */
export async function applyEarlyNews(
  db: Db,
  awb: string,
  now: number,
): Promise<{ claimed: number; moved: { from: ShipmentStatus; to: ShipmentStatus } | null }> {
  return db.transaction().execute(async (trx) => {
    let current = await findShipmentByAwbForUpdate(trx, awb);
    let moved: { from: ShipmentStatus; to: ShipmentStatus } | null = null;
    if (!current) return { claimed: 0, moved };
    const claimed = await claimEventsOfAwb(trx, awb, current.id);
    for (const event of claimed) {
      current = await noteNews(trx, current, event.status === "delivery-failed", now);
      moved = (await applyNews(trx, current, event.id, { ...event, at: event.happenedAt }, now)) ?? moved;
      current = (await findShipmentByAwbForUpdate(trx, awb)) ?? current;
    }
    return { claimed: claimed.length, moved };
  });
}
