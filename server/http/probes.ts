import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { migrationsAreCurrent } from "../db/migrate.ts";
import type { AppServices } from "../services.ts";

/**
 * How long one readiness check answers for. A load balancer probes every few seconds; anyone else
 * may probe as often as they like, and gets the same answer without costing a storage write.
 */
export const READINESS_MS = 5_000;
/**
 * A failed check answers for this long only: a node whose database has come back is ready again
 * within a second or so, not after the rest of the interval (record 33).
 */
export const NOT_READY_MS = 1_000;

type Checks = { database: boolean; migrations: boolean; storage: boolean };

const allPassed = (checks: Checks) => Object.values(checks).every(Boolean);

/**
 * `/healthz` answers while the process lives. `/readyz` answers 200 only when this node can take
 * orders: the database answers, its migrations are current and storage takes a write; and 503 once
 * the process has begun to stop, so a load balancer sends new requests elsewhere, and while the
 * database cannot be reached. The checks run at most once per `READINESS_MS` in each process (once
 * per `NOT_READY_MS` while they fail; probes arriving meanwhile share the last answer, or the check
 * under way), so storage is written at most once an interval whoever probes; stopping shows at once.
 */
export function registerProbes(app: FastifyInstance, services: AppServices): void {
  let stopping = false;
  let last: { at: number; checks: Checks } | null = null;
  let running: Promise<Checks> | null = null;
  app.addHook("preClose", async () => {
    stopping = true;
  });
  const current = async (): Promise<Checks> => {
    if (last && Date.now() - last.at < (allPassed(last.checks) ? READINESS_MS : NOT_READY_MS)) return last.checks;
    running ??= check(services).then((checks) => {
      last = { at: Date.now(), checks };
      running = null;
      return checks;
    });
    return running;
  };
  app.get("/healthz", async () => ({ ok: true }));
  app.get("/readyz", async (_request, reply) => {
    const checks = stopping ? { database: false, migrations: false, storage: false } : await current();
    const ready = !stopping && allPassed(checks);
    return reply
      .code(ready ? 200 : 503)
      .header("Cache-Control", "no-store")
      .send({ ready, stopping, ...checks });
  });
}

async function check(services: AppServices): Promise<Checks> {
  const checks = { database: false, migrations: false, storage: false };
  try {
    await sql`select 1`.execute(services.db);
    checks.database = true;
    checks.migrations = await migrationsAreCurrent(services.db);
  } catch {
    // Reported as not ready.
  }
  try {
    await services.storage.put("probes/readyz", Buffer.from(String(Date.now())), "text/plain");
    checks.storage = true;
  } catch {
    // Reported as not ready.
  }
  return checks;
}
