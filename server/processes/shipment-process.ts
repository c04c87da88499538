import type { Selectable } from "kysely";
import { SHIPMENT_STATUS_LIST, type ShipmentStatus } from "#core/shipment-status.ts";
import type { Executor, ShipmentsTable } from "../db/schema.ts";
import type { OrderRow } from "./order-process.ts";
import { type Effect, type Guard, type ProcessPart, ProcessSlot } from "./process.ts";

/*
 * The shipment machine's published vocabulary (record 37's third machine, record 43), of the
 * order's shape: the machine is server/shipping/shipment-news.service.ts (a courier's news moves a
 * parcel); the rooms that react to a parcel's moves contribute their effects from their own room
 * (the order following its parcel, the buyer's mail), composed in server/shop-processes.ts.
 */

export type ShipmentRow = Selectable<ShipmentsTable>;

/** What every effect of a parcel's move is given. */
export type ShipmentMove = {
  trx: Executor;
  /** The shipment as read under its lock before the move (its status still `from`). */
  shipment: ShipmentRow;
  /** Its order, as it stood when the news came. */
  order: OrderRow;
  from: ShipmentStatus;
  to: ShipmentStatus;
  now: number;
  /** What the courier said: when it happened, where, in its words. */
  news: { at: number; rawStatus: string; activity: string | null; location: string | null };
};

export type ShipmentGuard = Guard<ShipmentRow>;
export type ShipmentEffect = Effect<ShipmentMove>;

/** What a room contributes to a parcel's life: effects by the state a parcel arrives at. */
export type ShipmentProcess = ProcessPart<ShipmentStatus, ShipmentRow, ShipmentMove>;

/** The shop's shipment process, installed by the composition step, read by the shipment machine. */
export const shipmentProcessSlot = new ProcessSlot<ShipmentStatus, ShipmentRow, ShipmentMove>(
  "shipment",
  SHIPMENT_STATUS_LIST,
);
