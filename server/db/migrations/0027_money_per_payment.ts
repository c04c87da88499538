import { type Kysely, sql } from "kysely";
import { engineOf } from "../database.ts";
import { autoIncrementId, epochMillis } from "../migration-helpers.ts";

/**
 * Money per payment (record 32).
 *
 * - `order_payments`: every payment an order received, each with its own state. An online payment
 *   is `paid`, `refunding` (its whole refund asked) or `refunded`; `kept` says whether it pays the
 *   order (a second payment of a paid order, or one for a cancelled order, is not kept and goes
 *   back). Cash is one payment per order: `collected` by the courier at the door, then `remitted`
 *   by the courier to the shop (`remitted_at`, `remittance_reference`). The order's
 *   `payment_status` is derived from these rows and kept beside them in the same transaction.
 * - `payment_refunds.via`: `gateway` (sent by the payment jobs) or `upi` (a return's refund of a
 *   cash order, paid by the administrator, whose UTR is kept as `refund_id` once it is paid).
 *
 * Existing money is carried over: online orders' payments, the refunded second payments, cash
 * collected, and UPI refunds still to pay (from their flagged events).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was then.
export async function up(db: Kysely<any>): Promise<void> {
  const engine = engineOf(db);
  await db.schema
    .createTable("order_payments")
    .addColumn("id", ...autoIncrementId(engine))
    .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id"))
    // online | cash
    .addColumn("method", "text", (c) => c.notNull())
    .addColumn("gateway_payment_id", "text", (c) => c.unique())
    .addColumn("amount", "integer", (c) => c.notNull().check(sql`amount >= 0`))
    .addColumn("kept", "integer", (c) => c.notNull())
    // online: paid | refunding | refunded; cash: collected | remitted
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("received_at", epochMillis, (c) => c.notNull())
    .addColumn("remitted_at", epochMillis)
    .addColumn("remittance_reference", "text")
    .addColumn("updated_at", epochMillis, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("order_payments_order").on("order_payments").column("order_id").execute();
  await db.schema.createIndex("order_payments_status").on("order_payments").columns(["method", "status"]).execute();
  await db.schema.createIndex("order_payments_received").on("order_payments").column("received_at").execute();
  // One cash payment per order, however often the courier's news or a click comes.
  await sql`create unique index order_payments_one_cash on order_payments (order_id) where method = 'cash'`.execute(db);

  await sql`
    insert into order_payments (order_id, method, gateway_payment_id, amount, kept, status, received_at, updated_at)
    select id, 'online', payment_id, total - store_credit_used, 1,
           case when payment_status in ('refunding', 'refunded') then payment_status else 'paid' end,
           coalesce(paid_at, updated_at), updated_at
    from orders where payment_id is not null`.execute(db);
  await sql`
    insert into order_payments (order_id, method, gateway_payment_id, amount, kept, status, received_at, updated_at)
    select r.order_id, 'online', r.payment_id, r.amount, 0,
           case when r.status = 'processed' then 'refunded' else 'refunding' end, r.created_at, r.created_at
    from payment_refunds r
    where r.refund_key like 'payment:%'
      and not exists (select 1 from order_payments p where p.gateway_payment_id = r.payment_id)`.execute(db);
  await sql`
    insert into order_payments (order_id, method, amount, kept, status, received_at, updated_at)
    select id, 'cash', total - store_credit_used, 1, 'collected', coalesce(cash_collected_at, updated_at), updated_at
    from orders where payment_status = 'cod-collected'`.execute(db);

  await db.schema
    .alterTable("payment_refunds")
    .addColumn("via", "text", (c) => c.notNull().defaultTo("gateway"))
    .execute();
  // A cash order's refund to UPI names the order's cash payment as "cash:<order id>".
  await sql`
    insert into payment_refunds (order_id, payment_id, refund_key, return_id, amount, reason, status, via, created_at)
    select order_id, 'cash:' || cast(order_id as text), 'return:' || substr(event_id, 15),
           cast(substr(event_id, 15) as integer), amount, 'returned', 'requested', 'upi', at
    from payment_events
    where kind = 'upi-refund-due' and event_id like 'return-refund:%' and order_id is not null`.execute(db);
}
