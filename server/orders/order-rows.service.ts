import type { Executor, OrderStatus } from "../db/schema.ts";
import { findOrderEventsAfter, latestOrderEventId } from "./order-events.repository.ts";
import {
  findOrder,
  findOrderForUpdate,
  findOrderLines,
  findOrderNumbers,
  findOrdersWithFirstLine,
} from "./orders.repository.ts";

/*
 * What the rooms that act on orders read of them (payments, returns, the administrator's lists and
 * live feed), through the orders' own queries: another room never reads the orders' repository
 * itself (record 37). Who may see an order is the caller's rule to check.
 */

/** An order's row by its id, its secret link's token or its number; undefined when there is none. */
export function orderRow(executor: Executor, by: { id: number } | { accessToken: string } | { orderNumber: string }) {
  return findOrder(executor, by);
}

/**
 * The order's row, held for the rest of the caller's transaction: every change of an order's state
 * or money reads the order under the lock it writes with (record 32).
 */
export function orderRowForUpdate(trx: Executor, orderId: number) {
  return findOrderForUpdate(trx, orderId);
}

/** The order's lines as bought, in their order. */
export function orderLines(executor: Executor, orderId: number) {
  return findOrderLines(executor, orderId);
}

/** A page of orders, newest first, each with its first line (see findOrdersWithFirstLine). */
export function ordersWithFirstLine(
  executor: Executor,
  filter: { userId?: string; patterns?: readonly string[]; numberStart?: string; status?: OrderStatus },
  limit: number,
  offset: number,
) {
  return findOrdersWithFirstLine(executor, filter, limit, offset);
}

/** History entries after the given one, oldest first, with what the administrator's live feed shows. */
export function historyEntriesAfter(executor: Executor, afterId: number, limit: number) {
  return findOrderEventsAfter(executor, afterId, limit);
}

/** The newest history entry's number (0 when there is none). */
export function latestHistoryEntry(executor: Executor): Promise<number> {
  return latestOrderEventId(executor);
}

/** Each order's number by its id; ids that name no order are missing from the map. */
export async function orderNumbersOf(executor: Executor, ids: readonly number[]): Promise<Map<number, string>> {
  return new Map((await findOrderNumbers(executor, ids)).map((row) => [row.id, row.orderNumber]));
}
