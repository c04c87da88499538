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
  /**
   * PostgreSQL only: told when a pooled connection breaks (the database stopped, or the network to
   * it). The query it was running fails with its own error; the pool opens a new connection when
   * next asked. Without a listener such an error would end the process.
   */
  onConnectionError?: (error: Error) => void;
};

const INT8_OID = 20;
/**
 * How long a request waits for a connection (a new one, or a free one from the pool) before it is
 * refused: a database whose host stopped answering must not hold requests for the two minutes TCP
 * takes to give up.
 */
const CONNECT_TIMEOUT_MS = 10_000;

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
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // A connection whose other end vanished silently is found out, not kept for ever.
    keepAlive: true,
    // Epoch-millisecond times are bigint columns; they fit a JS number exactly.
    types: {
      getTypeParser: (oid: number, format?: string) =>
        oid === INT8_OID ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format as "text"),
    },
  });
  const report = options.onConnectionError ?? (() => {});
  // A connection that breaks emits "error" whether it is idle in the pool or lent to a request
  // (the pool listens only while it is idle): each one gets a listener of its own for its life.
  pool.on("connect", (client) => client.on("error", report));
  // The pool passes an idle connection's error on; the listener above has reported it already.
  pool.on("error", () => {});
  return pool;
}

// Network failures, and PostgreSQL's own codes for a server that is stopping, starting or full.
const UNREACHABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "57P01",
  "57P02",
  "57P03",
  "53300",
]);
// What pg says when a connection ends under a query, cannot be had in time, or is already broken.
const UNREACHABLE_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

/**
 * Whether an error says that the database cannot be reached at the moment (as opposed to a query
 * it refused): the request may succeed when tried again shortly. Looks through wrapped causes.
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    if (current instanceof AggregateError && current.errors.some(isDatabaseUnreachable)) return true;
    const code = (current as { code?: unknown }).code;
    // Class 08: connection exceptions.
    if (typeof code === "string" && (UNREACHABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
    if (current instanceof Error && UNREACHABLE_MESSAGES.test(current.message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
