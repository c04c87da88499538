import { type Kysely, sql } from "kysely";
import { engineOf } from "../database.ts";

/*
 * A search for a rare word walked every product (60–70 ms at 100k products). A trigram index finds
 * the few products containing the text directly: SQLite's FTS5 trigram table, kept in step with the
 * products by triggers, and PostgreSQL's pg_trgm. Both answer "contains", as the LIKE filter does.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was then.
export async function up(db: Kysely<any>): Promise<void> {
  if (engineOf(db) === "sqlite") {
    await sql`create virtual table products_search using fts5(search_text, content='products', content_rowid='id', tokenize='trigram')`.execute(
      db,
    );
    await sql`create trigger products_search_insert after insert on products begin
      insert into products_search(rowid, search_text) values (new.id, new.search_text);
    end`.execute(db);
    await sql`create trigger products_search_delete after delete on products begin
      insert into products_search(products_search, rowid, search_text) values ('delete', old.id, old.search_text);
    end`.execute(db);
    await sql`create trigger products_search_update after update of search_text on products begin
      insert into products_search(products_search, rowid, search_text) values ('delete', old.id, old.search_text);
      insert into products_search(rowid, search_text) values (new.id, new.search_text);
    end`.execute(db);
    await sql`insert into products_search(products_search) values ('rebuild')`.execute(db);
    return;
  }
  // pg_trgm ships with PostgreSQL and is a trusted extension (PostgreSQL 13+): a database owner may
  // create it. Where it cannot be created, searches still work, only without the index. The attempt
  // sits in a savepoint so that a refusal does not abort the migration's transaction.
  await sql`savepoint pg_trgm_attempt`.execute(db);
  const available = await sql`create extension if not exists pg_trgm schema public`.execute(db).then(
    () => true,
    () => false,
  );
  await sql.raw(available ? "release savepoint pg_trgm_attempt" : "rollback to savepoint pg_trgm_attempt").execute(db);
  if (!available) return;
  // The extension may already live in another schema; its operator class is named from there.
  const found = await sql<{
    schema: string;
  }>`select extnamespace::regnamespace::text as schema from pg_extension where extname = 'pg_trgm'`.execute(db);
  const schema = found.rows[0]?.schema ?? "public";
  await sql`create index products_search_trgm on products using gin (search_text ${sql.id(schema, "gin_trgm_ops")}) where archived = 0`.execute(
    db,
  );
}
