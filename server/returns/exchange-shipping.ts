import { z } from "zod";
import type { Actor } from "#core/actor.ts";
import { assertCan } from "../access.ts";
import type { Db, ReturnsTable } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { courierField, expectedDayField, trackingField } from "../orders/orders.schemas.ts";
import { decimalInteger, parseInput, requiredText } from "../validation/fields.ts";
import { screenAsking } from "../validation/screen-rules.ts";
import { moveReturn } from "./return-machine.ts";
import { findReturn } from "./returns.repository.ts";

/*
 * An accepted exchange's replacement ships as an order does (record 36): its own Shipped step, with
 * the courier, the tracking number and the day it is expected, mailed to the buyer and shown on
 * their order page. The administrator's Returns screen calls it; a courier integration that books
 * the parcel can call it the same way, with the shop itself as the actor.
 */

/** The replacement's parcel: who carries it, its tracking number, the day expected, when it left. */
export type ExchangeShipment = {
  courier: string;
  trackingNumber: string;
  expectedDeliveryAt: number | null;
  shippedAt: number | null;
};

export function exchangeShipmentOf(
  row: Pick<ReturnsTable, "courier" | "trackingNumber" | "expectedDeliveryAt" | "shippedAt">,
): ExchangeShipment | null {
  if (!row.courier) return null;
  return {
    courier: row.courier,
    trackingNumber: row.trackingNumber ?? "",
    expectedDeliveryAt: row.expectedDeliveryAt === null ? null : Number(row.expectedDeliveryAt),
    shippedAt: row.shippedAt === null ? null : Number(row.shippedAt),
  };
}

/** A replacement shipped: the courier and its tracking number are required; the day expected may be unknown. */
export const shipExchangeSchema = z.object({
  returnId: decimalInteger("Which return?", 1, Number.MAX_SAFE_INTEGER),
  courier: requiredText("Please enter the courier.").pipe(courierField),
  trackingNumber: requiredText("Please enter the tracking number.").pipe(trackingField),
  expectedDelivery: expectedDayField.default(null),
});
export type ShipExchangeInput = z.input<typeof shipExchangeSchema>;

/** The administrator's screen asks for the day expected too, as an order's Shipped step does. */
export const shipExchangeFormSchema = shipExchangeSchema.superRefine((input, context) => {
  if (input.expectedDelivery === null)
    context.addIssue({
      code: "custom",
      path: ["expectedDelivery"],
      message: "Please choose the expected delivery date.",
    });
});

/**
 * Ships an accepted exchange's new size: the return machine's step from "exchange-accepted", with
 * the parcel's details. Of two clicks or two nodes, one ships it and the other is told it changed;
 * the buyer gets one mail.
 */
export async function shipExchange(
  db: Db,
  actor: Actor,
  input: ShipExchangeInput,
  now: number = Date.now(),
): Promise<void> {
  assertCan(actor, "returns.manage");
  const { returnId, courier, trackingNumber, expectedDelivery } = parseInput(shipExchangeSchema, input);
  await db.transaction().execute(async (trx) => {
    const request = await findReturn(trx, returnId);
    if (!request) throw new AppError("not-found", "This return could not be found.");
    if (request.kind !== "exchange") throw new AppError("invalid-transition", "Only an exchange ships a new size.");
    if (request.status === "exchange-shipped")
      throw new AppError("stale-update", "This exchange has shipped already. Please reload it.");
    if (request.status !== "exchange-accepted")
      throw new AppError("invalid-transition", "Accept the returned piece before shipping the new size.");
    const shipment = { courier, trackingNumber, expectedDeliveryAt: expectedDelivery, shippedAt: now };
    await moveReturn(trx, {
      returnId,
      from: "exchange-accepted",
      to: "exchange-shipped",
      actor,
      now,
      details: shipment,
    });
  });
}

/** The administrator's Returns screen: as shipExchange, but the day expected must be given too. */
export const shipExchangeWithDetails = screenAsking("returns.manage", shipExchangeFormSchema, shipExchange);
