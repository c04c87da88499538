import { type Actor, actorLabel } from "#core/actor.ts";
import { indiaDay } from "#core/dates.ts";
import { assertCan } from "../access.ts";
import { recordAudit } from "../audit/audit.service.ts";
import type { Db } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { orderRow } from "../orders/order-rows.service.ts";
import { readPage } from "../paging.ts";
import type { ShipmentRow } from "../processes/shipment-process.ts";
import { parseInput } from "../validation/fields.ts";
import { CarrierError, type CarrierProvider, type NdrAction, type NdrDetails } from "./carrier.ts";
import {
  deleteNdrRequest,
  findNdrRequest,
  insertNdrRequest,
  listFailedAttempts,
  listNdrRequests,
  listOpenNdrShipments,
  listShipmentsNeedingAttention,
  markNdrRequestSent,
} from "./ndr.repository.ts";
import { findShipment, findShipmentByTrackingToken } from "./shipments.repository.ts";
import { type NdrChoice, type NdrChoiceInput, ndrChoiceSchema } from "./shipping.schemas.ts";

/*
 * A failed delivery (an NDR) and its rescue (record 43): the buyer, on the parcel's tracking page,
 * or the administrator asks the courier to deliver again on a day, at another address or phone, or
 * to bring the parcel back; the choice goes to the courier's NDR action within its window. One
 * answer per failed attempt: a second (another tab, another node) is told the first was given.
 */

/**
 * How long after a failed attempt the shop may answer it: Shiprocket gives the seller 24 hours,
 * after which it asks the courier to try again by itself.
 */
export const NDR_WINDOW_MS = 24 * 60 * 60 * 1000;
/** The days a re-attempt may be asked for: the next three (couriers keep a parcel a few days at most). */
export const REATTEMPT_DAYS = 3;

const DAY_MS = 24 * 60 * 60 * 1000;

/** What a parcel's failed attempt offers now: the days to choose from, until when, and any answer given. */
export type NdrOffer = {
  attempt: number;
  /** Until when an answer is taken (epoch ms). */
  until: number;
  /** Whether an answer can be given now (within the window, none given yet). */
  open: boolean;
  /** "YYYY-MM-DD", India: the days a re-attempt can be asked for. */
  days: string[];
  asked: { action: NdrAction; deliverOn: string | null; address: boolean; phone: boolean; at: number } | null;
};

/** The days a re-attempt can be asked for, from the day after `now` (India). */
export function reattemptDays(now: number): string[] {
  return Array.from({ length: REATTEMPT_DAYS }, (_, index) => indiaDay(now + (index + 1) * DAY_MS));
}

/** The offer a parcel makes now: null unless its last news is a failed attempt. */
export async function ndrOfferOf(db: Db, shipment: ShipmentRow, now: number): Promise<NdrOffer | null> {
  if (shipment.status !== "delivery-failed") return null;
  const asked = await findNdrRequest(db, shipment.id, shipment.attempts);
  const until = Number(shipment.statusAt) + NDR_WINDOW_MS;
  return {
    attempt: shipment.attempts,
    until,
    open: !asked && now <= until,
    days: reattemptDays(now),
    asked: asked
      ? {
          action: asked.action,
          deliverOn: asked.deliverOn,
          address: asked.address !== null,
          phone: asked.phone !== null,
          at: Number(asked.createdAt),
        }
      : null,
  };
}

export type NdrDeps = { db: Db; carrier: CarrierProvider | null };

/** The buyer's answer, through the parcel's tracking page (its token is the only proof needed). */
export async function answerFailedDelivery(
  deps: NdrDeps,
  token: string,
  input: NdrChoiceInput,
  now: number = Date.now(),
): Promise<string> {
  const choice = parseInput(ndrChoiceSchema, input);
  const shipment = token.length >= 32 ? await findShipmentByTrackingToken(deps.db, token) : undefined;
  if (!shipment) throw new AppError("not-found", "This parcel could not be found.");
  return answer(deps, shipment, choice, { askedBy: "buyer", actor: null }, now);
}

/** The administrator's answer, from the list of open failed deliveries. */
export async function answerFailedDeliveryAsAdmin(
  deps: NdrDeps,
  actor: Actor,
  shipmentId: number,
  input: NdrChoiceInput,
  now: number = Date.now(),
): Promise<string> {
  assertCan(actor, "orders.manage");
  const choice = parseInput(ndrChoiceSchema, input);
  const shipment = await findShipment(deps.db, shipmentId);
  if (!shipment) throw new AppError("not-found", "This shipment could not be found.");
  return answer(deps, shipment, choice, { askedBy: actorLabel(actor), actor }, now);
}

/** The courier's action and what goes with it, for a choice. */
function actionOf(choice: NdrChoice): { action: NdrAction; details: NdrDetails; comments: string } {
  if (choice.choice === "cancel") {
    return { action: "return", details: {}, comments: "The buyer cancelled the order: please return the parcel." };
  }
  if (choice.choice === "deliver-again") {
    return {
      action: "re-attempt",
      details: { deliverOn: choice.deliverOn },
      comments: `Please deliver again on ${choice.deliverOn}.`,
    };
  }
  const details = { address: choice.address || null, phone: choice.phone || null };
  const what = [details.address ? "the new address" : "", details.phone ? "the new phone number" : ""].filter(Boolean);
  return { action: "re-attempt", details, comments: `Please deliver again to ${what.join(" and ")}.` };
}

