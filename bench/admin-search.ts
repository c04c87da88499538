/**
 * `npm run bench:admin-search`: the administrator's Products and Orders searches at 100k products
 * and 100k orders (BENCH_SIZES for other sizes), on SQLite, and on PostgreSQL when
 * BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set. For each search it prints p50 and p95 of the
 * service call (the page of 20 rows), the rows found, and on PostgreSQL the indexes its plan reads.
 *
 * The orders are written straight into the table (no lines), spread over ten cities (Chennai is a
 * tenth) and a hundred pincodes per city (600040 is a thousandth), newest last. Bounded: RUNS timed
 * runs per search (default 40) and at most BENCH_SECONDS (default 8) seconds per search.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { CamelCasePlugin, Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { SYSTEM } from "#core/actor.ts";
import { dashboardQuerySchema } from "#server/admin/admin.schemas.ts";
import { adminOrders, adminProducts } from "#server/admin/admin.service.ts";
import { engineOf, openDatabase } from "#server/db/database.ts";
import { migrateToLatest } from "#server/db/migrate.ts";
import type { Database, Db } from "#server/db/schema.ts";
import { createScratchSchema } from "#server/testing/scratch-schema.ts";
import { loadSyntheticCatalogue } from "./synthetic-catalogue.ts";

const SIZES = (process.env.BENCH_SIZES ?? "100000").split(",").map(Number);
const ENGINES = (process.env.BENCH_ENGINES ?? "sqlite,postgres").split(",");
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);

const CITIES: [string, string, string][] = [
  ["Mumbai", "27", "4000"],
  ["Delhi", "07", "1100"],
  ["Bengaluru", "29", "5600"],
  ["Chennai", "33", "6000"],
  ["Kolkata", "19", "7000"],
  ["Hyderabad", "36", "5000"],
  ["Pune", "27", "4110"],
  ["Ahmedabad", "24", "3800"],
  ["Jaipur", "08", "3020"],
  ["Lucknow", "09", "2260"],
];
const NAMES = ["Asha Verma", "Meena Raman", "Kavya Iyer", "Riya Shah", "Sana Khan", "Priya Nair", "Anjali Rao"];

const SEARCHES: { tab: "products" | "orders"; q?: string; status?: string }[] = [
  { tab: "products" },
  { tab: "products", q: "kurti" },
  { tab: "products", q: "salwar" },
  { tab: "products", q: "blue" },
  { tab: "products", q: "chikankari kurti" },
  { tab: "products", q: "77777" },
  { tab: "orders" },
  { tab: "orders", status: "placed" },
  { tab: "orders", q: "chennai" },
  { tab: "orders", q: "600040" },
  { tab: "orders", q: "meena chennai" },
  { tab: "orders", q: "ks 177777" },
  { tab: "orders", q: "chennai", status: "shipped" },
];

function percentile(sorted: number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? Number.NaN;
}

async function loadOrders(db: Db, count: number): Promise<void> {
  const now = Date.now();
  for (let start = 0; start < count; start += 500) {
    const rows = [];
    for (let index = start; index < Math.min(count, start + 500); index++) {
      const [city, stateCode, pin] = CITIES[index % CITIES.length] ?? ["Mumbai", "27", "4000"];
      const number = 100_001 + index;
      rows.push({
        orderNumber: `KS-${number}`,
        paymentRef: `pay_bench${number}`,
        accessToken: `token${number}`,
        idempotencyKey: `key${number}`,
        requestFingerprint: "bench",
        email: `buyer${number}@mail.in`,
        name: NAMES[index % NAMES.length] ?? "Asha Verma",
        address: "Flat 7, Palm Court, Linking Road",
        city,
        stateCode,
        pincode: `${pin}${String(Math.floor(index / CITIES.length) % 100).padStart(2, "0")}`,
        phone: `98200${String(number).padStart(5, "0")}`,
        status: index % 3 === 0 ? ("shipped" as const) : ("placed" as const),
        subtotal: 100_000,
        shipping: 0,
        pointsEarned: 0,
        pointsRedeemed: 0,
        total: 100_000,
        itemCount: 1,
        createdAt: now - (count - index) * 1000,
        updatedAt: now,
      });
    }
    await db.insertInto("orders").values(rows).execute();
  }
  if (engineOf(db) === "postgres") await sql`vacuum analyze orders`.execute(db);
  else await sql`analyze`.execute(db);
}

/**
 * The indexes PostgreSQL's plans read for a call: the call is made again through a database handle
 * that notes its statements, and each statement on products or orders is explained.
 */
