/**
 * `npm run bench:mixed-load -- [--shoppers 50] [--seconds 120] [--workers N] [--database sqlite|postgres]
 *   [--compare <git-ref>] [--rounds 1] [--passes 1] [--profile <folder>]`
 *
 * A sale day: N shoppers at once for T seconds against the shop started as `npm start` starts it, on
 * a fresh data folder and database with the demo catalogue (stock made deep, so the sale never sells
 * out). Four in five browse listings (sorted, searched), open products, add to the cart and check
 * out as guests; one in five signs in, keeps a wishlist and orders with points. Prints requests,
 * errors, p50/p95/p99 per step, orders placed, and the shop's CPU seconds and peak memory per
 * process. With --compare <git-ref>, the same load runs against that commit in the same run,
 * alternating round by round, and the ratio of requests served is printed. PostgreSQL takes
 * BENCH_DATABASE_URL (or TEST_DATABASE_URL) of a role that may create databases. With
 * --profile <folder>, this checkout's shop processes write V8 CPU profiles there. With --passes 2, the
 * load runs twice against the same shop, and each pass prints its own figures (memory should stay flat).
 * PAGES_AT_ONCE in the environment passes to the shops, to compare its values.
 */
import { availableParallelism } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { checkoutOf, type Engine, startShop, type WorkerMemory } from "./load/shop-under-test.ts";
import {
  type Catalogue,
  guestShopper,
  newTally,
  type Step,
  signedInShopper,
  signUpCustomers,
  type Tally,
} from "./load/shoppers.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const argument = (name: string, fallback: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? (process.argv[at + 1] ?? fallback) : fallback;
};
const shoppers = Number(argument("shoppers", "50"));
const seconds = Number(argument("seconds", "120"));
const workers = Number(argument("workers", String(availableParallelism())));
const engine = argument("database", "sqlite") as Engine;
const compare = argument("compare", "");
const rounds = Number(argument("rounds", "1"));
/** How many times the load runs against the same shop: a second pass shows whether memory stays flat. */
const passes = Number(argument("passes", "1"));
/** A folder for V8 CPU profiles of this checkout's shop processes (node --cpu-prof), if wanted. */
const profileDir = argument("profile", "");
const uploadsDir = path.join(root, "node_modules", ".cache", "e2e-uploads");

const COLLECTIONS = [
  "allproducts",
  "pakistani-suits",
  "korean-trendy",
  "pinterest-finds",
  "anarkali-dress",
  "western",
  "ethnic",
  "accessories",
  "handbags",
  "jewellery",
  "more",
];
const STEPS: Step[] = [
  "listing",
  "search",
  "product",
  "add to cart",
  "guest checkout",
  "log in",
  "wishlist",
  "checkout with points",
];

type Result = {
  label: string;
  tally: Tally;
  seconds: number;
  cpuSeconds: number;
  peakRssMb: number;
  processes: number;
  /** What each worker's /metrics said of its memory when the pass ended. */
  memory: WorkerMemory[];
  /** The shoppers' own CPU seconds: they share the machine with the shop. */
  clientCpuSeconds: number;
};

async function runOnce(label: string, checkout: string): Promise<Result[]> {
  const shop = await startShop(checkout, {
    engine,
    workers,
    uploadsDir,
    ...(profileDir && checkout === root ? { nodeOptions: `--cpu-prof --cpu-prof-dir=${profileDir}` } : {}),
  });
  try {
    // The sale's stock is deep, and the customers have points to spend.
    await shop.sql("update product_sizes set stock = 1000000");
    const rows = await shop.sql("select product_id as id, size from product_sizes order by product_id, size");
    const catalogue: Catalogue = {
      products: rows.map((row) => ({ id: Number(row.id), size: String(row.size) })),
      collections: COLLECTIONS,
    };
    const signedIn = Math.max(1, Math.round(shoppers / 5));
    const accounts = await signUpCustomers(shop.baseUrl, signedIn);
    await shop.sql("update users set points_balance = 100000 where email like 'customer-%@sale.test'");
    const results: Result[] = [];
    for (let pass = 1; pass <= passes; pass++) {
      const before = shop.usage();
      const clientBefore = process.cpuUsage();
      const tally = newTally();
      const started = Date.now();
      const until = started + seconds * 1000;
      await Promise.all(
        Array.from({ length: shoppers }, (_, index) =>
          index < signedIn
            ? signedInShopper(shop.baseUrl, catalogue, tally, until, accounts[index] ?? { email: "", password: "" })
            : guestShopper(shop.baseUrl, catalogue, tally, until),
        ),
      );
      const after = shop.usage();
      const client = process.cpuUsage(clientBefore);
      results.push({
        clientCpuSeconds: (client.user + client.system) / 1e6,
        label: passes > 1 ? `${label}, pass ${pass}` : label,
        tally,
        seconds: (Date.now() - started) / 1000,
        cpuSeconds: after.cpuSeconds - before.cpuSeconds,
        peakRssMb: after.peakRssMb,
        processes: after.processes,
        memory: await shop.memory(),
      });
    }
    return results;
  } finally {
    await shop.stop();
  }
}

