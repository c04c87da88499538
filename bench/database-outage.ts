/**
 * `npm run bench:database-outage`: what a shop of two workers on PostgreSQL does when its database
 * goes away for a while and comes back. The shop reaches its database (a scratch schema of
 * BENCH_DATABASE_URL or TEST_DATABASE_URL) through a TCP proxy, which the bench cuts (every
 * connection reset, new ones reset as they arrive) for `--seconds` (10), then restores. Printed: during the
 * cut, how /healthz, /readyz and a cached page answered (or whether the port refused); after it,
 * the seconds until /readyz answers 200 again and until an order can be placed again; and the
 * worker processes lost (died, replaced by the primary).
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { SYSTEM } from "#core/actor.ts";
import { createProduct } from "#server/catalog/catalog-admin.service.ts";
import { openDatabase } from "#server/db/database.ts";
import { createScratchSchema } from "#server/testing/scratch-schema.ts";
import { startTcpProxy } from "#server/testing/tcp-proxy.ts";
import { buildIfStale } from "../scripts/build-if-stale.ts";
import { startShopProcess } from "../scripts/shop-process.ts";
import { buyOne, productInput, statusOnNewConnection } from "../tests/http/live-shop.ts";

const { values: options } = parseArgs({ options: { seconds: { type: "string", default: "10" } } });
const OUTAGE_MS = Number(options.seconds) * 1_000;
// How long the shop gets to serve again after the database is back before the bench gives up.
const RECOVERY_LIMIT_MS = 60_000;
const PROBE_EVERY_MS = 100;

const baseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!baseUrl) {
  console.error("This benchmark needs PostgreSQL: set BENCH_DATABASE_URL or TEST_DATABASE_URL.");
  process.exit(1);
}

/** The worker processes under the shop's primary, by pid. */
const workersOf = (primary: number) =>
  readFileSync(`/proc/${primary}/task/${primary}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);

/** A port nothing listens on at the moment. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A request's status over a connection of its own (so that every worker is asked in turn), or "refused". */
async function statusOf(url: string): Promise<number | "refused"> {
  const status = await statusOnNewConnection(url);
  return status === 0 ? "refused" : status;
}

/** An order placed through the shop, or null when it refused or did not answer. */
const ordered = (shopUrl: string, productId: number, email: string) =>
  buyOne(shopUrl, productId, email).catch(() => null);

const tally = (answers: (number | "refused")[]) => {
  const counts = new Map<string, number>();
  for (const answer of answers) counts.set(String(answer), (counts.get(String(answer)) ?? 0) + 1);
  return [...counts].map(([answer, count]) => `${count}× ${answer}`).join(", ");
};

buildIfStale();
const database = new URL(baseUrl);
const scratch = await createScratchSchema(baseUrl, "bench_outage");
const proxy = await startTcpProxy({ host: database.hostname, port: Number(database.port || 5432) });
const dir = mkdtempSync(path.join(tmpdir(), "bench-outage-"));
const shop = await startShopProcess({
  // A port of its own, as in production: on a random one, workers started after all had died
  // would be given another.
  PORT: String(await freePort()),
  DATABASE_URL: proxy.through(scratch.url),
  WEB_CONCURRENCY: "2",
  SEED_DEMO: "false",
  MAIL_URL: `file:${path.join(dir, "outbox")}`,
});
const handle = openDatabase(scratch.url);
try {
  const productId = await createProduct(
    handle.db,
    SYSTEM,
    productInput({ title: "Outage Kurta", sizes: [{ size: "M", stock: 1_000 }] }),
  );
  const workers = workersOf(shop.child.pid as number);
  // Each worker keeps its own page cache: enough visits that both hold the home page.
  for (let visit = 0; visit < 8; visit++) await statusOf(`${shop.baseUrl}/`);
  if ((await buyOne(shop.baseUrl, productId, "before@bench.test")) === null)
    throw new Error("No order before the cut.");

  proxy.cut();
  const during = {
    healthz: [] as (number | "refused")[],
    readyz: [] as (number | "refused")[],
    home: [] as (number | "refused")[],
  };
  const cutAt = Date.now();
  while (Date.now() - cutAt < OUTAGE_MS) {
    const [healthz, readyz, home] = await Promise.all(
      ["/healthz", "/readyz", "/"].map((url) => statusOf(`${shop.baseUrl}${url}`)),
    );
    during.healthz.push(healthz as number | "refused");
    during.readyz.push(readyz as number | "refused");
    during.home.push(home as number | "refused");
    await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS));
  }
  proxy.restore();
  const restoredAt = Date.now();
  let readyAfter: number | null = null;
  let orderAfter: number | null = null;
  let attempt = 0;
  while ((readyAfter === null || orderAfter === null) && Date.now() - restoredAt < RECOVERY_LIMIT_MS) {
    if (readyAfter === null && (await statusOf(`${shop.baseUrl}/readyz`)) === 200) readyAfter = Date.now() - restoredAt;
    if (orderAfter === null && (await ordered(shop.baseUrl, productId, `after${attempt++}@bench.test`)) !== null)
      orderAfter = Date.now() - restoredAt;
    await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS));
  }
  const now = new Set(workersOf(shop.child.pid as number));
  const lost = workers.filter((pid) => !now.has(pid)).length;
  const replaced = (shop.output().match(/Worker \d+ stopped/g) ?? []).length;
  const seconds = (ms: number | null) =>
    ms === null ? `not within ${RECOVERY_LIMIT_MS / 1000} s` : `${(ms / 1000).toFixed(1)} s`;

  console.log(
    `database cut for ${OUTAGE_MS / 1000} s under a shop of ${workers.length} workers (${proxy.refused()} connections refused meanwhile)`,
  );
  console.log(`  during the cut, /healthz: ${tally(during.healthz)}`);
  console.log(`  during the cut, /readyz:  ${tally(during.readyz)}`);
  console.log(`  during the cut, / (cached page): ${tally(during.home)}`);
  console.log(
    `after the database came back: /readyz 200 after ${seconds(readyAfter)}, an order placed after ${seconds(orderAfter)}`,
  );
  console.log(`worker processes lost: ${lost} of ${workers.length} (the primary started ${replaced} replacement(s))`);
} finally {
  await handle.close();
  await shop.stop();
  await proxy.close();
  await scratch.drop();
  rmSync(dir, { recursive: true, force: true });
}
