import { execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import pg from "pg";
import { databaseUrl, dropDatabase } from "#server/testing/database-templates.ts";

/*
 * A shop under load: the production build of a checkout (this one, or another commit's), started as
 * `npm start` starts it on a fresh data folder and a fresh database, with its processes watched for
 * CPU time and memory.
 */

export type Engine = "sqlite" | "postgres";

export type RunningShop = {
  baseUrl: string;
  /** Runs SQL against the shop's database (setting up the sale: deep stock, points to spend). */
  sql: (statement: string) => Promise<Record<string, unknown>[]>;
  /** CPU seconds of the shop's processes so far, and their peak resident memory since the last reading. */
  usage: () => { cpuSeconds: number; peakRssMb: number; processes: number };
  /** What the workers' own /metrics say of their memory, one entry a worker that answered. */
  memory: () => Promise<WorkerMemory[]>;
  stop: () => Promise<void>;
};

export type WorkerMemory = { rssMb: number; heapUsedMb: number; heapTotalMb: number; externalMb: number };

const CLOCK_TICKS = Number(execFileSync("getconf", ["CLK_TCK"]).toString().trim()) || 100;
const PAGE_BYTES = Number(execFileSync("getconf", ["PAGESIZE"]).toString().trim()) || 4096;

/**
 * The checkout of a git ref, built, in a folder of its own under the system's temporary folder
 * (kept between runs; Node strips TypeScript types only outside node_modules): its dependencies
 * installed from its own lockfile unless it matches this checkout's.
 */
export function checkoutOf(root: string, ref: string): string {
  const sha = execFileSync("git", ["rev-parse", "--verify", `${ref}^{commit}`], { cwd: root })
    .toString()
    .trim();
  const dir = path.join(tmpdir(), "kesar-bench-checkouts", sha.slice(0, 12));
  if (!existsSync(path.join(dir, "build", "server", "index.js"))) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    console.log(`Preparing ${ref} (${sha.slice(0, 12)}) in ${dir}…`);
    execFileSync("sh", ["-c", `git -C "${root}" archive ${sha} | tar -x -C "${dir}"`]);
    const sameLock =
      readFileSync(path.join(dir, "package-lock.json"), "utf8") ===
      readFileSync(path.join(root, "package-lock.json"), "utf8");
    if (sameLock) symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"));
    else execFileSync("npm", ["ci", "--no-audit", "--no-fund"], { cwd: dir, stdio: "inherit" });
    execFileSync(path.join(dir, "node_modules", ".bin", "react-router"), ["build"], {
      cwd: dir,
      stdio: "inherit",
      env: { ...process.env, NODE_ENV: "production" },
    });
  }
  return dir;
}

/** A fresh database for one run: a SQLite file in the data folder, or a new PostgreSQL database. */
async function freshDatabase(engine: Engine, dataDir: string) {
  if (engine === "sqlite") {
    const file = path.join(dataDir, "shop.db");
    return {
      url: `file:${file}`,
      sql: async (statement: string) => {
        const db = new DatabaseSync(file);
        try {
          db.exec("PRAGMA busy_timeout = 10000");
          return db.prepare(statement).all() as Record<string, unknown>[];
        } finally {
          db.close();
        }
      },
      drop: async () => {},
    };
  }
  const base = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (!base) throw new Error("PostgreSQL needs BENCH_DATABASE_URL or TEST_DATABASE_URL.");
  const name = `kesar_bench_${randomBytes(5).toString("hex")}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    await client.query(statement).finally(() => client.end());
  };
  await admin(`create database ${name}`);
  const url = databaseUrl(base, name);
  return {
    url,
    sql: async (statement: string) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        return (await client.query(statement)).rows as Record<string, unknown>[];
      } finally {
        await client.end();
      }
    },
    // The shop has stopped; the server's autovacuum may still be at work in the database.
    drop: () => dropDatabase(base, name),
  };
}

/** Starts a checkout's shop as `npm start` does, with its own data folder and database. */
export async function startShop(
  checkout: string,
  options: { engine: Engine; workers: number; uploadsDir: string; nodeOptions?: string },
): Promise<RunningShop> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "kesar-load-"));
  const database = await freshDatabase(options.engine, dataDir);
  const metricsToken = randomBytes(24).toString("hex");
  const child = spawn(process.execPath, ["--disable-warning=ExperimentalWarning", "scripts/start.ts"], {
    cwd: checkout,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      PORT: "0",
      HOST: "127.0.0.1",
      DATABASE_URL: database.url,
      UPLOADS_DIR: options.uploadsDir,
      MAIL_URL: `file:${path.join(dataDir, "outbox")}`,
      SESSION_SECRET: randomBytes(32).toString("hex"),
      ADMIN_PASSWORD: "Bench-admin-password-1",
      WEB_CONCURRENCY: String(options.workers),
      METRICS_TOKEN: metricsToken,
      // Shoppers come through a proxy from addresses of their own (see shoppers.ts).
      TRUST_PROXY: "1",
      // The crowd pays cash on delivery, whatever its cart comes to: with the shop's ₹10,000 limit,
      // a guest's growing cart was refused at checkout from then on, and the load measured refusals
      // and ever larger carts instead of a sale (the older commits compared against have no limit).
      COD_MAX_RUPEES: "10000000",
      ...(options.nodeOptions ? { NODE_OPTIONS: options.nodeOptions } : {}),
      // A setting being tuned passes through to the shops under test (older commits ignore it).
      ...(process.env.PAGES_AT_ONCE ? { PAGES_AT_ONCE: process.env.PAGES_AT_ONCE } : {}),
    },
    // The request log goes where a shop owner's would: to a file, not to this terminal.
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The shop did not start in 5 minutes:\n${output}`)), 300_000);
    const read = (chunk: Buffer) => {
      if (output.length < 100_000) output += chunk.toString();
      const match = output.match(/open at (http:\/\/\S+)/);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1].replace("localhost", "127.0.0.1"));
      }
    };
    child.stdout?.on("data", read);
    child.stderr?.on("data", read);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`The shop exited (${code}):\n${output}`));
    });
  });
  const watch = watchProcesses(child.pid ?? 0);
  return {
    baseUrl,
    sql: database.sql,
    usage: watch.usage,
    memory: () => workerMemory(baseUrl, metricsToken, options.workers),
    stop: async () => {
      watch.stop();
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 20_000))]);
        if (child.exitCode === null) child.kill("SIGKILL");
      }
      try {
        await database.drop();
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}

