import type { Kysely } from "kysely";

/** Failed logins older than the throttling window are swept out by time; this index serves that. */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was then.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("login_failures_at").on("login_failures").columns(["at"]).execute();
}
