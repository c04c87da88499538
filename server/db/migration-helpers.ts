import { type ColumnDataType, type ColumnDefinitionBuilder, type Kysely, sql } from "kysely";
import type { Engine } from "./database.ts";

type ColumnArgs = [ColumnDataType, (column: ColumnDefinitionBuilder) => ColumnDefinitionBuilder];

/** An integer primary key the database numbers itself: `serial` on PostgreSQL, rowid alias on SQLite. */
export function autoIncrementId(engine: Engine): ColumnArgs {
  return engine === "postgres"
    ? ["serial", (column) => column.primaryKey()]
    : ["integer", (column) => column.primaryKey().autoIncrement()];
}

/** Epoch milliseconds: bigint on both engines (SQLite stores it as an integer). */
export const epochMillis: ColumnDataType = "bigint";

/**
 * SQLite cannot change a column's constraints in place; the table is rebuilt the way its manual
 * prescribes: a new table from the rewritten definition, the rows copied, the old one dropped, the
 * new one renamed and its indexes made again, with foreign keys checked before the commit. Kysely
 * runs SQLite migrations outside a transaction, so this one can switch foreign keys off around it.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are written against the schema as it was then.
export async function rebuildSqliteTable(db: Kysely<any>, table: string, rewrite: (createSql: string) => string) {
  const objects = await sql<{ type: string; sql: string | null }>`
    select type, sql from sqlite_master where tbl_name = ${table} and sql is not null`.execute(db);
  const create = objects.rows.find((row) => row.type === "table")?.sql;
  if (!create) throw new Error(`No table ${table} to rebuild.`);
  const rebuilt = rewrite(create);
  if (rebuilt === create) throw new Error(`The new definition of ${table} is the same as the old one.`);
  const temporary = `${table}_rebuilt`;
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql`begin immediate`.execute(db);
    try {
      await sql.raw(rebuilt.replace(/^CREATE TABLE "?[\w]+"?/i, `CREATE TABLE "${temporary}"`)).execute(db);
      await sql.raw(`insert into "${temporary}" select * from "${table}"`).execute(db);
      await sql.raw(`drop table "${table}"`).execute(db);
      await sql.raw(`alter table "${temporary}" rename to "${table}"`).execute(db);
      for (const index of objects.rows.filter((row) => row.type === "index"))
        await sql.raw(index.sql ?? "").execute(db);
      const broken = await sql`pragma foreign_key_check`.execute(db);
      if (broken.rows.length > 0) throw new Error(`Rebuilding ${table} would break ${broken.rows.length} references.`);
      await sql`commit`.execute(db);
    } catch (error) {
      await sql`rollback`.execute(db);
      throw error;
    }
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}
