import type { Actor } from "#core/actor.ts";
import { indiaDay } from "#core/dates.ts";
import { isPincode, PINCODE_MESSAGE } from "#core/delivery-address.ts";
import { stateByCode } from "#core/indian-states.ts";
import { assertCan } from "../access.ts";
import type { Db, Executor } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import {
  deliveredAgainstPromise,
  findDeliveryPincode,
  findOrderPromise,
  findServiceablePincode,
  insertOrderPromise,
  listHolidays,
  saveDeliveryPincode,
} from "./delivery.repository.ts";
import { type Day, daysBetween, deliveryWindow, dispatchDay } from "./delivery-days.ts";
import { bandName, type DeliverySettings } from "./delivery-settings.ts";
import { codPauseAt } from "./parcel-outcomes.ts";
import { findPincode, type PincodePlace } from "./pincode-directory.ts";

/** What the shop promises a pincode: when, and which ways of paying and returning it offers there. */
export type DeliveryPromise = {
  pincode: string;
  /** "Bengaluru, Karnataka", when the directory knows the pincode. */
  place: string | null;
  deliverable: boolean;
  /** The courier's list, or a distance band from the warehouse. */
  zone: string;
  from: Day;
  until: Day;
  prepaid: boolean;
  cod: boolean;
  /** Why cash on delivery is not offered here when the courier would take it (too many parcels came back). */
  codNote: string | null;
  returnPickup: boolean;
};

const COURIER_ZONE = "Courier's list";

/**
 * When a parcel to this pincode would arrive if ordered now, and whether cash on delivery and a
 * return pickup are offered there: the courier's list where it names the pincode, else the
 * distance from the warehouse (settings). A pincode nobody knows is refused as such.
 */
export async function deliveryPromise(
  db: Executor,
  settings: DeliverySettings,
  pincode: string,
  now: number,
): Promise<DeliveryPromise> {
  const wanted = pincode.trim();
  if (!isPincode(wanted)) throw new AppError("validation-failed", PINCODE_MESSAGE, { pincode: PINCODE_MESSAGE });
  const listed = await findServiceablePincode(db, wanted);
  const place = findPincode(wanted);
  if (!listed && !place) {
    const message = `We could not find pincode ${wanted}. Please check it.`;
    throw new AppError("not-found", message, { pincode: message });
  }
  const route = listed
    ? { zone: COURIER_ZONE, minDays: listed.minDays, maxDays: listed.maxDays }
    : distanceRoute(settings, place as PincodePlace);
  const holidays = new Set((await listHolidays(db)).map((holiday) => holiday.day));
  const window = deliveryWindow(dispatchDay(now, settings, holidays), route, holidays);
  const prepaid = listed?.prepaid ?? true;
  const codNote = (listed?.cod ?? true) ? await codPauseAt(db, settings, wanted, now) : null;
  const cod = (listed?.cod ?? true) && codNote === null;
  return {
    pincode: wanted,
    place: place ? placeName(place) : null,
    deliverable: prepaid || cod,
    zone: route.zone,
    ...window,
    prepaid,
    cod,
    codNote,
    returnPickup: listed?.reversePickup ?? true,
  };
}

/**
 * The promise a checkout makes: refused where the shop does not deliver (reported on the pincode).
 * Whether cash on delivery is offered there is the payment terms' to decide (core/cash-on-delivery.ts).
 */
export async function promiseForCheckout(
  trx: Executor,
  settings: DeliverySettings,
  pincode: string,
  now: number,
): Promise<DeliveryPromise> {
  const promise = await deliveryPromise(trx, settings, pincode, now);
  if (!promise.deliverable) {
    const message = `We do not deliver to pincode ${promise.pincode} yet.`;
    throw new AppError("validation-failed", message, { pincode: message });
  }
  return promise;
}

/**
 * Whether the courier picks a return up at this pincode: where the courier's list is silent, the
 * shop's own courier does (record 30).
 */
