import { type Kysely, sql } from "kysely";
import { engineOf } from "../database.ts";

/*
 * Two changes of search (decision record 35).
 *
 * The index keeps "salwar", the spelling Indian shoppers type, where it kept "shalwar", and folds
 * "kamiz" and "kamij" (Hindi कमीज़ as the shop transliterates it) to "kameez". Products' stored words
 * are folded again here for just these words: a frozen list, as migration 0019 froze its folding.
 * The index triggers of 0019 follow the update. An administrator's synonym pointing at "shalwar"
 * points at "salwar".
 *
 * The administrator's order search matches the order's number, name, e-mail, phone, payment
 * reference, the gateway's payment id, city and pincode. On PostgreSQL (with pg_trgm, as migration 0005) a trigram index on
 * those fields together answers it without reading every order; the order repository's search
 * expression is written exactly as this index's. The Orders tab's status tabs get an index on
 * status and date: a tab's newest orders were sorted out of every order of that status (40 ms for
 * "To ship" at 100k orders on SQLite).
 */
const REFOLDED: Record<string, string> = { shalwar: "salwar", kamiz: "kameez", kamij: "kameez" };
const WORD_COLUMNS = ["search_title", "search_kind", "search_fabric", "search_description", "search_text"];

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was then.
export async function up(db: Kysely<any>): Promise<void> {
  for (const [old, now] of Object.entries(REFOLDED)) {
    const padded = (column: string) => sql`(' ' || ${sql.ref(column)} || ' ')`;
    const sets = WORD_COLUMNS.map(
      (column) => sql`${sql.ref(column)} = trim(replace(${padded(column)}, ${` ${old} `}, ${` ${now} `}))`,
    );
    const holds = WORD_COLUMNS.map((column) => sql`${padded(column)} like ${`% ${old} %`}`);
    await sql`update products set ${sql.join(sets, sql`, `)} where ${sql.join(holds, sql` or `)}`.execute(db);
    await sql`update search_synonyms set target = ${now} where target = ${old}`.execute(db);
  }
  // A status tab lists its orders newest first from this index, and stops at the page.
  await sql`create index if not exists orders_status_created on orders (status, created_at)`.execute(db);
  if (engineOf(db) === "postgres") await orderSearchIndex(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was then.
async function orderSearchIndex(db: Kysely<any>): Promise<void> {
  const found = await sql<{
    schema: string;
  }>`select extnamespace::regnamespace::text as schema from pg_extension where extname = 'pg_trgm'`.execute(db);
  const schema = found.rows[0]?.schema;
  // Without pg_trgm (migration 0005 could not create it) the search reads the orders, as before.
  if (!schema) return;
  await sql`create index if not exists orders_search_trgm on orders using gin ((lower(order_number || ' ' || name || ' ' || email || ' ' || phone || ' ' || payment_ref || ' ' || coalesce(payment_id, '') || ' ' || city || ' ' || pincode)) ${sql.id(schema, "gin_trgm_ops")})`.execute(
    db,
  );
}
