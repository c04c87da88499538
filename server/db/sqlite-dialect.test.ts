import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { CompiledQuery, Kysely } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { createSqliteDialect } from "./sqlite-dialect.ts";

describe("a SQLite file shared with another process", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "sqlite-lock-"));
  const file = path.join(dir, "shop.db");
  // The other process: a second worker, or the admin's command line.
  const other = new DatabaseSync(file);
  other.exec("pragma journal_mode = wal; create table sales (n integer)");
  const db = new Kysely<{ sales: { n: number } }>({ dialect: createSqliteDialect(file) });
  afterAll(async () => {
    await db.destroy();
    other.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("waits for the other's write lock while the process keeps answering, then writes", async () => {
    other.exec("begin immediate");
    other.exec("insert into sales values (1)");
    // The other commits only after this process has had twenty turns of its event loop: a wait
    // that blocked the process would never see them, and would give up with "database is locked".
    let turns = 0;
    const others = setInterval(() => {
      turns++;
      if (turns === 20) other.exec("commit");
    }, 1);
    try {
      await db.transaction().execute(async (transaction) => {
        await transaction.executeQuery(CompiledQuery.raw("insert into sales values (2)"));
      });
    } finally {
      clearInterval(others);
    }
    expect(turns).toBeGreaterThanOrEqual(20);
    const rows = await db.selectFrom("sales").select("n").orderBy("n").execute();
    expect(rows.map((row) => row.n)).toEqual([1, 2]);
  });

  it("waits the same way for a single statement outside a transaction", async () => {
    other.exec("begin immediate");
    let turns = 0;
    const others = setInterval(() => {
      turns++;
      if (turns === 20) other.exec("commit");
    }, 1);
    try {
      await db.insertInto("sales").values({ n: 3 }).execute();
    } finally {
      clearInterval(others);
    }
    expect(turns).toBeGreaterThanOrEqual(20);
    expect(await db.selectFrom("sales").select("n").where("n", "=", 3).execute()).toHaveLength(1);
  });
});