export async function returnPickupAt(executor: Executor, pincode: string): Promise<boolean> {
  return (await findServiceablePincode(executor, pincode))?.reversePickup ?? true;
}

/** The promise an order was given, if it was given one. */
export function orderPromise(executor: Executor, orderId: number) {
  return findOrderPromise(executor, orderId);
}

/** The order keeps the promise it was given, for its page, its mail and the admin's promise table. */
export async function keepPromise(trx: Executor, orderId: number, promise: DeliveryPromise): Promise<void> {
  await insertOrderPromise(trx, {
    orderId,
    zone: promise.zone,
    promisedFrom: promise.from,
    promisedUntil: promise.until,
  });
}

/**
 * A shopper's delivery check: the pincode asked about, else the one checked last (the cookie's,
 * else the account's), else the saved address's; null when there is none. A pincode asked about
 * is kept on a signed-in customer's account for the next visit.
 */
export async function checkDelivery(
  db: Db,
  actor: Actor,
  settings: DeliverySettings,
  ask: { pincode: string | null; remembered: string | null },
  now: number,
): Promise<DeliveryPromise | null> {
  const remembered =
    ask.remembered && isPincode(ask.remembered)
      ? ask.remembered
      : actor.kind === "user"
        ? await findDeliveryPincode(db, actor.userId)
        : null;
  const pincode = ask.pincode ?? remembered;
  if (!pincode) return null;
  const promise = await deliveryPromise(db, settings, pincode, now);
  if (ask.pincode !== null && actor.kind === "user") await saveDeliveryPincode(db, actor.userId, promise.pincode);
  return promise;
}

/** Per zone, over the last 90 days' delivered orders: days promised against days taken. */
export type PromiseKept = {
  zone: string;
  delivered: number;
  promisedDays: number;
  actualDays: number;
  onTime: number;
};

export async function promiseKept(db: Db, actor: Actor, now: number): Promise<PromiseKept[]> {
  assertCan(actor, "settings.manage");
  const rows = await deliveredAgainstPromise(db, now - 90 * 86_400_000);
  const zones = new Map<string, { delivered: number; promised: number; actual: number; onTime: number }>();
  for (const row of rows) {
    const placed = indiaDay(Number(row.createdAt));
    const delivered = indiaDay(Number(row.deliveredAt));
    const zone = zones.get(row.zone) ?? { delivered: 0, promised: 0, actual: 0, onTime: 0 };
    zone.delivered += 1;
    zone.promised += daysBetween(placed, row.promisedUntil);
    zone.actual += daysBetween(placed, delivered);
    if (delivered <= row.promisedUntil) zone.onTime += 1;
    zones.set(row.zone, zone);
  }
  return [...zones.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([zone, totals]) => ({
      zone,
      delivered: totals.delivered,
      promisedDays: round1(totals.promised / totals.delivered),
      actualDays: round1(totals.actual / totals.delivered),
      onTime: totals.onTime / totals.delivered,
    }));
}

function distanceRoute(settings: DeliverySettings, place: PincodePlace) {
  const warehouse = findPincode(settings.warehousePincode);
  const km = warehouse ? distanceKm(warehouse, place) : Number.POSITIVE_INFINITY;
  const band =
    settings.bands.find((candidate) => candidate.upToKm === null || km <= candidate.upToKm) ??
    settings.bands[settings.bands.length - 1];
  if (!band) throw new Error("No delivery bands are set.");
  return { zone: bandName(settings.bands, band), minDays: band.minDays, maxDays: band.maxDays };
}

/** Great-circle distance: parcels go by road, but the bands are coarse enough for it. */
function distanceKm(a: PincodePlace, b: PincodePlace): number {
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = radians(b.latitude - a.latitude);
  const dLon = radians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

function placeName(place: PincodePlace): string {
  return [place.district, stateByCode(place.stateCode)?.name].filter(Boolean).join(", ");
}

function round1(value: number): number {
  return Math.round(value * 10) / 10;
}
