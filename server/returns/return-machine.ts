import type { Actor } from "#core/actor.ts";
import { RETURN_TRANSITIONS, type ReturnStatus, returnIsClosed } from "#core/returns.ts";
import type { Executor } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { orderLines, orderRow, orderRowForUpdate } from "../orders/order-rows.service.ts";
import type { OrderRow } from "../processes/order-process.ts";
import {
  type CurrentReturn,
  type ReturnMove,
  type ReturnRow,
  type ReturnStepDetails,
  returnProcessSlot,
} from "../processes/return-process.ts";
import { findReturn, findReturnWithRefund, updateReturnIf } from "./returns.repository.ts";

/*
 * A return's life as a transition table (core's RETURN_TRANSITIONS), of the order machine's shape
 * (record 37): the conditions and effects of each step are contributed by the rooms that react
 * (server/processes/return-process.ts) and composed in server/shop-processes.ts; with none
 * installed the machine refuses to move. A step runs inside the caller's transaction: the return
 * must meet the conditions of the step it goes to, the step is taken only if the return still
 * stands where it was decided from (of two clicks or two nodes, one moves it), then each effect
 * runs in order: stock, the return's documents and money, then the shopper's mail.
 */

/** Steps that share out the order's store credit and points: one return of an order at a time. */
const HOLDS_THE_ORDER: readonly ReturnStatus[] = ["refunded"];

/** Whether the table allows a return to go from one step to another. */
export function canReturnGo(from: ReturnStatus, to: ReturnStatus): boolean {
  return RETURN_TRANSITIONS[from].includes(to);
}

/**
 * Takes a return from the step it was seen at to the next, with every effect of the step, inside
 * the given transaction. Answers the return as it was before the step, and its order.
 */
export async function moveReturn(
  trx: Executor,
  step: {
    returnId: number;
    from: ReturnStatus;
    to: ReturnStatus;
    actor: Actor;
    now: number;
    details?: ReturnStepDetails;
  },
): Promise<{ request: ReturnRow; order: OrderRow }> {
  const { returnId, from, to, actor, now, details = {} } = step;
  const process = returnProcessSlot.installed();
  if (!canReturnGo(from, to)) throw new AppError("invalid-transition", `A return cannot go from ${from} to ${to}.`);
  const request = await findReturn(trx, returnId);
  if (!request) throw new AppError("not-found", "This return could not be found.");
  for (const guard of process.guardsOf(to)) await guard(request, trx);
  const moved = await updateReturnIf(trx, returnId, from, to, now, {
    ...details,
    ...(returnIsClosed(to) ? { open: 0 } : {}),
  });
  if (!moved) throw new AppError("stale-update", "This return was changed meanwhile. Please reload it.");
  const order = HOLDS_THE_ORDER.includes(to)
    ? await orderRowForUpdate(trx, request.orderId)
    : await orderRow(trx, { id: request.orderId });
  if (!order) throw new Error(`Return ${returnId} names no order.`);
  const line = (await orderLines(trx, order.id)).find((entry) => entry.position === request.position);
  if (!line) throw new Error(`Return ${returnId} names no line of its order.`);
  const move: ReturnMove = {
    trx,
    request,
    order,
    line,
    from,
    to,
    actor,
    now,
    details,
    current: () => current(trx, returnId),
  };
  for (const effect of process.effectsOf(to)) await effect(move);
  return { request, order };
}

/** The return as it stands now in the transaction, with its refund's progress. */
export async function current(executor: Executor, returnId: number): Promise<CurrentReturn> {
  const row = await findReturnWithRefund(executor, returnId);
  if (!row) throw new Error(`Return ${returnId} is gone.`);
  return row;
}
