import cluster, { type Worker } from "node:cluster";
import { prepareDatabase } from "./bootstrap.ts";
import type { Config } from "./config.ts";
import { relayClusterSignals } from "./jobs/cluster-signal.ts";

/** The environment variable that tells a worker its place (1…n); worker 1 runs the background work. */
export const WORKER_INDEX_VARIABLE = "KESAR_WORKER";
// A worker that dies this soon after starting is restarted after a pause, not in a tight loop.
const QUICK_DEATH_MS = 5_000;
const RESTART_PAUSE_MS = 1_000;
// How long the workers get to finish their requests on SIGTERM before they are killed.
const STOP_GRACE_MS = 30_000;
// V8's young generation grows to 64 MB a half under a steady stream of pages; 16 MB collects as
// quickly and keeps 100 MB less resident per worker (record 18).
const YOUNG_GENERATION_MB = 16;
// glibc gives each thread that allocates an arena of its own and seldom hands it back; compression
// runs on libuv's threads, so a worker's memory kept growing with every arena (record 18).
const MALLOC_ARENAS = "2";

/**
 * How a worker's Node is started: its heap bounded (a worker that outgrows it dies and is
 * replaced, instead of swapping the machine) and its allocator kept to a few arenas. Flags the
 * shop was started with come first; the settings here win.
 */
export function workerProcessSettings(config: Config, env: NodeJS.ProcessEnv = process.env) {
  return {
    execArgv: [
      ...process.execArgv,
      `--max-old-space-size=${config.workerHeapMb}`,
      `--max-semi-space-size=${YOUNG_GENERATION_MB}`,
    ],
    env: { MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX ?? MALLOC_ARENAS },
  };
}

/**
 * The primary of a cluster: it prepares the database once (migrations, administrator, demo data),
 * then starts `config.webConcurrency` workers (one is still a cluster of one) that share the port,
 * each with its own database connection and the memory settings above. A worker that dies is
 * replaced; SIGTERM or Ctrl-C stops them all cleanly.
 */
export async function runCluster(config: Config, log: (message: string) => void): Promise<void> {
  await prepareDatabase(config, log);
  const settings = workerProcessSettings(config);
  cluster.setupPrimary({ execArgv: settings.execArgv });
  const startedAt = new Map<Worker, number>();
  const indexOf = new Map<Worker, number>();
  let stopping = false;
  let listening = 0;

  const start = (index: number) => {
    const worker = cluster.fork({ ...settings.env, [WORKER_INDEX_VARIABLE]: String(index) });
    startedAt.set(worker, Date.now());
    indexOf.set(worker, index);
    worker.once("listening", (address) => {
      listening++;
      if (listening === config.webConcurrency) {
        const host = config.host === "0.0.0.0" ? "localhost" : config.host;
        const workers = config.webConcurrency === 1 ? "1 worker process" : `${config.webConcurrency} worker processes`;
        log(`Kesar is open at http://${host}:${address.port} (${workers})`);
      }
    });
  };

  // Workers hear of each other's orders and queued messages through the primary.
  relayClusterSignals();
  cluster.on("exit", (worker, code, signal) => {
    const index = indexOf.get(worker) ?? 1;
    const lived = Date.now() - (startedAt.get(worker) ?? 0);
    startedAt.delete(worker);
    indexOf.delete(worker);
    if (stopping) return;
    log(`Worker ${index} stopped (${signal ?? `exit code ${code}`}); starting another.`);
    setTimeout(() => start(index), lived < QUICK_DEATH_MS ? RESTART_PAUSE_MS : 0);
  });

  const stop = () => {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined);
    if (workers.length === 0) process.exit(0);
    let left = workers.length;
    const force = setTimeout(() => {
      for (const worker of workers) worker.process.kill("SIGKILL");
      process.exit(1);
    }, STOP_GRACE_MS);
    for (const worker of workers) {
      worker.once("exit", () => {
        left--;
        if (left === 0) {
          clearTimeout(force);
          process.exit(0);
        }
      });
      worker.process.kill("SIGTERM");
    }
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);

  for (let index = 1; index <= config.webConcurrency; index++) start(index);
}
