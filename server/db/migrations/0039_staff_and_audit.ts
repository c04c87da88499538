import { type Kysely, sql } from "kysely";
import { engineOf } from "../database.ts";
import { autoIncrementId, epochMillis, rebuildSqliteTable } from "../migration-helpers.ts";

/*
 * Staff, roles and the audit log (decision record 45).
 *
 * - `users.role` takes the staff roles: owner, manager, catalogue, support, packer (or customer).
 *   Every account that was the administrator ("admin") becomes an Owner.
 * - `staff_invitations`: an invitation by e-mail with a role; its one-time code is made when the
 *   mail is sent (only its hash is kept, with its expiry), and it is accepted once.
 * - `audit_log`: every change made in the admin area, with who, when, what, the values before and
 *   after and the reason. Append-only: triggers refuse any update or delete (and, on PostgreSQL,
 *   a truncate), so no code path can rewrite it.
 * - `orders.confirmed_at/by` (a cash order confirmed by the shop) and `orders.packed_at/by` (packed,
 *   waiting for the courier): the order index's To confirm, To pack and To ship tabs.
 * - `order_notes` and `customer_notes`: the staff's notes, each with its author.
 * - `order_jobs` and `order_job_results`: a bulk action over many orders, with a result per order.
 */
const STAFF_ROLES = "'customer', 'owner', 'manager', 'catalogue', 'support', 'packer'";
const APPEND_ONLY = "The audit log is append-only: its rows are never changed or deleted.";

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was then.
export async function up(db: Kysely<any>): Promise<void> {
  const engine = engineOf(db);
  await staffRoles(db);

  await db.schema
    .createTable("staff_invitations")
    .addColumn("id", ...autoIncrementId(engine))
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("email_key", "text", (c) => c.notNull())
    .addColumn("role", "text", (c) => c.notNull().check(sql.raw(`role in (${STAFF_ROLES}) and role <> 'customer'`)))
    .addColumn("invited_by", "text")
    .addColumn("invited_by_name", "text", (c) => c.notNull())
    .addColumn("code_hash", "text", (c) => c.unique())
    .addColumn("expires_at", epochMillis)
    .addColumn("sent_at", epochMillis)
    .addColumn("accepted_at", epochMillis)
    .addColumn("accepted_user_id", "text")
    .addColumn("revoked_at", epochMillis)
    .addColumn("created_at", epochMillis, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("staff_invitations_email").on("staff_invitations").columns(["email_key"]).execute();

  await db.schema
    .createTable("audit_log")
    .addColumn("id", ...autoIncrementId(engine))
    .addColumn("at", epochMillis, (c) => c.notNull())
    .addColumn("actor_id", "text")
    .addColumn("actor", "text", (c) => c.notNull())
    .addColumn("actor_role", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("subject_type", "text", (c) => c.notNull())
    .addColumn("subject_id", "text", (c) => c.notNull())
    .addColumn("subject_label", "text", (c) => c.notNull())
    .addColumn("before", "text")
    .addColumn("after", "text")
    .addColumn("reason", "text")
    .execute();
  await db.schema.createIndex("audit_log_actor").on("audit_log").columns(["actor_id", "id"]).execute();
  await db.schema.createIndex("audit_log_kind").on("audit_log").columns(["kind", "id"]).execute();
  await db.schema
    .createIndex("audit_log_subject")
    .on("audit_log")
    .columns(["subject_type", "subject_id", "id"])
    .execute();
  await db.schema
    .createIndex("audit_log_subject_label")
    .on("audit_log")
    .columns(["subject_type", "subject_label", "id"])
    .execute();
  await appendOnly(db);

  await db.schema.alterTable("orders").addColumn("confirmed_at", epochMillis).execute();
  await db.schema.alterTable("orders").addColumn("confirmed_by", "text").execute();
  await db.schema.alterTable("orders").addColumn("packed_at", epochMillis).execute();
  await db.schema.alterTable("orders").addColumn("packed_by", "text").execute();

  for (const [table, key] of [
    ["order_notes", "order_id"],
    ["customer_notes", "customer_key"],
  ] as const) {
    await db.schema
      .createTable(table)
      .addColumn("id", ...autoIncrementId(engine))
      .addColumn(key, key === "order_id" ? "integer" : "text", (c) =>
        key === "order_id" ? c.notNull().references("orders.id") : c.notNull(),
      )
      .addColumn("author_id", "text")
      .addColumn("author", "text", (c) => c.notNull())
      .addColumn("body", "text", (c) => c.notNull())
      .addColumn("created_at", epochMillis, (c) => c.notNull())
      .execute();
    await db.schema.createIndex(`${table}_of`).on(table).columns([key, "id"]).execute();
  }

  await db.schema
    .createTable("order_jobs")
    .addColumn("id", ...autoIncrementId(engine))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("params", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("actor_id", "text")
    .addColumn("actor", "text", (c) => c.notNull())
    .addColumn("retry_of", "integer", (c) => c.references("order_jobs.id"))
    .addColumn("created_at", epochMillis, (c) => c.notNull())
    .addColumn("finished_at", epochMillis)
    .execute();
  await db.schema
    .createTable("order_job_results")
    .addColumn("job_id", "integer", (c) => c.notNull().references("order_jobs.id"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id"))
    .addColumn("order_number", "text", (c) => c.notNull())
    .addColumn("outcome", "text", (c) =>
      c.notNull().defaultTo("pending").check(sql`outcome in ('pending', 'done', 'failed')`),
    )
    .addColumn("message", "text")
    .addColumn("at", epochMillis)
    .addPrimaryKeyConstraint("order_job_results_pk", ["job_id", "position"])
    .execute();
  await db.schema.createIndex("order_jobs_actor").on("order_jobs").columns(["actor_id", "id"]).execute();
}

/** Widens the role column to the staff roles, every administrator an Owner. */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was then.
async function staffRoles(db: Kysely<any>): Promise<void> {
  if (engineOf(db) === "postgres") {
    const found = await sql<{ name: string }>`
      select conname as name from pg_constraint
      where conrelid = 'users'::regclass and contype = 'c' and pg_get_constraintdef(oid) like '%role%'`.execute(db);
    for (const { name } of found.rows) await sql`alter table users drop constraint ${sql.id(name)}`.execute(db);
    await sql`update users set role = 'owner' where role = 'admin'`.execute(db);
    await sql.raw(`alter table users add constraint users_role_check check (role in (${STAFF_ROLES}))`).execute(db);
    return;
  }
  // SQLite checks the old constraint on the update, so it is set aside for it; the rebuilt table
  // then holds every row to the new one.
  await sql`pragma ignore_check_constraints = on`.execute(db);
  try {
    await sql`update users set role = 'owner' where role = 'admin'`.execute(db);
  } finally {
    await sql`pragma ignore_check_constraints = off`.execute(db);
  }
  await rebuildSqliteTable(db, "users", (create) =>
    create.replace(/check \(role in \('customer', 'admin'\)\)/, `check (role in (${STAFF_ROLES}))`),
  );
}

/** Triggers that refuse to change or delete an audit row, whoever asks. */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was then.
async function appendOnly(db: Kysely<any>): Promise<void> {
  if (engineOf(db) === "postgres") {
    await sql
      .raw(`create function audit_log_append_only() returns trigger language plpgsql as $$
      begin raise exception '${APPEND_ONLY}'; end $$`)
      .execute(db);
    await sql`create trigger audit_log_no_change before update or delete on audit_log
      for each row execute function audit_log_append_only()`.execute(db);
    await sql`create trigger audit_log_no_truncate before truncate on audit_log
      for each statement execute function audit_log_append_only()`.execute(db);
    return;
  }
  for (const event of ["update", "delete"]) {
    await sql
      .raw(`create trigger audit_log_no_${event} before ${event} on audit_log
      begin select raise(abort, '${APPEND_ONLY}'); end`)
      .execute(db);
  }
}
