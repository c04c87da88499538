/**
 * `npm run bench:product-files`: product files against the database (record 46), on SQLite and, when
 * BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set, on PostgreSQL.
 * - Import: 5,000 rows (1,250 products of four sizes) into an empty shop, checked again and written
 *   one transaction per product; then the same file again (every product looked up, nothing changed).
 * - Export: the demo catalogue (70 products) and 100,000 products, streamed from the database to a
 *   file: time, rows, bytes, and the process's peak memory while it ran.
 * Options: `-- --rows N`, `-- --products N`.
 */
import { createWriteStream, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { pipeline } from "node:stream/promises";
import { SYSTEM } from "#core/actor.ts";
import { createProduct } from "#server/catalog/catalog-admin.service.ts";
import { productCsvRows } from "#server/catalog/csv/product-csv-export.ts";
import { PRODUCT_CSV_HEADER } from "#server/catalog/csv/product-csv-layout.ts";
import { exportProducts, importProductFile } from "#server/catalog/csv/product-files.service.ts";
import { csvText } from "#server/csv/csv-writer.ts";
import { openDatabase } from "#server/db/database.ts";
import { migrateToLatest } from "#server/db/migrate.ts";
import type { Db } from "#server/db/schema.ts";
import { demoProductInput, loadDemoCatalogue } from "#server/demo/demo-catalogue.ts";
import { createScratchSchema } from "#server/testing/scratch-schema.ts";
import { syntheticTransferProduct } from "#server/testing/transfer-products.ts";
import { loadSyntheticCatalogue } from "./synthetic-catalogue.ts";

const option = (name: string, fallback: number) => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
};
const ROWS = option("--rows", 5_000);
const EXPORTED = option("--products", 100_000);
const PUBLIC_URL = "https://kesar.example";
const mb = (bytes: number) =>
  bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(0)} kB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; seconds: number; peak: number }> {
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const start = performance.now();
  try {
    const result = await work();
    return { result, seconds: (performance.now() - start) / 1000, peak: Math.max(peak, process.memoryUsage().rss) };
  } finally {
    clearInterval(sampler);
  }
}

async function exportTo(db: Db, dir: string, name: string) {
  const target = path.join(dir, name);
  const run = await timed(() =>
    pipeline(exportProducts(db, SYSTEM, { publicUrl: PUBLIC_URL }), createWriteStream(target)),
  );
  return { ...run, bytes: statSync(target).size };
}

async function bench(engine: string, open: () => Promise<{ url: string; drop: () => Promise<void> }>, dir: string) {
  const products = Array.from({ length: Math.ceil(ROWS / 4) }, (_, index) => ({
    ...syntheticTransferProduct(index + 1),
    handle: `bench-kurta-set-${index + 1}`,
    images: [],
  }));
  // Pictures of the shop's own address, so the import stores them as they are and fetches none.
  const withPictures = products.map((product) => ({
    ...product,
    images: [`${PUBLIC_URL}/uploads/products/p${product.id}-960.webp`],
  }));
  const file = Buffer.from(csvText([PRODUCT_CSV_HEADER, ...withPictures.flatMap(productCsvRows)]), "utf8");
  for (const [what, prepare] of [
    ["import", async (_db: Db) => {}],
    [
      "demo",
      async (db: Db) => {
        for (const demo of loadDemoCatalogue())
          await createProduct(db, SYSTEM, demoProductInput(demo, ["products/demo"]));
      },
    ],
    ["large", async (db: Db) => loadSyntheticCatalogue(db, EXPORTED)],
  ] as const) {
    const target = await open();
    const handle = openDatabase(target.url);
    try {
      await migrateToLatest(handle.db);
      await prepare(handle.db);
      if (what === "import") {
        const first = await timed(() =>
          importProductFile(handle.db, SYSTEM, [file], { publicUrl: PUBLIC_URL, fileName: "bench.csv" }),
        );
        const again = await timed(() =>
          importProductFile(handle.db, SYSTEM, [file], { publicUrl: PUBLIC_URL, fileName: "bench.csv" }),
        );
        console.log(
          `${engine.padEnd(8)} import ${(products.length * 4).toLocaleString("en-IN")} rows (${mb(file.length)}): ${first.seconds.toFixed(1)} s, ${first.result.created.length} created, ${first.result.skipped.length} skipped · again: ${again.seconds.toFixed(1)} s, ${again.result.unchanged} unchanged`,
        );
      } else {
        const before = process.memoryUsage().rss;
        const run = await exportTo(handle.db, dir, `${engine}-${what}.csv`);
        const count = what === "demo" ? loadDemoCatalogue().length : EXPORTED;
        console.log(
          `${engine.padEnd(8)} export ${count.toLocaleString("en-IN")} products: ${mb(run.bytes)} in ${(run.seconds * 1000).toFixed(0)} ms · memory ${mb(before)} before, ${mb(run.peak)} at most`,
        );
      }
    } finally {
      await handle.close();
      await target.drop();
    }
  }
}

const dir = mkdtempSync(path.join(tmpdir(), "bench-product-files-"));
try {
  let next = 0;
  await bench(
    "sqlite",
    async () => {
      const file = path.join(dir, `shop-${next++}.db`);
      return { url: `file:${file}`, drop: async () => rmSync(file, { force: true }) };
    },
    dir,
  );
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (pgUrl) await bench("postgres", () => createScratchSchema(pgUrl, "bench"), dir);
  else console.log("PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL).");
} finally {
  rmSync(dir, { recursive: true, force: true });
}
