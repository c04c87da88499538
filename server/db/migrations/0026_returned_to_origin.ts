import { type Kysely, sql } from "kysely";
import { engineOf } from "../database.ts";
import { rebuildSqliteTable } from "../migration-helpers.ts";

const OLD_STATUSES = "status in ('placed', 'shipped', 'delivered', 'cancelled')";
const NEW_STATUSES = "status in ('placed', 'shipped', 'delivered', 'cancelled', 'returned-to-origin')";

/**
 * An order may end "Returned to origin": a cash-on-delivery parcel the buyer refused at the door
 * comes back to the warehouse (record 30). The orders' status check takes the new status.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was then.
export async function up(db: Kysely<any>): Promise<void> {
  if (engineOf(db) !== "postgres") {
    await rebuildSqliteTable(db, "orders", (create) => create.replace(OLD_STATUSES, NEW_STATUSES));
    return;
  }
  const checks = await sql<{ name: string }>`
    select conname as name from pg_constraint
    where conrelid = 'orders'::regclass and contype = 'c' and pg_get_constraintdef(oid) like '%status%'
      and pg_get_constraintdef(oid) like '%cancelled%'`.execute(db);
  for (const { name } of checks.rows) await sql`alter table orders drop constraint ${sql.id(name)}`.execute(db);
  await sql.raw(`alter table orders add constraint orders_status_check check (${NEW_STATUSES})`).execute(db);
}
