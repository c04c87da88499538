import { DatabaseSync, type StatementSync } from "node:sqlite";
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
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

/**
 * A deferred BEGIN fails with SQLITE_BUSY when another process (the admin CLI, a second server)
 * holds the write lock mid-transaction; BEGIN IMMEDIATE takes the lock up front and waits for it
 * under busy_timeout instead.
 */
class ImmediateSqliteDriver extends SqliteDriver {
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
    return new ImmediateSqliteDriver({ database: this.#database });
  }
}

/** Opens the SQLite file with the settings orders need: WAL, full fsync on commit, a busy wait. */
export function createSqliteDialect(filename: string): SqliteDialect {
  const db = new DatabaseSync(filename);
  db.exec("pragma journal_mode = wal");
  // A placed order must survive power loss, not only a crashed process.
  db.exec("pragma synchronous = full");
  db.exec("pragma busy_timeout = 5000");
  db.exec("pragma foreign_keys = on");
  return new NodeSqliteDialect(new NodeSqliteDatabase(db));
}