function percentile(sorted: number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? Number.NaN;
}

function report(result: Result): void {
  const { tally } = result;
  const errors = [...tally.errors.values()].reduce((a, b) => a + b, 0);
  console.log(
    `\n${result.label}: ${tally.requests} requests in ${result.seconds.toFixed(0)} s (${(tally.requests / result.seconds).toFixed(1)}/s), ${errors} errors, ${tally.orders} orders placed`,
  );
  console.log(
    `  shop: ${result.cpuSeconds.toFixed(1)} CPU seconds, the largest of ${result.processes} processes peaked at ${result.peakRssMb.toFixed(0)} MB RSS; shoppers: ${result.clientCpuSeconds.toFixed(1)} CPU seconds`,
  );
  const memory = result.memory.map(
    (worker) =>
      `RSS ${worker.rssMb.toFixed(0)} MB (heap ${worker.heapUsedMb.toFixed(0)} of ${worker.heapTotalMb.toFixed(0)} MB, outside the heap ${worker.externalMb.toFixed(0)} MB)`,
  );
  // A shop without /metrics (an older commit) says nothing of its heap.
  if (result.memory.every((worker) => Number.isFinite(worker.rssMb)))
    console.log(`  workers at the end: ${memory.join("; ")}`);
  console.log(`  page cache: ${[...tally.pageCache].map(([state, count]) => `${state} ${count}`).join(", ")}`);
  console.log(
    `  ${"step".padEnd(22)}${"count".padStart(7)}${"p50".padStart(9)}${"p95".padStart(9)}${"p99".padStart(9)}  errors  refused`,
  );
  const all: number[] = [];
  for (const step of STEPS) {
    const times = [...(tally.times.get(step) ?? [])].sort((a, b) => a - b);
    all.push(...times);
    if (times.length === 0 && !tally.errors.get(step)) continue;
    const ms = (share: number) => `${percentile(times, share).toFixed(0)} ms`.padStart(9);
    console.log(
      `  ${step.padEnd(22)}${String(times.length).padStart(7)}${ms(0.5)}${ms(0.95)}${ms(0.99)}  ${String(tally.errors.get(step) ?? 0).padStart(6)}  ${String(tally.refusals.get(step) ?? 0).padStart(7)}`,
    );
  }
  all.sort((a, b) => a - b);
  console.log(
    `  ${"all".padEnd(22)}${String(all.length).padStart(7)}${`${percentile(all, 0.5).toFixed(0)} ms`.padStart(9)}${`${percentile(all, 0.95).toFixed(0)} ms`.padStart(9)}${`${percentile(all, 0.99).toFixed(0)} ms`.padStart(9)}`,
  );
}

console.log(
  `Mixed load: ${shoppers} shoppers for ${seconds} s on ${engine}, ${workers} worker${workers === 1 ? "" : "s"}${compare ? `, against ${compare}` : ""}, ${rounds} round${rounds === 1 ? "" : "s"}`,
);
const here = root;
const there = compare ? checkoutOf(root, compare) : null;
const results: Result[] = [];
for (let round = 1; round <= rounds; round++) {
  for (const result of await runOnce(`this checkout, round ${round}`, here)) {
    results.push(result);
    report(result);
  }
  if (there) {
    for (const result of await runOnce(`${compare}, round ${round}`, there)) {
      results.push(result);
      report(result);
    }
  }
}
if (there) {
  const sum = (label: string) =>
    results
      .filter((result) => result.label.startsWith(label))
      .reduce((total, result) => total + result.tally.requests, 0);
  console.log(`\nRequests served, this checkout / ${compare}: ${(sum("this checkout") / sum(compare)).toFixed(2)}×`);
}
