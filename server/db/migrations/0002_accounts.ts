import type { Kysely } from "kysely";
import { sql } from "kysely";
import { epochMillis } from "../migration-helpers.ts";

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was then.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("users")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    // One account per address whatever its letter case: the unique key is the lowercased address.
    .addColumn("email_key", "text", (c) => c.notNull().unique())
    .addColumn("password_hash", "text", (c) => c.notNull())
    .addColumn("role", "text", (c) => c.notNull().defaultTo("customer").check(sql`role in ('customer', 'admin')`))
    .addColumn("phone", "text")
    .addColumn("address", "text")
    .addColumn("photo", "text")
    .addColumn("photo_updated_at", epochMillis)
    .addColumn("disabled", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", epochMillis, (c) => c.notNull())
    .addColumn("last_login_at", epochMillis)
    .execute();
  await db.schema.createIndex("users_created").on("users").columns(["created_at"]).execute();

  await db.schema
    .createTable("sessions")
    // Only a hash of the cookie's value is kept, so a copy of the table opens no session.
    .addColumn("id_hash", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", epochMillis, (c) => c.notNull())
    .addColumn("renewed_at", epochMillis, (c) => c.notNull())
    .addColumn("expires_at", epochMillis, (c) => c.notNull())
    .addColumn("user_agent", "text")
    .execute();
  await db.schema.createIndex("sessions_user").on("sessions").columns(["user_id"]).execute();
  await db.schema.createIndex("sessions_expiry").on("sessions").columns(["expires_at"]).execute();

  await db.schema
    .createTable("login_failures")
    .addColumn("email_key", "text", (c) => c.notNull())
    .addColumn("ip", "text", (c) => c.notNull())
    .addColumn("at", epochMillis, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("login_failures_email").on("login_failures").columns(["email_key", "at"]).execute();
  await db.schema.createIndex("login_failures_ip").on("login_failures").columns(["ip", "at"]).execute();
}
