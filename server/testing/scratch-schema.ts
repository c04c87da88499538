import { randomBytes } from "node:crypto";
import pg from "pg";
import { SCHEMA_LOCK } from "../db/migrate.ts";

/**
 * A schema of its own in a PostgreSQL database, and a URL whose connections work in it: tests and
 * benchmarks share one database without seeing each other's tables.
 */
export async function createScratchSchema(
  baseUrl: string,
  prefix: string,
): Promise<{ url: string; schema: string; drop: () => Promise<void> }> {
  const schema = `${prefix}_${randomBytes(6).toString("hex")}`;
  await adminQuery(baseUrl, `create schema ${schema}`);
  const url = new URL(baseUrl);
  url.searchParams.set("options", `-c search_path=${schema},public`);
  // The drop waits for the schema lock, so that no migrator elsewhere is reading the catalogue
  // (it looks at every schema) while this one disappears.
  // Each statement commits on its own: the lock is let go only after the drop has committed.
  const drop = () =>
    adminQuery(
      baseUrl,
      `select pg_advisory_lock(${SCHEMA_LOCK})`,
      `drop schema ${schema} cascade`,
      `select pg_advisory_unlock(${SCHEMA_LOCK})`,
    );
  return { url: url.toString(), schema, drop };
}

async function adminQuery(url: string, ...statements: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}
