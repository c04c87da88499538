/**
 * `npm run bench:http`: an anonymous category page under load (autocannon, 100 connections) against a
 * static file of the very same bytes served by the same server. Prints both rates, their ratio and
 * p99 latency. Runs the production build on SQLite with the demo catalogue, in a process of its own.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { buildIfStale } from "../scripts/build-if-stale.ts";
import { ROOT, startShopProcess } from "./shop-process.ts";

const PAGE = process.env.BENCH_PAGE ?? "/pakistani-suits";
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);

function load(url: string, duration = SECONDS) {
  return new Promise<autocannon.Result>((resolve, reject) => {
    autocannon({ url, connections: 100, duration }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

buildIfStale();
const dataDir = mkdtempSync(path.join(tmpdir(), "bench-http-"));
const staticName = `bench-${process.pid}.html`;
const staticFile = path.join(ROOT, "build", "client", staticName);
// The static file must exist when the server starts (static routes are set up then), so a first run
// of the shop fetches the page's bytes and a second one serves both.
const database = { DATABASE_URL: `file:${path.join(dataDir, "shop.db")}` };
const first = await startShopProcess(database);
const body = Buffer.from(await (await fetch(`${first.baseUrl}${PAGE}`)).arrayBuffer());
await first.stop();
writeFileSync(staticFile, body);
const { baseUrl, stop } = await startShopProcess(database);
try {
  console.log(`Page ${PAGE}: ${body.length} bytes; ${SECONDS} s at 100 connections each.`);
  // A few seconds of warm-up first, so that the figures are the shop's, not the JIT's.
  await load(`${baseUrl}${PAGE}`, 3);
  const dynamic = await load(`${baseUrl}${PAGE}`);
  await load(`${baseUrl}/${staticName}`, 3);
  const fixed = await load(`${baseUrl}/${staticName}`);
  const line = (name: string, result: autocannon.Result) =>
    `${name.padEnd(16)} ${result.requests.average.toFixed(0).padStart(6)} req/s · p50 ${result.latency.p50} ms · p99 ${result.latency.p99} ms · errors ${result.errors + result.non2xx}`;
  console.log(line("category page", dynamic));
  console.log(line("static file", fixed));
  console.log(
    `ratio: the page serves at ${((dynamic.requests.average / fixed.requests.average) * 100).toFixed(1)}% of the static file's rate`,
  );
} finally {
  rmSync(staticFile, { force: true });
  await stop();
  rmSync(dataDir, { recursive: true, force: true });
}
