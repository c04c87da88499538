import { sql } from "kysely";
import { engineOf } from "../db/database.ts";
import type { Executor, OrderStatus } from "../db/schema.ts";

/**
 * The PostgreSQL channel on which a committed order event wakes every node's live feed: one per
 * schema, as shops (or test runs) in other schemas of the database have orders of their own.
 */
export function orderEventsChannel(schema: string): string {
  return `kesar_order_events:${schema}`;
}
// Taken by each writer of an order event until its commit, so entries commit in number order.
const ORDER_EVENTS_LOCK = 727_274_002;

/**
 * Writes an entry of an order's history: the last step of the transaction that placed the order or
 * changed its status. On PostgreSQL the writers take turns from here to their commit, so a reader
 * that sees entry n has seen every entry before it (without the turn, entry 11 could commit before
 * entry 10, and a feed that had sent 11 would never send 10); and the commit wakes every node's
 * feed. SQLite has one writer at a time already.
 */
export async function recordStatusChange(
  executor: Executor,
  change: { orderId: number; fromStatus: OrderStatus | null; toStatus: OrderStatus; actor: string; at: number },
) {
  if (engineOf(executor) !== "postgres") {
    await executor.insertInto("orderStatusHistory").values(change).execute();
    return;
  }
  // One statement: the turn is taken before the row is numbered (the insert reads from the lock),
  // and every round trip between the turn and the commit would hold every other writer (record 18).
  // The notice is delivered to the listeners when, and only when, the transaction commits.
  await sql`
    with turn as (select pg_advisory_xact_lock(${ORDER_EVENTS_LOCK})),
    entry as (
      insert into order_status_history (order_id, from_status, to_status, actor, at)
      select ${change.orderId}, ${change.fromStatus}, ${change.toStatus}, ${change.actor}, ${change.at} from turn
      returning id
    )
    select pg_notify(${orderEventsChannel("")} || current_schema(), '') from entry`.execute(executor);
}

/**
 * An order event as the administrator's live feed shows it: the change of status, and enough of the
 * order (its number, buyer, total and size) to tell it apart without opening it.
 */
const FEED_EVENT_COLUMNS = [
  "event.id",
  "event.orderId",
  "event.fromStatus",
  "event.toStatus",
  "event.at",
  "orders.orderNumber",
  "orders.name",
  "orders.total",
  "orders.itemCount",
] as const;

/** History entries after the given one, oldest first, with what the administrator's feed shows. */
export async function findOrderEventsAfter(executor: Executor, afterId: number, limit: number) {
  return executor
    .selectFrom("orderStatusHistory as event")
    .innerJoin("orders", "orders.id", "event.orderId")
    .select(FEED_EVENT_COLUMNS)
    .where("event.id", ">", afterId)
    .orderBy("event.id")
    .limit(limit)
    .execute();
}

/** The newest history entry's number (0 when there is none). */
export async function latestOrderEventId(executor: Executor): Promise<number> {
  const row = await executor
    .selectFrom("orderStatusHistory")
    .select(({ fn }) => fn.max("id").as("id"))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}
