import { type Kysely, sql } from "kysely";
import { engineOf } from "../database.ts";
import { autoIncrementId, epochMillis } from "../migration-helpers.ts";

/**
 * The mail outbox, written in the same transaction as what causes a message and delivered by a
 * worker; one-time action codes (password reset, e-mail verification and change), kept as hashes;
 * and when each account's e-mail address was verified. Accounts made before verification existed
 * count as verified from their creation.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was then.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("outbox")
    .addColumn("id", ...autoIncrementId(engineOf(db)))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("recipient", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    // What the template needs, as JSON; the message is rendered when it is sent.
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) =>
      c.notNull().defaultTo("queued").check(sql`status in ('queued', 'sending', 'sent', 'failed')`),
    )
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", epochMillis, (c) => c.notNull())
    // While a worker holds a message; a worker that dies lets go of it when this passes.
    .addColumn("lease_until", epochMillis)
    .addColumn("last_error", "text")
    .addColumn("created_at", epochMillis, (c) => c.notNull())
    .addColumn("sent_at", epochMillis)
    .execute();
  await db.schema.createIndex("outbox_due").on("outbox").columns(["status", "next_attempt_at"]).execute();
  await db.schema.createIndex("outbox_created").on("outbox").columns(["created_at"]).execute();

  await db.schema
    .createTable("action_codes")
    // Only a hash of the code in the link is kept: a copy of the table opens nothing.
    .addColumn("code_hash", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("purpose", "text", (c) =>
      c.notNull().check(sql`purpose in ('reset-password', 'verify-email', 'change-email')`),
    )
    .addColumn("new_email", "text")
    .addColumn("expires_at", epochMillis, (c) => c.notNull())
    .addColumn("used_at", epochMillis)
    .addColumn("created_at", epochMillis, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("action_codes_user").on("action_codes").columns(["user_id", "purpose"]).execute();

  await db.schema.alterTable("users").addColumn("email_verified_at", epochMillis).execute();
  await sql`update users set email_verified_at = created_at`.execute(db);
}
