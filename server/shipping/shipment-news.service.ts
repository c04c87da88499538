import type { Db } from "../db/schema.ts";
import type { CarrierStatusEvent } from "./carrier.ts";
import { carrierMove, type ShipmentPosition, type ShipmentStatus } from "./shipment-machine.ts";
import {
  findShipmentByAwbForUpdate,
  insertShipmentEvent,
  markEventApplied,
  moveShipmentIf,
  noteCourierNews,
} from "./shipments.repository.ts";
import { normaliseStatusLabel } from "./shiprocket-statuses.ts";

/** What one piece of courier news did. */
export type NewsOutcome = {
  /** False when the same (AWB, status, time) was recorded before: a repeat changes nothing. */
  recorded: boolean;
  /** The shipment the AWB belongs to; null for an AWB the shop does not know (the news is kept). */
  shipmentId: number | null;
  /** The move it made, if any: what the order will follow once the rooms are wired. */
  moved: { from: ShipmentStatus; to: ShipmentStatus } | null;
  /** Whether its status is one the shop knows; an unknown one is kept to be looked at. */
  known: boolean;
};

/**
 * Where the news puts the shipment: a move the machine allows, newer words for the state it is in
 * already, or nowhere (null).
 */
function nextStatus(
  shipment: ShipmentPosition,
  event: CarrierStatusEvent,
): { to: ShipmentStatus; moves: boolean } | null {
  const decision = carrierMove(shipment, event);
  if (decision.move) return { to: decision.to, moves: true };
  if (decision.why === "same" && event.at > shipment.statusAt) return { to: shipment.status, moves: false };
  return null;
}

/**
 * Records a courier's news of a parcel (a webhook, or a scan from the tracking API) and moves the
 * shipment as the machine allows, in one transaction with the shipment's row held: recorded once
 * per (AWB, status, time), a repeat changing nothing; late or backward news kept but moving nothing;
 * newer news of the same state taken as the courier's latest words for it.
 */
export async function recordCarrierNews(db: Db, event: CarrierStatusEvent, now: number): Promise<NewsOutcome> {
  return db.transaction().execute(async (trx) => {
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
    if (eventId === null || !shipment) return outcome;
    await noteCourierNews(trx, shipment.id, { at: now, failedAttempt: event.status === "delivery-failed" });
    const next = nextStatus(shipment, event);
    if (!next) return outcome;
    const position = { status: next.to, statusAt: event.at, rawStatus, rawStatusId: event.rawStatusId };
    if (!(await moveShipmentIf(trx, shipment.id, shipment, position, now))) return outcome;
    await markEventApplied(trx, eventId);
    return { ...outcome, moved: next.moves ? { from: shipment.status, to: next.to } : null };
  });
}
