/**
 * `npm run bench:catalog`: times the listing queries at 1k, 10k and 100k products on SQLite, and on
 * PostgreSQL when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set. Prints p50 and p95 per query.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { listingQuerySchema } from "#server/catalog/catalog.schemas.ts";
import { browseListing } from "#server/catalog/catalog.service.ts";
import { openDatabase } from "#server/db/database.ts";
import { migrateToLatest } from "#server/db/migrate.ts";
import { createScratchSchema } from "#server/testing/scratch-schema.ts";
import { loadSyntheticCatalogue } from "./synthetic-catalogue.ts";

const SIZES = (process.env.BENCH_SIZES ?? "1000,10000,100000").split(",").map(Number);
const RUNS = Number(process.env.BENCH_RUNS ?? 300);

const QUERIES = {
  "filters, page 1": { listing: "ethnic", type: "Ethnic", fabric: "Silk", max: "5000", sort: "low" },
  "filters, page 40": { listing: "ethnic", type: "Ethnic", fabric: "Silk", max: "5000", sort: "low", page: "40" },
  "all, page 40": { listing: "all", sort: "high", page: "40" },
  "search 'silk'": { listing: "all", q: "silk" },
  "search 'kurta'": { listing: "all", q: "kurta" },
  "search, rare": { listing: "all", q: "no. 777" },
} as const;

function percentile(sorted: number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? Number.NaN;
}

async function measure(engine: string, url: string, size: number, dispose: () => Promise<void>) {
  const handle = openDatabase(url);
  try {
    await migrateToLatest(handle.db);
    const loadStart = performance.now();
    await loadSyntheticCatalogue(handle.db, size);
    const loadSeconds = ((performance.now() - loadStart) / 1000).toFixed(1);
    for (const [name, params] of Object.entries(QUERIES)) {
      const query = listingQuerySchema.parse(params);
      for (let run = 0; run < 30; run++) await browseListing(handle.db, query);
      const times: number[] = [];
      let items = 0;
      for (let run = 0; run < RUNS; run++) {
        const start = performance.now();
        items = (await browseListing(handle.db, query)).items.length;
        times.push(performance.now() - start);
      }
      times.sort((a, b) => a - b);
      console.log(
        [
          engine.padEnd(8),
          String(size).padStart(7),
          name.padEnd(18),
          percentile(times, 0.5).toFixed(2).padStart(7),
          percentile(times, 0.95).toFixed(2).padStart(7),
          String(items).padStart(5),
          `${loadSeconds}s`,
        ].join(" │ "),
      );
    }
  } finally {
    await handle.close();
    await dispose();
  }
}

console.log(`engine   │    size │ query              │ p50 ms  │ p95 ms  │ items │ load`);
for (const size of SIZES) {
  const dir = mkdtempSync(path.join(tmpdir(), "bench-catalog-"));
  await measure("sqlite", `file:${path.join(dir, "shop.db")}`, size, async () =>
    rmSync(dir, { recursive: true, force: true }),
  );
}
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (pgUrl) {
  for (const size of SIZES) {
    const scratch = await createScratchSchema(pgUrl, "bench");
    await measure("postgres", scratch.url, size, scratch.drop);
  }
} else {
  console.log("PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL).");
}
