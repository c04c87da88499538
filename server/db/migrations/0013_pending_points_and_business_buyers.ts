import { type Kysely, sql } from "kysely";
import { engineOf } from "../database.ts";
import { rebuildSqliteTable } from "../migration-helpers.ts";

const OLD_KINDS = "kind in ('earned', 'redeemed', 'earned-reversed', 'redeemed-returned')";
const NEW_KINDS =
  "kind in ('earned', 'redeemed', 'earned-reversed', 'redeemed-returned', 'held-until-delivery', 'corrected')";

/**
 * Points earned on an order become spendable on delivery, not at placement, and a balance can never
 * be negative. Existing balances are brought to that rule: points credited for an order not yet
 * delivered are held back as far as the balance still holds them (a `held-until-delivery` entry;
 * they come back as `earned` on delivery, while points already spent count as credited), and a
 * balance left below zero by an earlier cancellation is set to zero (a `corrected` entry on the
 * customer's latest order). Then the database itself refuses a negative balance.
 *
 * Orders also keep the business buyer's GSTIN and legal name for a B2B invoice, and each order line
 * the material it was sold as (the GST rate of some goods depends on it).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was then.
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = engineOf(db) === "postgres";
  await widenLedgerKinds(db, postgres);
  await holdUndeliveredPoints(db);
  await correctNegativeBalances(db);
  if (postgres) {
    await sql`alter table users add constraint users_points_balance_not_negative check (points_balance >= 0)`.execute(
      db,
    );
  } else {
    await rebuildSqliteTable(db, "users", (create) =>
      create.replace(/("points_balance" integer default 0 not null)/i, '$1 check ("points_balance" >= 0)'),
    );
  }

  await db.schema.alterTable("orders").addColumn("buyer_gstin", "text").execute();
  await db.schema.alterTable("orders").addColumn("buyer_legal_name", "text").execute();
  await db.schema
    .alterTable("order_lines")
    .addColumn("material", "text", (c) => c.notNull().defaultTo(""))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: as above.
async function widenLedgerKinds(db: Kysely<any>, postgres: boolean): Promise<void> {
  if (!postgres) {
    await rebuildSqliteTable(db, "points_ledger", (create) => create.replace(OLD_KINDS, NEW_KINDS));
    return;
  }
  const checks = await sql<{ name: string }>`
    select conname as name from pg_constraint
    where conrelid = 'points_ledger'::regclass and contype = 'c' and pg_get_constraintdef(oid) like '%kind%'`.execute(
    db,
  );
  for (const { name } of checks.rows) await sql`alter table points_ledger drop constraint ${sql.id(name)}`.execute(db);
  await sql.raw(`alter table points_ledger add constraint points_ledger_kind_check check (${NEW_KINDS})`).execute(db);
}

/** Points credited at placement on orders still on their way are held back, as far as they are unspent. */
// biome-ignore lint/suspicious/noExplicitAny: as above.
async function holdUndeliveredPoints(db: Kysely<any>): Promise<void> {
  const now = Date.now();
  const credited = await sql<{ userId: string; orderId: number; points: number }>`
    select o.user_id as "userId", o.id as "orderId", o.points_earned as points
    from orders o
    where o.user_id is not null and o.points_earned > 0 and o.status in ('placed', 'shipped')
      and exists (select 1 from points_ledger l where l.order_id = o.id and l.kind = 'earned')
    order by o.id`.execute(db);
  for (const row of credited.rows) {
    const balance = await sql<{ balance: number }>`
      select points_balance as balance from users where id = ${row.userId}`.execute(db);
    const held = Math.min(Number(row.points), Math.max(0, Number(balance.rows[0]?.balance ?? 0)));
    if (held === 0) continue;
    await sql`insert into points_ledger (user_id, order_id, kind, points, at)
      values (${row.userId}, ${row.orderId}, 'held-until-delivery', ${-held}, ${now})`.execute(db);
    await sql`update users set points_balance = points_balance - ${held} where id = ${row.userId}`.execute(db);
  }
}

/** A balance below zero is set to zero, on the customer's latest order with points. */
// biome-ignore lint/suspicious/noExplicitAny: as above.
async function correctNegativeBalances(db: Kysely<any>): Promise<void> {
  const now = Date.now();
  const negative = await sql<{ id: string; balance: number }>`
    select id, points_balance as balance from users where points_balance < 0`.execute(db);
  for (const user of negative.rows) {
    const latest = await sql<{ orderId: number }>`
      select order_id as "orderId" from points_ledger where user_id = ${user.id}
      order by at desc, order_id desc limit 1`.execute(db);
    const orderId = latest.rows[0]?.orderId;
    if (orderId !== undefined) {
      await sql`insert into points_ledger (user_id, order_id, kind, points, at)
        values (${user.id}, ${orderId}, 'corrected', ${-Number(user.balance)}, ${now})`.execute(db);
    }
    await sql`update users set points_balance = 0 where id = ${user.id}`.execute(db);
  }
}
