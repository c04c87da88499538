/**
 * `npm run bench:product-csv`: the product file in Shopify's layout (record 41), read and written.
 * - Check: 5,000 rows (1,250 products of four sizes, two pictures each) read from the file's bytes
 *   and checked, against an empty shop (every product a new one) and against a shop that holds
 *   them all (every product looked up, every size matched). Median and slowest of 5 runs.
 * - Export: the demo catalogue to memory, and 100,000 products (made in memory as the rows are
 *   written) streamed to a file: time, rows, bytes, and the process's peak memory while it ran.
 * Options: `-- --rows N` for another row count to check, `-- --products N` for another export.
 */
import { createWriteStream, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { buffer } from "node:stream/consumers";
import { pipeline } from "node:stream/promises";
import { checkProductCsv } from "../server/catalog/csv/product-csv-check.ts";
import { productCsvRows, productCsvStream } from "../server/catalog/csv/product-csv-export.ts";
import { readProductCsv } from "../server/catalog/csv/product-csv-file.ts";
import { PRODUCT_CSV_HEADER } from "../server/catalog/csv/product-csv-layout.ts";
import { csvText } from "../server/csv/csv-writer.ts";
import {
  demoTransferProducts,
  EMPTY_SHOP,
  lookupOf,
  syntheticTransferProduct,
} from "../server/testing/transfer-products.ts";

const option = (name: string, fallback: number) => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
};
const ROWS = option("--rows", 5_000);
const EXPORTED = option("--products", 100_000);
const RUNS = 5;

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const ms = (value: number) => `${value.toFixed(0)} ms`;

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const start = performance.now();
  const result = await work();
  return { result, ms: performance.now() - start };
}

/** Peak resident memory while work runs, sampled every 20 ms. */
async function withPeakMemory<T>(work: () => Promise<T>): Promise<{ result: T; peak: number }> {
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  try {
    const result = await work();
    return { result, peak: Math.max(peak, process.memoryUsage().rss) };
  } finally {
    clearInterval(sampler);
  }
}

async function benchCheck(): Promise<void> {
  const products = Array.from({ length: Math.ceil(ROWS / 4) }, (_, index) => syntheticTransferProduct(index + 1));
  const file = Buffer.from(csvText([PRODUCT_CSV_HEADER, ...products.flatMap(productCsvRows)]), "utf8");
  console.log(
    `Check: ${(products.length * 4).toLocaleString("en-IN")} rows, ${products.length.toLocaleString("en-IN")} products, ${mb(file.length)}`,
  );
  for (const [name, shop] of [
    ["new shop", EMPTY_SHOP],
    ["shop holding them", lookupOf(products)],
  ] as const) {
    const reads: number[] = [];
    const checks: number[] = [];
    let summary = "";
    for (let run = 0; run < RUNS; run++) {
      const read = await timed(() => readProductCsv([file]));
      const check = await timed(async () => checkProductCsv(read.result, shop));
      reads.push(read.ms);
      checks.push(check.ms);
      const plan = check.result;
      summary = `${plan.creates.length} to create, ${plan.updates.length} to change, ${plan.unchanged.length} unchanged, ${plan.problems.length} problems`;
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    console.log(
      `  ${name.padEnd(18)} read ${ms(median(reads))} (slowest ${ms(Math.max(...reads))}) · check ${ms(median(checks))} (slowest ${ms(Math.max(...checks))}) · ${summary}`,
    );
  }
}

async function benchDemoExport(): Promise<void> {
  const demo = demoTransferProducts();
  const { result, ms: took } = await timed(async () => buffer(productCsvStream(demo)));
  const rows = demo.reduce((sum, product) => sum + Math.max(product.sizes.length, product.images.length), 0);
  console.log(
    `Export, demo catalogue: ${demo.length} products, ${rows} rows, ${(result.length / 1024).toFixed(0)} kB in ${ms(took)}`,
  );
}

async function benchLargeExport(dir: string): Promise<void> {
  const target = path.join(dir, "products.csv");
  function* products() {
    for (let id = 1; id <= EXPORTED; id++) yield syntheticTransferProduct(id);
  }
  const before = process.memoryUsage().rss;
  const { result, peak } = await withPeakMemory(() =>
    timed(() => pipeline(productCsvStream(products()), createWriteStream(target))),
  );
  console.log(
    `Export, ${EXPORTED.toLocaleString("en-IN")} products: ${(EXPORTED * 4).toLocaleString("en-IN")} rows, ${mb(statSync(target).size)} in ${(result.ms / 1000).toFixed(1)} s · memory ${mb(before)} before, ${mb(peak)} at most`,
  );
}

const dir = mkdtempSync(path.join(tmpdir(), "bench-product-csv-"));
try {
  await benchCheck();
  await benchDemoExport();
  await benchLargeExport(dir);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
