/**
 * `npm run bench:hostile`: what an anonymous visitor can make the shop spend, measured in one
 * process on a fresh SQLite shop: the metrics series and scrape size after 20,000 requests to
 * distinct invented paths, the storage writes made by 500 readiness probes at once, and the median
 * time of Forgot password for an address with an account and for one without.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { startServices } from "#server/bootstrap.ts";
import { loadConfig } from "#server/config.ts";
import { createApp } from "#server/http/app.ts";
import { metrics } from "#server/observability/metrics.ts";
import { buildIfStale } from "../scripts/build-if-stale.ts";

const PATHS = Number(process.env.PATHS ?? 20_000);
/** app/entry.server.tsx aborts a render's stream after its streamTimeout (5 s) and one more second. */
const RENDER_TIMER_MS = 6_000;
const FORM = { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost" };

buildIfStale();
const dir = mkdtempSync(path.join(tmpdir(), "bench-hostile-"));
const config = loadConfig({
  NODE_ENV: "production",
  DATABASE_URL: `file:${path.join(dir, "shop.db")}`,
  UPLOADS_DIR: path.join(dir, "uploads"),
  MAIL_URL: `file:${path.join(dir, "outbox")}`,
  SESSION_SECRET: randomBytes(32).toString("hex"),
  SEED_DEMO: "false",
  LOG_LEVEL: "silent",
  PUBLIC_URL: "http://localhost",
});
const services = await startServices(config, () => {});
const app = await createApp({ services });
await app.ready();

async function series(): Promise<{ series: number; bytes: number }> {
  const text = await metrics.metrics();
  const count = text.split("\n").filter((line) => line.startsWith("kesar_http_request_duration_seconds_count")).length;
  return { series: count, bytes: Buffer.byteLength(text) };
}

/** The heap in use once garbage is collected (the script runs with --expose-gc). */
function collectedHeap(): number {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().heapUsed;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

try {
  for (const url of ["/", "/allproducts", "/login", "/no-such-page"]) await app.inject({ method: "GET", url });
  const before = await series();
  const heapBefore = collectedHeap();
  for (let sent = 0; sent < PATHS; sent += 50) {
    await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        app.inject({ method: "GET", url: `/invented-${sent + index}/${randomBytes(6).toString("hex")}` }),
      ),
    );
  }
  const after = await series();
  // A page render keeps its stream's abort timer (and so the page) for a few seconds; what is
  // still held once those have run would be a leak.
  await sleep(RENDER_TIMER_MS + 2_000);
  const heapGrowth = (collectedHeap() - heapBefore) / 1024 / 1024;
  console.log(`metrics series: ${before.series} before, ${after.series} after ${PATHS} distinct paths`);
  console.log(`scrape: ${(before.bytes / 1024).toFixed(0)} KB before, ${(after.bytes / 1024).toFixed(0)} KB after`);
  console.log(`JavaScript heap after a full collection: ${heapGrowth.toFixed(1)} MB more`);

  const storage = services.storage;
  const put = storage.put.bind(storage);
  let writes = 0;
  storage.put = (...args: Parameters<typeof put>) => {
    writes++;
    return put(...args);
  };
  await Promise.all(Array.from({ length: 500 }, () => app.inject({ method: "GET", url: "/readyz" })));
  console.log(`readiness: 500 probes made ${writes} storage write(s)`);

  const email = "known@bench.test";
  await app.inject({
    method: "POST",
    url: "/signup",
    remoteAddress: "10.9.9.9",
    headers: FORM,
    payload: new URLSearchParams({ name: "Known", email, password: "Secret-pass-1" }).toString(),
  });
  const times = { known: [] as number[], unknown: [] as number[] };
  for (let round = 0; round < 100; round++) {
    for (const kind of ["known", "unknown"] as const) {
      const started = performance.now();
      await app.inject({
        method: "POST",
        url: "/forgot-password",
        remoteAddress: `10.8.${round}.${kind === "known" ? 1 : 2}`,
        headers: FORM,
        payload: `email=${encodeURIComponent(kind === "known" ? email : `nobody${round}@bench.test`)}`,
      });
      times[kind].push(performance.now() - started);
    }
  }
  console.log(
    `forgot password, median: ${median(times.known).toFixed(1)} ms with an account, ${median(times.unknown).toFixed(1)} ms without`,
  );
} finally {
  await app.close();
  await services.close();
  rmSync(dir, { recursive: true, force: true });
}
