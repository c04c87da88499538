import { randomBytes } from "node:crypto";
import pg from "pg";

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
  return { url: url.toString(), schema, drop: () => adminQuery(baseUrl, `drop schema ${schema} cascade`) };
}

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
