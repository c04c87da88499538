import type { Actor } from "#core/actor.ts";
import { type OrderStatus, STATUS_LABELS } from "#core/order-status.ts";
import { sizeText } from "#core/sizes.ts";
import { amountToPay } from "#core/store-credit.ts";
import { assertCan } from "../access.ts";
import { orderSubject, recordAudit } from "../audit/audit.service.ts";
import type { Db } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { randomToken } from "../ids.ts";
import { orderLines, orderRow } from "../orders/order-rows.service.ts";
import { type OrderLineRow, type OrderRow, orderProcessSlot } from "../processes/order-process.ts";
import type { ShipmentRow } from "../processes/shipment-process.ts";
import { CarrierError, type CarrierProvider, type ShipmentRequest } from "./carrier.ts";
import { parcelAddress } from "./parcel-address.ts";
import { parcelSizeOf } from "./parcel-size.ts";
import { measuredPieces } from "./product-parcels.service.ts";
import { applyEarlyNews } from "./shipment-news.service.ts";
import {
  claimBookingStep,
  endBookingStep,
  findLiveShipment,
  findShipment,
  findShipmentForUpdate,
  insertShipment,
  moveShipmentIf,
  updateShipmentBooking,
} from "./shipments.repository.ts";

/*
 * Booking a courier for orders (record 43): for each order, a shipment under its order number
 * (Shiprocket's order id, so asking twice is the one order there), COD or prepaid from its
 * payment, the parcel's weight and size; then its AWB, then the pickup. Each step is stored as it
 * succeeds, so trying again resumes where it failed; one booking step holds a shipment at a time
 * (two clicks, two nodes: one books, the other is told it is under way), and the order has one live
 * shipment (a unique index). Every order answers on its own: one refused pincode never fails a batch.
 */

/** What booking did for one order. */
export type BookingResult = {
  orderId: number;
  orderNumber: string | null;
  /** booked: now; already-booked: before; in-progress: another step holds it; failed: see `error`. */
  outcome: "booked" | "already-booked" | "in-progress" | "failed";
  awb: string | null;
  courierName: string | null;
  /** Why it failed, in words for the administrator, and whether trying again may help as things are. */
  error: { message: string; retryable: boolean } | null;
};

export type BookingDeps = { db: Db; carrier: CarrierProvider | null };

/** How long a booking step holds its shipment: the courier's calls, each up to 15 s, and 429s waited out. */
const BOOKING_HOLD_MS = 2 * 60_000;
/** More orders at once than a back-office page would select; each takes three courier calls. */
export const BOOKING_BATCH_MAX = 100;

/** The courier, or the refusal a shop without one gives. */
export function carrierOf(deps: BookingDeps): CarrierProvider {
  if (!deps.carrier) {
    throw new AppError(
      "courier-booking-off",
      "Courier booking is off: set the SHIPROCKET_ settings to book couriers, or ship by hand.",
    );
  }
  return deps.carrier;
}

/**
 * Books a courier for each order given (in that order), and answers a result per order. Whoever
 * packs may (record 45); a list with no orders, or too many, is refused whole. The AWB's arrival is
 * the booking's audit entry, in the transaction that stores it.
 */
export async function bookCouriers(
  deps: BookingDeps,
  actor: Actor,
  orderIds: readonly number[],
  now: () => number = Date.now,
): Promise<BookingResult[]> {
  assertCan(actor, "orders.pack");
  const carrier = carrierOf(deps);
  const ids = [...new Set(orderIds)];
  if (ids.length === 0 || ids.length > BOOKING_BATCH_MAX) {
    throw new AppError("validation-failed", `Choose between 1 and ${BOOKING_BATCH_MAX} orders to book.`);
  }
  const results: BookingResult[] = [];
  for (const orderId of ids) results.push(await bookOne(deps.db, carrier, actor, orderId, now));
  return results;
}

const failed = (orderId: number, orderNumber: string | null, message: string, retryable: boolean): BookingResult => ({
  orderId,
  orderNumber,
  outcome: "failed",
  awb: null,
  courierName: null,
  error: { message, retryable },
});

/**
 * Why this order cannot be booked as it stands (not waiting to ship, not paid, no e-way bill, a
 * large cash order its buyer has not confirmed), or null.
 */
