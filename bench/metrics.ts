/**
 * `npm run bench:metrics`: what a Prometheus scrape of /metrics costs the shop: 200 scrapes one
 * after another on a shop that has served some traffic (times per scrape, body size), and the
 * anonymous category page's rate with and without a scraper asking 10 times a second.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { buildIfStale } from "../scripts/build-if-stale.ts";
import { startShopProcess } from "../scripts/shop-process.ts";

const TOKEN = "bench-metrics-token-0123456789";
const headers = { authorization: `Bearer ${TOKEN}` };

function load(url: string, seconds: number) {
  return new Promise<autocannon.Result>((resolve, reject) => {
    autocannon({ url, connections: 50, duration: seconds }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

buildIfStale();
const dataDir = mkdtempSync(path.join(tmpdir(), "bench-metrics-"));
const shop = await startShopProcess({
  DATABASE_URL: `file:${path.join(dataDir, "shop.db")}`,
  METRICS_TOKEN: TOKEN,
  WEB_CONCURRENCY: "1",
});
try {
  const page = `${shop.baseUrl}/pakistani-suits`;
  await load(page, 3);
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < 200; i++) {
    const started = performance.now();
    const response = await fetch(`${shop.baseUrl}/metrics`, { headers });
    bytes = (await response.arrayBuffer()).byteLength;
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => (times[Math.floor(q * (times.length - 1))] ?? 0).toFixed(2);
  console.log(`/metrics: p50 ${at(0.5)} ms · p95 ${at(0.95)} ms per scrape · ${(bytes / 1024).toFixed(1)} KB`);
  const quiet = await load(page, 8);
  let scraping = true;
  const scraper = (async () => {
    while (scraping) {
      await fetch(`${shop.baseUrl}/metrics`, { headers }).then((response) => response.arrayBuffer());
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  const scraped = await load(page, 8);
  scraping = false;
  await scraper;
  console.log(
    `category page: ${quiet.requests.average.toFixed(0)} req/s alone · ${scraped.requests.average.toFixed(0)} req/s with 10 scrapes a second`,
  );
} finally {
  await shop.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
