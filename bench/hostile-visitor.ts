/**
 * `npm run bench:hostile`: what an anonymous visitor can make the shop spend, measured in one
 * process on a fresh SQLite shop: the metrics series and scrape size after 20,000 requests to
 * distinct invented paths, the storage writes made by 500 readiness probes at once, and the median
 * time of Forgot password for an address with an account and for one without (on PostgreSQL too
 * when BENCH_DATABASE_URL or TEST_DATABASE_URL is set).
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { startServices } from "#server/bootstrap.ts";
import { loadConfig } from "#server/config.ts";
import { createApp } from "#server/http/app.ts";
import { outboxDepth } from "#server/mail/mail.service.ts";
import { metrics } from "#server/observability/metrics.ts";
import { createScratchSchema } from "#server/testing/scratch-schema.ts";
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

function percentile(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;
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

  console.log(`forgot password on SQLite: ${await forgotPasswordTimes(app, services)}`);
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (pgUrl) {
    const scratch = await createScratchSchema(pgUrl, "bench_hostile");
    const pgServices = await startServices({ ...config, databaseUrl: scratch.url }, () => {});
    const pgApp = await createApp({ services: pgServices });
    try {
      await pgApp.ready();
      console.log(`forgot password on PostgreSQL: ${await forgotPasswordTimes(pgApp, pgServices)}`);
    } finally {
      await pgApp.close();
      await pgServices.close();
      await scratch.drop();
    }
  } else {
    console.log("forgot password on PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL).");
  }
} finally {
  await app.close();
  await services.close();
  rmSync(dir, { recursive: true, force: true });
}

/**
 * Forgot password's time for 100 addresses with an account and 100 without, taking turns: the
 * medians and 90th percentiles. One account per round: an address is sent at most three links an
 * hour, and a refused fourth would measure the limit, not the work of a reset.
 */
async function forgotPasswordTimes(shop: typeof app, running: typeof services): Promise<string> {
  const rounds = 100;
  for (let round = 0; round < rounds; round++) {
    await shop.inject({
      method: "POST",
      url: "/signup",
      remoteAddress: `10.9.${round}.9`,
      headers: FORM,
      payload: new URLSearchParams({
        name: "Known",
        email: `known${round}@bench.test`,
        password: "Secret-pass-1",
      }).toString(),
    });
  }
  // The signups' confirmation mails go out first, so that their rendering does not run beside the
  // timed requests.
  const drainBy = Date.now() + 60_000;
  while ((await outboxDepth(running.db)) > 0) {
    if (Date.now() > drainBy) throw new Error("The outbox did not empty within 60 s.");
    await sleep(100);
  }
  const times = { known: [] as number[], unknown: [] as number[] };
  for (let round = 0; round < rounds; round++) {
    for (const kind of ["known", "unknown"] as const) {
      const started = performance.now();
      await shop.inject({
        method: "POST",
        url: "/forgot-password",
        remoteAddress: `10.8.${round}.${kind === "known" ? 1 : 2}`,
        headers: FORM,
        payload: `email=${encodeURIComponent(`${kind === "known" ? "known" : "nobody"}${round}@bench.test`)}`,
      });
      times[kind].push(performance.now() - started);
    }
  }
  const figures = (values: number[]) =>
    `median ${percentile(values, 0.5).toFixed(1)} ms, p90 ${percentile(values, 0.9).toFixed(1)} ms`;
  return `with an account ${figures(times.known)}; without ${figures(times.unknown)}`;
}