async function refusalOf(db: Db, order: OrderRow): Promise<string | null> {
  if (order.status !== "placed") {
    return `This order is ${STATUS_LABELS[order.status as OrderStatus].toLowerCase()}: only an order waiting to ship is booked.`;
  }
  try {
    // What the order must meet to ship (paid, its e-way bill entered, confirmed): the order machine's own guards.
    for (const guard of orderProcessSlot.installed().guardsOf("shipped")) await guard(order, db);
    return null;
  } catch (error) {
    if (error instanceof AppError) return error.userMessage;
    throw error;
  }
}

async function bookOne(
  db: Db,
  carrier: CarrierProvider,
  actor: Actor,
  orderId: number,
  now: () => number,
): Promise<BookingResult> {
  const order = await orderRow(db, { id: orderId });
  if (!order) return failed(orderId, null, "This order could not be found.", false);
  const live = await findLiveShipment(db, order.id);
  if (live?.pickupRequestedAt) return resultOf(order, live, "already-booked");
  const refusal = await refusalOf(db, order);
  if (refusal) return failed(order.id, order.orderNumber, refusal, false);
  const lines = await orderLines(db, order.id);
  const shipment = live ?? (await startShipment(db, carrier, order, lines, now()));
  if (!shipment) return failed(order.id, order.orderNumber, "The shipment could not be started.", true);
  if (shipment.pickupRequestedAt) return resultOf(order, shipment, "already-booked");
  if (!(await claimBookingStep(db, shipment.id, now() + BOOKING_HOLD_MS, now()))) {
    return resultOf(order, shipment, "in-progress");
  }
  // Read again under the claim: another node may have finished the booking since it was first read.
  const claimed = (await findShipment(db, shipment.id)) ?? shipment;
  if (claimed.pickupRequestedAt) {
    await endBookingStep(db, shipment.id, null, now());
    return resultOf(order, claimed, "already-booked");
  }
  try {
    const booked = await runSteps(db, carrier, { actor, order }, claimed, bookingRequest(order, lines, claimed), now);
    await endBookingStep(db, shipment.id, null, now());
    return resultOf(order, booked, "booked");
  } catch (error) {
    if (!(error instanceof CarrierError)) {
      await endBookingStep(db, shipment.id, { message: "The booking stopped unexpectedly.", retryable: true }, now());
      throw error;
    }
    const failure = { message: failureWords(error), retryable: error.retryable };
    await endBookingStep(db, shipment.id, failure, now());
    return failed(order.id, order.orderNumber, failure.message, failure.retryable);
  }
}

function resultOf(order: OrderRow, shipment: ShipmentRow, outcome: BookingResult["outcome"]): BookingResult {
  return {
    orderId: order.id,
    orderNumber: order.orderNumber,
    outcome,
    awb: shipment.awb,
    courierName: shipment.courierName,
    error: null,
  };
}

/** A courier's failure as the administrator reads it: the step, and the courier's own words. */
function failureWords(error: CarrierError): string {
  const step = {
    login: "Logging in to the courier",
    "create-shipment": "Creating the shipment",
    "assign-awb": "Assigning the AWB",
    "request-pickup": "Requesting the pickup",
    label: "Making the label",
    track: "Tracking",
    "ndr-action": "Answering the failed delivery",
    cancel: "Cancelling",
  }[error.call];
  const verdict = error.retryable ? "could not be done now; try again" : "was refused";
  return `${step} ${verdict}: ${error.carrierMessage}`;
}

/**
 * The order's shipment, made once: a second booking (another click, another node) finds the live
 * one there. What the courier collects and the parcel's size are fixed here, as booked.
 */
async function startShipment(
  db: Db,
  carrier: CarrierProvider,
  order: OrderRow,
  lines: readonly OrderLineRow[],
  now: number,
): Promise<ShipmentRow | undefined> {
  const parcel = parcelSizeOf(
    lines,
    await measuredPieces(
      db,
      lines.map((line) => line.productId),
    ),
  );
  const cod = order.paymentMethod !== "online" && amountToPay(order) > 0;
  await insertShipment(db, {
    orderId: order.id,
    carrier: carrier.key,
    reference: order.orderNumber,
    status: "booking",
    statusAt: now,
    paymentMethod: cod ? "cod" : "prepaid",
    codAmount: cod ? amountToPay(order) : 0,
    weightGrams: parcel.weightGrams,
    lengthCm: parcel.lengthCm,
    breadthCm: parcel.breadthCm,
    heightCm: parcel.heightCm,
    trackingToken: randomToken(),
    createdAt: now,
    updatedAt: now,
  });
  return findLiveShipment(db, order.id);
}

