import { type Kysely, sql } from "kysely";
import { engineOf } from "../database.ts";
import { autoIncrementId, epochMillis } from "../migration-helpers.ts";

/**
 * The phone as an identity and a channel (record 40).
 *
 * - `users.mobile`: the number an account signs in with, "+91" and ten digits, kept only once it
 *   was verified by a code (when, in `mobile_verified_at`); one account per number (unique). The
 *   profile's `phone` stays what it was, a contact number for deliveries that family members may
 *   share.
 * - `phone_challenges`: one sign-in by code, bound to the browser that asked (a hash of its mark).
 *   Only an HMAC of the code is kept, made when the SMS is sent; how many codes were sent, when the
 *   last was asked for, and how many tries were made count against the challenge's limits.
 * - `messages`: the SMS and WhatsApp outbox, like mail's: queued in the transaction that causes a
 *   message, claimed by one worker, retried; with the provider's id of what was sent and how far
 *   its delivery got (`delivery_rank` only ever grows: sent < failed < delivered < read).
 * - `message_receipts`: every status a provider reported, once each (its id and status are the
 *   key), so duplicates change nothing, and one that arrives before the send was recorded is
 *   applied when it is.
 * - `whatsapp_consents`: each opt-in and opt-out of WhatsApp messages, with its time, wording and
 *   where it was given; the latest one counts.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was then.
export async function up(db: Kysely<any>): Promise<void> {
  const engine = engineOf(db);
  await db.schema.alterTable("users").addColumn("mobile", "text").execute();
  await db.schema.alterTable("users").addColumn("mobile_verified_at", epochMillis).execute();
  await db.schema.createIndex("users_mobile").on("users").column("mobile").unique().execute();

  await db.schema
    .createTable("phone_challenges")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("phone", "text", (c) => c.notNull())
    .addColumn("browser_hash", "text", (c) => c.notNull())
    // HMAC-SHA256 of the challenge, the number and the code; null until the first code is sent.
    .addColumn("code_hmac", "text")
    .addColumn("code_expires_at", epochMillis)
    .addColumn("sends", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("last_send_at", epochMillis, (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("verified_at", epochMillis)
    // When the verified number was used (to sign in, or given to an account): once only.
    .addColumn("claimed_at", epochMillis)
    .addColumn("created_at", epochMillis, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("phone_challenges_created").on("phone_challenges").column("created_at").execute();

  await db.schema
    .createTable("messages")
    .addColumn("id", ...autoIncrementId(engine))
    .addColumn("channel", "text", (c) => c.notNull().check(sql`channel in ('sms', 'whatsapp')`))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("template", "text", (c) => c.notNull())
    .addColumn("recipient", "text", (c) => c.notNull())
    // What the template needs, as JSON; never a code (a code is made as its SMS is sent).
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) =>
      c.notNull().defaultTo("queued").check(sql`status in ('queued', 'sending', 'sent', 'failed')`),
    )
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", epochMillis, (c) => c.notNull())
    .addColumn("lease_until", epochMillis)
    .addColumn("last_error", "text")
    .addColumn("created_at", epochMillis, (c) => c.notNull())
    .addColumn("sent_at", epochMillis)
    .addColumn("provider_message_id", "text", (c) => c.unique())
    .addColumn("delivery", "text", (c) => c.check(sql`delivery in ('sent', 'delivered', 'read', 'failed')`))
    .addColumn("delivery_rank", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("delivery_error", "text")
    .addColumn("delivery_at", epochMillis)
    .execute();
  await db.schema.createIndex("messages_due").on("messages").columns(["status", "next_attempt_at"]).execute();
  await db.schema.createIndex("messages_created").on("messages").column("created_at").execute();

  await db.schema
    .createTable("message_receipts")
    .addColumn("provider_message_id", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("rank", "integer", (c) => c.notNull())
    .addColumn("at", epochMillis, (c) => c.notNull())
    .addColumn("error", "text")
    .addColumn("received_at", epochMillis, (c) => c.notNull())
    .addPrimaryKeyConstraint("message_receipts_key", ["provider_message_id", "status"])
    .execute();

  await db.schema
    .createTable("whatsapp_consents")
    .addColumn("id", ...autoIncrementId(engine))
    .addColumn("phone", "text", (c) => c.notNull())
    .addColumn("choice", "text", (c) => c.notNull().check(sql`choice in ('in', 'out')`))
    // The words the buyer agreed to (or the reply that stopped the messages), as shown.
    .addColumn("wording", "text", (c) => c.notNull())
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("at", epochMillis, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("whatsapp_consents_phone").on("whatsapp_consents").columns(["phone", "id"]).execute();
}