async function indexesRead(url: string, run: (db: Db) => Promise<unknown>): Promise<string> {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const statements: { sql: string; parameters: readonly unknown[] }[] = [];
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    plugins: [new CamelCasePlugin({ underscoreBeforeDigits: true })],
    log: (event) => {
      if (event.level === "query") statements.push(event.query);
    },
  });
  try {
    await run(db);
    const found = new Set<string>();
    for (const statement of statements.filter((each) => /from "(products|orders)"/.test(each.sql))) {
      const plan = await pool.query(`explain ${statement.sql}`, [...statement.parameters]);
      for (const row of plan.rows as { "QUERY PLAN": string }[]) {
        const index = /Scan(?: Backward)? using (\w+)|Bitmap Index Scan on (\w+)/.exec(row["QUERY PLAN"]);
        if (index) found.add(index[1] ?? index[2] ?? "");
      }
    }
    return [...found].join(", ") || "none (reads the table)";
  } finally {
    await db.destroy();
  }
}

async function measure(engine: string, url: string, size: number, dispose: () => Promise<void>) {
  const handle = openDatabase(url);
  try {
    await migrateToLatest(handle.db);
    const loadStart = performance.now();
    await loadSyntheticCatalogue(handle.db, size);
    await loadOrders(handle.db, size);
    console.log(
      `\n${engine} · ${size.toLocaleString("en-IN")} products and orders · loaded in ${((performance.now() - loadStart) / 1000).toFixed(0)} s`,
    );
    console.log("tab      │ search            │ status  │ p50 ms │ p95 ms │ rows │ indexes (PostgreSQL)");
    for (const search of SEARCHES) {
      const query = dashboardQuerySchema.parse(search);
      const call = (db: Db = handle.db) =>
        search.tab === "products" ? adminProducts(db, SYSTEM, query) : adminOrders(db, SYSTEM, query);
      const first = await call();
      const times: number[] = [];
      const until = performance.now() + SECONDS * 1000;
      for (let run = 0; run < RUNS && performance.now() < until; run++) {
        const start = performance.now();
        await call();
        times.push(performance.now() - start);
      }
      times.sort((a, b) => a - b);
      const indexes = engine === "postgres" ? await indexesRead(url, (db) => call(db)) : "";
      console.log(
        [
          search.tab.padEnd(8),
          (search.q ?? "—").padEnd(17),
          (search.status ?? "all").padEnd(7),
          percentile(times, 0.5).toFixed(2).padStart(6),
          percentile(times, 0.95).toFixed(2).padStart(6),
          String(first.rows.length).padStart(4),
          indexes,
        ].join(" │ "),
      );
    }
  } finally {
    await handle.close();
    await dispose();
  }
}

for (const size of SIZES) {
  if (ENGINES.includes("sqlite")) {
    const dir = mkdtempSync(path.join(tmpdir(), "bench-admin-search-"));
    await measure("sqlite", `file:${path.join(dir, "shop.db")}`, size, async () =>
      rmSync(dir, { recursive: true, force: true }),
    );
  }
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (ENGINES.includes("postgres")) {
    if (!pgUrl) console.log("PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL).");
    else {
      const scratch = await createScratchSchema(pgUrl, "bench");
      await measure("postgres", scratch.url, size, scratch.drop);
    }
  }
}
process.exit(0);
