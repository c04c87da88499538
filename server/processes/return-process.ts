import type { Selectable } from "kysely";
import type { Actor } from "#core/actor.ts";
import { RETURN_STATUSES, type ReturnStatus } from "#core/returns.ts";
import type { Executor, ReturnsTable } from "../db/schema.ts";
import type { OrderLineRow, OrderRow } from "./order-process.ts";
import { type Effect, type Guard, type ProcessPart, ProcessSlot } from "./process.ts";

/*
 * The return machine's published vocabulary (record 37), of the same shape as the order's: the
 * machine is server/returns/return-machine.ts; stock, the return's own documents and money, and
 * the mail contribute their parts, composed in server/shop-processes.ts.
 */

export type ReturnRow = Selectable<ReturnsTable>;

/** A return as it stands now, with its refund's progress (through the gateway or to UPI), if any. */
export type CurrentReturn = ReturnRow & { refundStatus: string | null };

/** What a step records besides the step: why it was rejected, or the replacement's parcel. */
export type ReturnStepDetails = {
  rejectReason?: string;
  courier?: string;
  trackingNumber?: string;
  expectedDeliveryAt?: number | null;
  shippedAt?: number;
};

/** What every effect of a return's step is given. */
export type ReturnMove = {
  trx: Executor;
  /** The return as read before the step (its status still `from`). */
  request: ReturnRow;
  order: OrderRow;
  /** The order line the return takes pieces of. */
  line: OrderLineRow;
  from: ReturnStatus;
  to: ReturnStatus;
  actor: Actor;
  now: number;
  details: ReturnStepDetails;
  /** The return as the step's earlier effects left it (its documents, its refund): read when asked. */
  current: () => Promise<CurrentReturn>;
};

export type ReturnGuard = Guard<ReturnRow>;
export type ReturnEffect = Effect<ReturnMove>;

/** What a room contributes to a return's life: guards and effects by the step a return arrives at. */
export type ReturnProcess = ProcessPart<ReturnStatus, ReturnRow, ReturnMove>;

/** The shop's return process, installed by the composition step, read by the return machine. */
export const returnProcessSlot = new ProcessSlot<ReturnStatus, ReturnRow, ReturnMove>("return", RETURN_STATUSES);