/** Why this answer cannot be taken now, or nothing: the parcel waits on an attempt, in time, a day offered. */
function refuseLateOrWrong(offer: NdrOffer | null, choice: NdrChoice): asserts offer is NdrOffer {
  if (!offer) throw new AppError("invalid-transition", "This parcel is not waiting for an answer about a delivery.");
  if (offer.asked) throw new AppError("stale-update", ANSWERED);
  if (!offer.open) {
    throw new AppError(
      "invalid-transition",
      "It is too late to choose for this attempt: the courier tries again by itself.",
    );
  }
  if (choice.choice === "deliver-again" && !offer.days.includes(choice.deliverOn)) {
    throw new AppError("validation-failed", "Please choose one of the days offered.", {
      deliverOn: "Choose a day offered.",
    });
  }
}

const ANSWERED = "What to do after this attempt was chosen already.";

async function answer(
  deps: NdrDeps,
  shipment: ShipmentRow,
  choice: NdrChoice,
  { askedBy, actor }: { askedBy: string; actor: Actor | null },
  now: number,
): Promise<string> {
  const offer = await ndrOfferOf(deps.db, shipment, now);
  refuseLateOrWrong(offer, choice);
  const { carrier } = deps;
  const awb = shipment.awb;
  if (!carrier || !awb) throw new AppError("courier-booking-off", "This parcel is not with a courier the shop books.");
  const { action, details, comments } = actionOf(choice);
  const id = await insertNdrRequest(deps.db, {
    shipmentId: shipment.id,
    attempt: offer.attempt,
    action,
    deliverOn: details.deliverOn ?? null,
    address: details.address ?? null,
    phone: details.phone ?? null,
    askedBy,
    status: "sending",
    createdAt: now,
  });
  if (id === null) throw new AppError("stale-update", ANSWERED);
  await sendToCourier(deps.db, id, () => carrier.ndrAction(awb, action, comments, details));
  // Sent: the answer stands, and a member of staff's is an audit entry with it (the buyer's is not).
  await deps.db.transaction().execute(async (trx) => {
    await markNdrRequestSent(trx, id, now);
    if (actor) {
      const order = await orderRow(trx, { id: shipment.orderId });
      await recordAudit(
        trx,
        actor,
        {
          kind: "order.failed-delivery-answered",
          subject: { type: "order", id: shipment.orderId, label: order?.orderNumber ?? shipment.reference },
          after: { awb, action, attempt: offer.attempt, ...details },
        },
        now,
      );
    }
  });
  return action === "return"
    ? "The courier will bring the parcel back to us, and the order will be cancelled."
    : "The courier will deliver the parcel again.";
}

/** The courier's NDR action; when it does not take it, the answer is taken back so that it can be given again. */
async function sendToCourier(db: Db, id: number, send: () => Promise<void>) {
  try {
    await send();
  } catch (error) {
    await deleteNdrRequest(db, id);
    if (!(error instanceof CarrierError)) throw error;
    const code = error.retryable ? "courier-unavailable" : "courier-refused";
    throw new AppError(code, `The courier did not take the request: ${error.carrierMessage}`);
  }
}

/** An open failed delivery as the administrator's list shows it. */
export type OpenNdr = Awaited<ReturnType<typeof listOpenNdrShipments>>[number] & {
  attemptsSeen: { at: number; activity: string | null; location: string | null }[];
  requests: { action: NdrAction; deliverOn: string | null; askedBy: string; status: string; at: number }[];
  until: number;
};

/** The parcels waiting on a failed attempt, with each attempt and each answer given, 25 a page. */
export async function openNdrs(db: Db, actor: Actor, page: number): Promise<{ rows: OpenNdr[]; hasNext: boolean }> {
  assertCan(actor, "orders.manage");
  const { rows: shown, hasNext } = await readPage((limit, offset) => listOpenNdrShipments(db, limit, offset), page, 25);
  const ids = shown.map((row) => row.id);
  const [attempts, requests] = await Promise.all([listFailedAttempts(db, ids), listNdrRequests(db, ids)]);
  return {
    hasNext,
    rows: shown.map((row) => ({
      ...row,
      until: Number(row.statusAt) + NDR_WINDOW_MS,
      attemptsSeen: attempts
        .filter((attempt) => attempt.shipmentId === row.id)
        .map((attempt) => ({ at: Number(attempt.happenedAt), activity: attempt.activity, location: attempt.location })),
      requests: requests
        .filter((request) => request.shipmentId === row.id)
        .map((request) => ({
          action: request.action,
          deliverOn: request.deliverOn,
          askedBy: request.askedBy,
          status: request.status,
          at: Number(request.createdAt),
        })),
    })),
  };
}

/** A shipment someone must look at: lost, a booking that failed, or an order that could not follow it. */
export type ShipmentProblem = Awaited<ReturnType<typeof listShipmentsNeedingAttention>>[number];

/** The shipments needing the administrator, 25 a page. */
export async function shipmentProblems(
  db: Db,
  actor: Actor,
  page: number,
): Promise<{ rows: ShipmentProblem[]; hasNext: boolean }> {
  assertCan(actor, "orders.manage");
  const rows = await listShipmentsNeedingAttention(db, 26, (page - 1) * 25);
  return { rows: rows.slice(0, 25), hasNext: rows.length > 25 };
}
