import { randomBytes } from "node:crypto";
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { openDatabase } from "../db/database.ts";
import { migrateToLatest } from "../db/migrate.ts";

/*
 * Migrated databases made once per test run and copied for each suite: a SQLite file copied on
 * disk, and a PostgreSQL database created from a template database (CREATE DATABASE … TEMPLATE,
 * a file copy inside the server). Running twelve migrations for every suite cost more than the
 * suites themselves.
 */

export type DatabaseTemplates = { sqlite?: string; postgres?: string };

/** Makes the templates; returns them and the clean-up that drops them. */
export async function createDatabaseTemplates(
  postgresUrl: string | undefined,
): Promise<{ templates: DatabaseTemplates; drop: () => Promise<void> }> {
  const dir = mkdtempSync(path.join(tmpdir(), "shop-template-"));
  const sqlite = path.join(dir, "template.db");
  const handle = openDatabase(`file:${sqlite}`);
  await migrateToLatest(handle.db);
  await handle.close();
  const templates: DatabaseTemplates = { sqlite };
  let dropPostgres = async () => {};
  if (postgresUrl) {
    const name = `kesar_template_${randomBytes(5).toString("hex")}`;
    // A role that may not create databases keeps the slower way: a migrated schema per suite.
    if (await tryQuery(postgresUrl, `create database ${name}`)) {
      const url = databaseUrl(postgresUrl, name);
      const template = openDatabase(url, { poolSize: 1 });
      await migrateToLatest(template.db);
      await template.close();
      templates.postgres = url;
      dropPostgres = () => dropDatabase(postgresUrl, name);
    }
  }
  return {
    templates,
    drop: async () => {
      rmSync(dir, { recursive: true, force: true });
      await dropPostgres();
    },
  };
}

/** A copy of the SQLite template at the given path. */
export function copySqliteTemplate(template: string, file: string): void {
  copyFileSync(template, file);
}

/** A new PostgreSQL database copied from the template; its URL and the clean-up that drops it. */
export async function copyPostgresTemplate(template: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const templateName = new URL(template).pathname.slice(1);
  const name = `kesar_test_${randomBytes(6).toString("hex")}`;
  // Two copies of one template at the same moment may be refused ("being accessed by other
  // users"): the second waits its turn.
  for (let attempt = 0; ; attempt++) {
    try {
      await query(template, `create database ${name} template ${templateName}`, "postgres");
      break;
    } catch (error) {
      if (attempt >= 50 || !/being accessed by other users/.test(String(error))) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 + attempt * 20));
    }
  }
  return { url: databaseUrl(template, name), drop: () => dropDatabase(template, name) };
}

/**
 * Drops a test database once its suite has closed its connections. Not WITH (FORCE): that would
 * have to end the server's own autovacuum worker, which a test role may not; a plain DROP ends it
 * itself and waits, and is tried again while another session is still leaving.
 */
export async function dropDatabase(url: string, name: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await query(url, `drop database if exists ${name}`, "postgres");
      return;
    } catch (error) {
      if (attempt >= 20 || !/being accessed by other users/.test(String(error))) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/**
 * The address of another database on the same server, without the base's connection options (a
 * scratch schema's search path).
 */
export function databaseUrl(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  url.searchParams.delete("options");
  return url.toString();
}

/** Runs one statement over a connection of its own (to another database of the server when named). */
async function query(url: string, statement: string, database?: string): Promise<void> {
  const client = new pg.Client({ connectionString: database ? databaseUrl(url, database) : url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function tryQuery(url: string, statement: string): Promise<boolean> {
  try {
    await query(url, statement);
    return true;
  } catch {
    return false;
  }
}