/** What the courier is asked to carry, from the order as it was placed and the shipment as booked. */
function bookingRequest(order: OrderRow, lines: readonly OrderLineRow[], shipment: ShipmentRow): ShipmentRequest {
  return {
    reference: shipment.reference,
    orderedAt: Number(order.createdAt),
    to: { ...parcelAddress(order), email: order.email },
    items: lines.map((line) => ({
      name: `${line.title}, ${sizeText(line.size)}`,
      sku: `${line.productId}-${line.size}`.replace(/\s+/g, ""),
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      hsn: line.hsn,
    })),
    payment: shipment.paymentMethod === "cod" ? { method: "cod", collect: shipment.codAmount } : { method: "prepaid" },
    value: order.total,
    parcel: {
      weightGrams: shipment.weightGrams,
      lengthCm: shipment.lengthCm,
      breadthCm: shipment.breadthCm,
      heightCm: shipment.heightCm,
    },
    ewayBillNumber: order.ewayBillNumber,
  };
}

/** The courier's steps this shipment still needs, each stored as it succeeds. */
async function runSteps(
  db: Db,
  carrier: CarrierProvider,
  by: { actor: Actor; order: OrderRow },
  start: ShipmentRow,
  request: ShipmentRequest,
  now: () => number,
): Promise<ShipmentRow> {
  let shipment = start;
  if (!shipment.carrierShipmentId) {
    const created = await carrier.createShipment(request);
    const ids = { carrierOrderId: created.carrierOrderId, carrierShipmentId: created.carrierShipmentId };
    await updateShipmentBooking(db, shipment.id, ids, now());
    shipment = { ...shipment, ...ids };
  }
  const carrierShipmentId = shipment.carrierShipmentId ?? "";
  if (!shipment.awb) {
    const [assigned] = await carrier.assignAwbs([carrierShipmentId]);
    if (!assigned?.ok) throw assigned?.error ?? new Error("The courier answered nothing for the shipment.");
    shipment = await storeAwb(db, by, shipment.id, assigned.value, now());
  }
  if (!shipment.pickupRequestedAt) {
    const [pickup] = await carrier.requestPickups([carrierShipmentId]);
    if (!pickup?.ok) throw pickup?.error ?? new Error("The courier answered nothing for the pickup.");
    const pickupRequestedAt = now();
    await updateShipmentBooking(db, shipment.id, { pickupRequestedAt }, pickupRequestedAt);
    shipment = { ...shipment, pickupRequestedAt };
  }
  return shipment;
}

/**
 * The AWB and its courier are stored and the shipment is booked, in one transaction with the
 * shipment held; once it commits, news the courier sent for the AWB before it was stored is
 * claimed and applied (see applyEarlyNews: inside the transaction it could miss a webhook's news).
 */
async function storeAwb(
  db: Db,
  { actor, order }: { actor: Actor; order: OrderRow },
  id: number,
  awb: { awb: string; courierName: string; routingCode: string | null },
  now: number,
): Promise<ShipmentRow> {
  const booked = await db.transaction().execute(async (trx) => {
    const held = await findShipmentForUpdate(trx, id);
    if (!held) throw new Error(`Shipment ${id} went away while it was booked.`);
    const fields = { awb: awb.awb, courierName: awb.courierName, routingCode: awb.routingCode };
    await updateShipmentBooking(trx, id, fields, now);
    const position = { status: "booked" as const, statusAt: now, rawStatus: "AWB ASSIGNED", rawStatusId: null };
    if (held.status === "booking") await moveShipmentIf(trx, id, held, position, now);
    await recordAudit(
      trx,
      actor,
      {
        kind: "order.courier-booked",
        subject: orderSubject(order),
        after: {
          courier: awb.courierName,
          awb: awb.awb,
          payment: held.paymentMethod,
          ...(held.paymentMethod === "cod" ? { collect: held.codAmount } : {}),
        },
      },
      now,
    );
    return { ...held, ...fields, ...(held.status === "booking" ? position : {}) };
  });
  await applyEarlyNews(db, awb.awb, now);
  return (await findShipment(db, id)) ?? booked;
}
