import { type Kysely, sql } from "kysely";
import { engineOf } from "../database.ts";
import { rebuildSqliteTable } from "../migration-helpers.ts";

/**
 * Every order has its number from the moment it is written: orders made before this migration get
 * the number they were already shown (KS- and 100000 + id), and the column becomes NOT NULL.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was then.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`update orders set order_number = 'KS-' || cast(100000 + id as text) where order_number is null`.execute(db);
  if (engineOf(db) === "postgres") {
    await sql`alter table orders alter column order_number set not null`.execute(db);
    return;
  }
  await rebuildSqliteTable(db, "orders", (create) =>
    create.replace('"order_number" text unique', '"order_number" text not null unique'),
  );
}
