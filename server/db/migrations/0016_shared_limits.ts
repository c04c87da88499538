import { type Kysely, PostgresAdapter } from "kysely";
import { autoIncrementId, epochMillis } from "../migration-helpers.ts";

/**
 * Limits counted in the database, so that every worker and every node counts against one total:
 * each counted use of a limited action is a row, named by the action and who or what it is counted
 * for (an address, an e-mail key, an account). Failed logins are counted there too; their own
 * table goes.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was then.
export async function up(db: Kysely<any>): Promise<void> {
  const engine = db.getExecutor().adapter instanceof PostgresAdapter ? "postgres" : "sqlite";
  await db.schema
    .createTable("limit_hits")
    .addColumn("id", ...autoIncrementId(engine))
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("at", epochMillis, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("limit_hits_subject").on("limit_hits").columns(["action", "subject", "at"]).execute();
  await db.schema.createIndex("limit_hits_at").on("limit_hits").columns(["at"]).execute();
  await db.schema.dropTable("login_failures").execute();
}
