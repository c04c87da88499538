import type { Actor } from "#core/actor.ts";
import type { Permission } from "#core/permissions.ts";
import { assertCanAny } from "../access.ts";
import type { Db } from "../db/schema.ts";
import { historyEntriesAfter, latestHistoryEntry } from "../orders/order-rows.service.ts";
import type { OrderEvent } from "./admin.schemas.ts";

/** Who follows the orders as they come: the dashboard's figures, the order index, the packing bench. */
export const ORDER_FEED_PERMISSIONS: readonly Permission[] = ["dashboard.view", "orders.view", "orders.pack"];

/** A feed that fell far behind catches up in pieces of this size. */
export const EVENTS_PER_READ = 200;

/**
 * Orders placed or moved on after the given history entry, oldest first: what the administrator's
 * live feed sends. Names and totals are the administrator's to see only.
 */
export async function orderEventsAfter(db: Db, actor: Actor, afterId: number): Promise<OrderEvent[]> {
  assertCanAny(actor, ORDER_FEED_PERMISSIONS);
  const rows = await historyEntriesAfter(db, afterId, EVENTS_PER_READ);
  return rows.map((row) => ({
    id: row.id,
    orderId: row.orderId,
    orderNumber: row.orderNumber,
    name: row.name,
    total: row.total,
    itemCount: row.itemCount,
    from: row.fromStatus,
    to: row.toStatus,
    at: row.at,
  }));
}

/** Where a dashboard that has just been drawn starts to follow the feed. */
export async function latestOrderEvent(db: Db, actor: Actor): Promise<number> {
  assertCanAny(actor, ORDER_FEED_PERMISSIONS);
  return latestHistoryEntry(db);
}
