import { DatabaseSync, type StatementSync } from "node:sqlite";
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  type SqliteDatabase,
  SqliteDialect,
  SqliteDriver,
  type SqliteStatement,
} from "kysely";

type SqliteValue = null | number | bigint | string | NodeJS.ArrayBufferView;

/**
 * Adapts Node's built-in `node:sqlite` to the interface Kysely's SQLite dialect expects, and keeps
 * prepared statements: the shop runs the same few queries over and over.
 */
class NodeSqliteDatabase implements SqliteDatabase {
  readonly #db: DatabaseSync;
  readonly #statements = new Map<string, SqliteStatement>();

  constructor(db: DatabaseSync) {
    this.#db = db;
  }

  close(): void {
    this.#statements.clear();
    if (this.#db.isOpen) this.#db.close();
  }

  prepare(sql: string): SqliteStatement {
    const cached = this.#statements.get(sql);
    if (cached) return cached;
    const statement = wrapStatement(this.#db.prepare(sql));
    // A bounded cache: ad-hoc SQL (migrations, odd admin queries) must not grow it forever.
    if (this.#statements.size >= 500) this.#statements.clear();
    this.#statements.set(sql, statement);
    return statement;
  }
}

function wrapStatement(statement: StatementSync): SqliteStatement {
  return {
    reader: statement.columns().length > 0,
    all: (parameters) => statement.all(...(parameters as SqliteValue[])),
    run: (parameters) => statement.run(...(parameters as SqliteValue[])),
    iterate: (parameters) => statement.iterate(...(parameters as SqliteValue[])),
  };
}

/** SQLite's answer when another connection holds the lock a statement needs. */
const SQLITE_BUSY = 5;
// How long a statement waits for another process's write lock before the request fails.
const LOCK_WAIT_MS = 5_000;

function isBusy(error: unknown): boolean {
  return (error as { errcode?: number } | null)?.errcode === SQLITE_BUSY;
}

/**
 * Runs statements on the one connection, and waits for another process's write lock without
 * stopping the process: SQLite's own busy wait sleeps inside the call, so while one worker
 * committed, the other worker's every request (cached pages too) stood still for up to tens of
 * milliseconds (record 18). Here the connection's busy timeout is zero, and a statement refused
 * with SQLITE_BUSY (which has done nothing) is tried again after yielding, for LOCK_WAIT_MS.
 */
class WaitingConnection implements DatabaseConnection {
  readonly #db: SqliteDatabase;

  constructor(db: SqliteDatabase) {
    this.#db = db;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const deadline = Date.now() + LOCK_WAIT_MS;
    for (let attempt = 0; ; attempt++) {
      try {
        return this.#execute<R>(query);
      } catch (error) {
        if (!isBusy(error) || Date.now() > deadline) throw error;
        // The first tries yield only to what is waiting; then a millisecond or two, as a commit takes.
        await new Promise((resolve) =>
          attempt < 3 ? setImmediate(resolve) : setTimeout(resolve, Math.min(attempt, 5)),
        );
      }
    }
  }

  #execute<R>({ sql, parameters }: CompiledQuery): QueryResult<R> {
    const statement = this.#db.prepare(sql);
    if (statement.reader) return { rows: statement.all(parameters) as R[] };
    const { changes, lastInsertRowid } = statement.run(parameters);
    return {
      insertId: lastInsertRowid == null ? undefined : BigInt(lastInsertRowid),
      numAffectedRows: changes == null ? undefined : BigInt(changes),
      rows: [],
    };
  }

  // biome-ignore lint/correctness/useYield: the shop never streams from SQLite; Kysely's interface asks for it.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error("Streaming is not supported on SQLite here.");
  }
}

/**
 * BEGIN IMMEDIATE, not a deferred BEGIN: a deferred one fails with SQLITE_BUSY halfway through a
 * transaction when another process (the admin CLI, a second worker) took the write lock since;
 * IMMEDIATE takes the lock up front, and waits for it as every statement does (above).
 */
class WaitingSqliteDriver extends SqliteDriver {
  readonly #connection: WaitingConnection;

  constructor(database: SqliteDatabase) {
    super({ database });
    this.#connection = new WaitingConnection(database);
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    return this.#connection;
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }
}

class NodeSqliteDialect extends SqliteDialect {
  readonly #database: SqliteDatabase;

  constructor(database: SqliteDatabase) {
    super({ database });
    this.#database = database;
  }

  override createDriver(): Driver {
    return new WaitingSqliteDriver(this.#database);
  }
}

/** Opens the SQLite file with the settings orders need: WAL, full fsync on commit, no busy sleep. */
export function createSqliteDialect(filename: string): SqliteDialect {
  const db = new DatabaseSync(filename);
  db.exec("pragma journal_mode = wal");
  // A placed order must survive power loss, not only a crashed process.
  db.exec("pragma synchronous = full");
  // Waiting for another process's lock is the connection's job, without blocking (see above).
  db.exec("pragma busy_timeout = 0");
  db.exec("pragma foreign_keys = on");
  return new NodeSqliteDialect(new NodeSqliteDatabase(db));
}
