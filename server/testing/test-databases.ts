import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, inject, it } from "vitest";
import { type DatabaseHandle, type Engine, openDatabase } from "../db/database.ts";
import { migrateToLatest, withSchemaLock } from "../db/migrate.ts";
import type { Db } from "../db/schema.ts";
import { copyPostgresTemplate, copySqliteTemplate, type DatabaseTemplates } from "./database-templates.ts";
import { createScratchSchema } from "./scratch-schema.ts";

declare module "vitest" {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
  }
}

/** The migrated templates of this run, when the run made them (tests/database-templates.ts). */
function templates(): DatabaseTemplates {
  try {
    return inject("databaseTemplates") ?? {};
  } catch {
    return {};
  }
}

export type TestDatabase = { db: Db; engine: Engine; url: string; schema?: string };

type Disposable = TestDatabase & { dispose: () => Promise<void> };

/** A SQLite file in a temporary folder of its own, prepared by `prepare` before it is opened. */
function sqliteInFolder(prefix: string, prepare: (file: string) => void = () => undefined): Disposable {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  const file = path.join(dir, "shop.db");
  prepare(file);
  const url = `file:${file}`;
  const handle = openDatabase(url);
  return {
    db: handle.db,
    engine: "sqlite",
    url,
    dispose: async () => {
      await handle.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A fresh, migrated SQLite file in a temporary folder: a copy of the run's template when there is one. */
export async function createSqliteTestDatabase(): Promise<Disposable> {
  const template = templates().sqlite;
  const database = sqliteInFolder("shop-test-", (file) => {
    if (template) copySqliteTemplate(template, file);
  });
  if (!template) await migrateToLatest(database.db);
  return database;
}

/**
 * A fresh, migrated PostgreSQL database of its own: a copy of the run's template database when
 * there is one, else a migrated schema of its own in the database of TEST_DATABASE_URL.
 */
export async function createPostgresTestDatabase(
  baseUrl: string,
  poolSize?: number,
): Promise<TestDatabase & { dispose: () => Promise<void> }> {
  const template = templates().postgres;
  if (template) {
    const copy = await copyPostgresTemplate(template);
    const handle = openDatabase(copy.url, { poolSize });
    return {
      db: handle.db,
      engine: "postgres",
      url: copy.url,
      dispose: async () => {
        await handle.close();
        await copy.drop();
      },
    };
  }
  const database = await postgresScratchSchema(baseUrl, poolSize);
  await withSchemaLock(database.db, () => migrateToLatest(database.db));
  return database;
}

/** A schema of its own in the database of `baseUrl`, empty. */
async function postgresScratchSchema(baseUrl: string, poolSize?: number): Promise<Disposable> {
  const scratch = await createScratchSchema(baseUrl, "test");
  const handle: DatabaseHandle = openDatabase(scratch.url, { poolSize });
  return {
    db: handle.db,
    engine: "postgres",
    url: scratch.url,
    schema: scratch.schema,
    dispose: async () => {
      await handle.close();
      await scratch.drop();
    },
  };
}

export function postgresUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || undefined;
}

/**
 * Runs a suite once on SQLite and once on PostgreSQL (when TEST_DATABASE_URL is set), each on a fresh
 * database of its own. Under CI a missing PostgreSQL fails the run instead of being skipped.
 */
export function describeEachDatabase(
  name: string,
  suite: (database: () => TestDatabase, engine: Engine) => void,
): void {
  describeOn("sqlite", name, createSqliteTestDatabase, suite);
  const url = postgresUrl();
  if (url) {
    describeOn("postgres", name, () => createPostgresTestDatabase(url), suite);
  } else if (process.env.CI === "true") {
    describe(`${name} [postgres]`, () => {
      it("needs PostgreSQL: TEST_DATABASE_URL must be set under CI", () => {
        throw new Error("TEST_DATABASE_URL is not set, so the PostgreSQL half of this suite cannot run.");
      });
    });
  }
}

/** An empty database of each engine, not migrated: for tests of a migration itself. */
async function emptySqliteDatabase(): Promise<Disposable> {
  return sqliteInFolder("shop-empty-");
}

/** Runs a suite on an empty, unmigrated database of each engine: for tests that migrate step by step. */
export function describeEachEmptyDatabase(name: string, suite: (database: () => TestDatabase) => void): void {
  describeOn("sqlite", name, emptySqliteDatabase, suite);
  const url = postgresUrl();
  if (url) describeOn("postgres", name, () => postgresScratchSchema(url), suite);
}

/**
 * Runs a suite on SQLite alone: for behaviour that no database takes part in (how forwarded
 * addresses are believed, which headers a page carries), where a second engine would prove nothing.
 */
export function describeOnSqlite(name: string, suite: (database: () => TestDatabase) => void): void {
  describeOn("sqlite", name, createSqliteTestDatabase, suite);
}

function describeOn(
  engine: Engine,
  name: string,
  create: () => Promise<TestDatabase & { dispose: () => Promise<void> }>,
  suite: (database: () => TestDatabase, engine: Engine) => void,
): void {
  describe(`${name} [${engine}]`, () => {
    let current: (TestDatabase & { dispose: () => Promise<void> }) | undefined;
    beforeAll(async () => {
      current = await create();
    });
    afterAll(async () => {
      await current?.dispose();
    });
    suite(() => {
      if (!current) throw new Error("The test database is not ready yet.");
      return current;
    }, engine);
  });
}
