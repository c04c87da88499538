import { type Kysely, sql } from "kysely";
import { engineOf } from "../database.ts";
import { autoIncrementId, epochMillis } from "../migration-helpers.ts";

/**
 * Every entry of an order's history (placed, shipped, delivered, cancelled) gets a number that goes
 * up in the order the entries were committed, so the administrator's live feed can say "everything
 * after entry 41" and resume there after a reconnect. The table is remade with the new key and the
 * old entries numbered by time.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was then.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("order_status_history_numbered")
    .addColumn("id", ...autoIncrementId(engineOf(db)))
    .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("from_status", "text")
    .addColumn("to_status", "text", (c) => c.notNull())
    .addColumn("actor", "text", (c) => c.notNull())
    .addColumn("at", epochMillis, (c) => c.notNull())
    .execute();
  await sql`
    insert into order_status_history_numbered (order_id, from_status, to_status, actor, at)
    select order_id, from_status, to_status, actor, at from order_status_history order by at, order_id
  `.execute(db);
  await db.schema.dropTable("order_status_history").execute();
  await db.schema.alterTable("order_status_history_numbered").renameTo("order_status_history").execute();
  await db.schema
    .createIndex("order_status_history_order")
    .on("order_status_history")
    .columns(["order_id", "at"])
    .execute();
}