/**
 * The workers' memory as their /metrics reports it, asked once per worker over a new connection
 * each time: the cluster hands new connections to its workers in turn.
 */
async function workerMemory(baseUrl: string, token: string, workers: number): Promise<WorkerMemory[]> {
  const answers: WorkerMemory[] = [];
  for (let ask = 0; ask < workers; ask++) {
    const text = await getText(`${baseUrl}/metrics`, { authorization: `Bearer ${token}` });
    const megabytes = (name: string) =>
      Number(text.match(new RegExp(`^kesar_${name} (\\S+)`, "m"))?.[1] ?? Number.NaN) / 1024 / 1024;
    answers.push({
      rssMb: megabytes("process_resident_memory_bytes"),
      heapUsedMb: megabytes("nodejs_heap_size_used_bytes"),
      heapTotalMb: megabytes("nodejs_heap_size_total_bytes"),
      externalMb: megabytes("nodejs_external_memory_bytes"),
    });
  }
  return answers;
}

function getText(url: string, headers: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers, agent: false }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        text += chunk;
      });
      response.on("end", () => resolve(text));
    });
    request.on("error", reject);
  });
}

/**
 * The shop's processes (the primary and its workers), sampled every half second: CPU seconds from
 * /proc/<pid>/stat, resident memory from /proc/<pid>/statm (the peak of each process between readings).
 */
function watchProcesses(rootPid: number) {
  const cpu = new Map<number, number>();
  const peakRss = new Map<number, number>();
  const lastRss = new Map<number, number>();
  const sample = () => {
    for (const pid of processTree(rootPid)) {
      const stat = readProc(pid, "stat");
      const statm = readProc(pid, "statm");
      if (!stat || !statm) continue;
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      cpu.set(pid, (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS);
      const rss = (Number(statm.split(" ")[1]) * PAGE_BYTES) / 1024 / 1024;
      peakRss.set(pid, Math.max(peakRss.get(pid) ?? 0, rss));
      lastRss.set(pid, rss);
    }
  };
  const timer = setInterval(sample, 500);
  return {
    usage: () => {
      sample();
      const reading = {
        cpuSeconds: [...cpu.values()].reduce((a, b) => a + b, 0),
        peakRssMb: Math.max(0, ...peakRss.values()),
        processes: cpu.size,
      };
      // The next reading's peak starts from where each process stands now.
      for (const [pid, rss] of lastRss) peakRss.set(pid, rss);
      return reading;
    },
    stop: () => clearInterval(timer),
  };
}

function readProc(pid: number, file: string): string | null {
  try {
    return readFileSync(`/proc/${pid}/${file}`, "utf8");
  } catch {
    return null;
  }
}

/** A process and all its descendants, from the parent ids in /proc. */
function processTree(rootPid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirProc()) {
    const stat = readProc(entry, "stat");
    if (!stat) continue;
    const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    children.set(parent, [...(children.get(parent) ?? []), entry]);
  }
  const tree: number[] = [];
  const visit = (pid: number) => {
    tree.push(pid);
    for (const child of children.get(pid) ?? []) visit(child);
  };
  visit(rootPid);
  return tree;
}

function readdirProc(): number[] {
  return readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .map(Number);
}
