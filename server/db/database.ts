import { mkdirSync } from "node:fs";
import path from "node:path";
import { CamelCasePlugin, type Dialect, Kysely, PostgresAdapter, PostgresDialect } from "kysely";
import pg from "pg";
import type { Database, Db, Executor } from "./schema.ts";
import { createSqliteDialect } from "./sqlite-dialect.ts";
import { sqlitePath } from "./sqlite-path.ts";

export type Engine = "sqlite" | "postgres";

export type PoolStats = { total: number; idle: number; waiting: number };

export type DatabaseHandle = {
  db: Db;
  engine: Engine;
  /** PostgreSQL's connection pool at this moment (SQLite has one connection and no pool). */
  poolStats?: () => PoolStats;
  close: () => Promise<void>;
};

export type DatabaseOptions = {
  /** PostgreSQL only: connections in the pool. */
  poolSize?: number;
};

const INT8_OID = 20;

/** Opens the database named by DATABASE_URL: `file:` for SQLite, `postgres://` for PostgreSQL. */
export function openDatabase(url: string, options: DatabaseOptions = {}): DatabaseHandle {
  const engine: Engine = url.startsWith("file:") ? "sqlite" : "postgres";
  const pool = engine === "postgres" ? postgresPool(url, options) : undefined;
  const dialect = pool ? new PostgresDialect({ pool }) : sqliteDialect(url);
  const db = new Kysely<Database>({ dialect, plugins: [new CamelCasePlugin({ underscoreBeforeDigits: true })] });
  const poolStats = pool
    ? () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount })
    : undefined;
  return { db, engine, ...(poolStats ? { poolStats } : {}), close: () => db.destroy() };
}

/** The engine behind a database or transaction, for the rare query that must differ. */
export function engineOf(executor: Executor): Engine {
  return executor.getExecutor().adapter instanceof PostgresAdapter ? "postgres" : "sqlite";
}

function sqliteDialect(url: string): Dialect {
  const file = sqlitePath(url);
  if (file !== ":memory:") mkdirSync(path.dirname(file), { recursive: true });
  return createSqliteDialect(file);
}

function postgresPool(url: string, options: DatabaseOptions): pg.Pool {
  return new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    // Epoch-millisecond times are bigint columns; they fit a JS number exactly.
    types: {
      getTypeParser: (oid: number, format?: string) =>
        oid === INT8_OID ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format as "text"),
    },
  });
}
