import type { Selectable } from "kysely";
import type { Actor } from "#core/actor.ts";
import { ORDER_STATUSES, type OrderStatus } from "#core/order-status.ts";
import type { Executor, OrderLinesTable, OrdersTable } from "../db/schema.ts";
import { type Effect, type Guard, type ProcessPart, ProcessSlot } from "./process.ts";

/*
 * The order machine's published vocabulary (record 37): what a move of an order is, and how a room
 * contributes to it. The machine itself is server/orders/order-machine.ts; the rooms that react
 * (stock, offers, points, store credit, invoices, payments, mail, reviews) each export an
 * `OrderProcess` from their own room, and server/shop-processes.ts composes them in order.
 */

export type OrderRow = Selectable<OrdersTable>;
export type OrderLineRow = Selectable<OrderLinesTable>;

/** What a move records on the order besides its status: the shipment, or why it was cancelled. */
export type MoveDetails = {
  courier?: string;
  trackingNumber?: string;
  expectedDeliveryAt?: number | null;
  cancelReason?: string;
  /**
   * Placing a cash order: above this amount to pay (paise) its buyer is asked to confirm it before
   * it is packed (COD_CONFIRM_ABOVE_RUPEES); null or absent, never.
   */
  codConfirmAbove?: number | null;
  /** The buyer's tracking page (/track/<token>), when a courier carries the parcel: the mails and messages link it. */
  trackingPath?: string;
};

/**
 * What every effect of a move is given; an effect notes there what else the move changed. The
 * effects registered on arriving at "placed" run once, when the order stands (a cash order as it
 * is placed, an online one when its payment is taken: `announcePlacement`); `from` is then
 * "placed" too.
 */
export type OrderMove = {
  trx: Executor;
  /** The order as read under its lock before the move (its status still `from`). */
  order: OrderRow;
  from: OrderStatus;
  to: OrderStatus;
  actor: Actor;
  now: number;
  /** Whether pages of the catalogue now show something else (stock that came back to a size). */
  changed: { catalogue: boolean };
  details: MoveDetails;
  /** The order's lines, read in the move's transaction when an effect first asks. */
  lines: () => Promise<readonly OrderLineRow[]>;
};

export type OrderGuard = Guard<OrderRow>;
export type OrderEffect = Effect<OrderMove>;

/** What a room contributes to the order's life: guards and effects by the status an order arrives at. */
export type OrderProcess = ProcessPart<OrderStatus, OrderRow, OrderMove>;

/** The shop's order process, installed by the composition step, read by the order machine. */
export const orderProcessSlot = new ProcessSlot<OrderStatus, OrderRow, OrderMove>("order", ORDER_STATUSES);
