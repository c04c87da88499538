import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { migrationsAreCurrent } from "../db/migrate.ts";
import type { AppServices } from "../services.ts";

/**
 * `/healthz` answers while the process lives. `/readyz` answers 200 only when this node can take
 * orders: the database answers, its migrations are current and storage takes a write; and 503 once
 * the process has begun to stop, so a load balancer sends new requests elsewhere.
 */
export function registerProbes(app: FastifyInstance, services: AppServices): void {
  let stopping = false;
  app.addHook("preClose", async () => {
    stopping = true;
  });
  app.get("/healthz", async () => ({ ok: true }));
  app.get("/readyz", async (_request, reply) => {
    const checks = { database: false, migrations: false, storage: false };
    if (!stopping) {
      try {
        await sql`select 1`.execute(services.db);
        checks.database = true;
        checks.migrations = await migrationsAreCurrent(services.db);
      } catch {
        // Reported below as not ready.
      }
      try {
        await services.storage.put("probes/readyz", Buffer.from(String(Date.now())), "text/plain");
        checks.storage = true;
      } catch {
        // Reported below as not ready.
      }
    }
    const ready = !stopping && Object.values(checks).every(Boolean);
    return reply
      .code(ready ? 200 : 503)
      .header("Cache-Control", "no-store")
      .send({ ready, stopping, ...checks });
  });
}
