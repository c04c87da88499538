import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SYSTEM } from "#core/actor.ts";
import { createProduct } from "#server/catalog/catalog-admin.service.ts";
import { startTcpProxy, type TcpProxy } from "#server/testing/tcp-proxy.ts";
import { createPostgresTestDatabase, postgresUrl } from "#server/testing/test-databases.ts";
import { type ShopProcess, startShopProcess } from "../../scripts/shop-process.ts";
import { buyOne, followFeed, liveBrowser, productInput, statusOnNewConnection } from "./live-shop.ts";

const baseUrl = postgresUrl();

/** The worker processes under a shop's primary, by pid. */
const workersOf = (primary: number) =>
  readFileSync(`/proc/${primary}/task/${primary}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);

describe.runIf(baseUrl !== undefined || process.env.CI === "true")(
  "a shop of two workers whose PostgreSQL goes away for a while and comes back",
  () => {
    const dir = mkdtempSync(path.join(tmpdir(), "database-outage-"));
    let database: Awaited<ReturnType<typeof createPostgresTestDatabase>>;
    let proxy: TcpProxy;
    // A reaches the database through the proxy, which the test cuts; B, another node, directly.
    let a: ShopProcess;
    let b: ShopProcess;
    let productId = 0;
    const admin = liveBrowser();

    beforeAll(async () => {
      if (!baseUrl) throw new Error("TEST_DATABASE_URL must be set: this suite needs PostgreSQL.");
      database = await createPostgresTestDatabase(baseUrl);
      const server = new URL(database.url);
      proxy = await startTcpProxy({ host: server.hostname, port: Number(server.port || 5432) });
      const node = (name: string, databaseUrl: string, workers: string) =>
        startShopProcess({
          DATABASE_URL: databaseUrl,
          WEB_CONCURRENCY: workers,
          SEED_DEMO: "false",
          SESSION_SECRET: "one-secret-for-every-node-of-the-shop-0123456789",
          MAIL_URL: `file:${path.join(dir, `outbox-${name}`)}`,
        });
      a = await node("a", proxy.through(database.url), "2");
      b = await node("b", database.url, "1");
      productId = await createProduct(
        database.db,
        SYSTEM,
        productInput({ title: "Outage Kurta", sizes: [{ size: "M", stock: 100 }] }),
      );
      const login = { email: "admin@example.com", password: "Bench-admin-password-1" };
      expect((await admin.post(a.baseUrl, "/login", login)).status).toBe(302);
    }, 180_000);
    afterAll(async () => {
      proxy?.restore();
      await Promise.all([a?.stop(), b?.stop()]);
      await proxy?.close();
      await database?.dispose();
      rmSync(dir, { recursive: true, force: true });
    });

    it("keeps every worker, says not ready, serves cached pages, is ready again within 5 s, and the admin's feed catches up", async () => {
      const workers = workersOf(a.child.pid as number);
      expect(workers).toHaveLength(2);
      const feed = followFeed(`${a.baseUrl}/admin/events`, admin.cookie);
      await expect.poll(() => feed.answer.status, { timeout: 10_000 }).toBe(200);
      const cachedPages = ["/", `/productinfo/${productId}`];
      // Each worker keeps its own page cache: enough visits that both hold both pages.
      for (let visit = 0; visit < 6; visit++) {
        for (const page of cachedPages) expect(await statusOnNewConnection(`${a.baseUrl}${page}`)).toBe(200);
      }

      proxy.cut();
      await expect
        .poll(() => statusOnNewConnection(`${a.baseUrl}/readyz`), { timeout: 10_000, interval: 200 })
        .toBe(503);
      // The outage lasts until the admin's feed has found the database away and the shop has tried
      // it again and again (its pages, its readiness and its feed's listener each try about once a
      // second), serving cached pages all along.
      await expect
        .poll(() => a.output().includes("the live feed waits for the database to come back"), { timeout: 10_000 })
        .toBe(true);
      await expect
        .poll(
          async () => {
            for (const page of [...cachedPages, "/healthz"])
              expect(await statusOnNewConnection(`${a.baseUrl}${page}`), page).toBe(200);
            expect(await statusOnNewConnection(`${a.baseUrl}/readyz`)).toBe(503);
            return proxy.refused();
          },
          { timeout: 30_000, interval: 200 },
        )
        .toBeGreaterThanOrEqual(20);
      // A page that needs the database says the shop is away for a moment, and when to try again.
      const personal = await fetch(`${a.baseUrl}/profile`, { headers: { cookie: admin.cookie }, redirect: "manual" });
      expect(personal.status).toBe(503);
      expect(personal.headers.get("retry-after")).toBe("5");
      expect(await personal.text()).toContain("Please try again in a moment.");
      // A checkout on the node without its database is refused, not half taken.
      expect(await buyOne(a.baseUrl, productId, "cut-off@mail.in")).toBeNull();
      const during = await buyOne(b.baseUrl, productId, "during@mail.in");
      expect(during).not.toBeNull();

      proxy.restore();
      await expect
        .poll(() => statusOnNewConnection(`${a.baseUrl}/readyz`), { timeout: 5_000, interval: 100 })
        .toBe(200);
      const after = await buyOne(b.baseUrl, productId, "after@mail.in");
      expect(await buyOne(a.baseUrl, productId, "back-on-a@mail.in")).not.toBeNull();
      const numbers = await database.db
        .selectFrom("orders")
        .select("orderNumber")
        .where("accessToken", "in", [during ?? "", after ?? ""])
        .orderBy("id")
        .execute();
      expect(numbers).toHaveLength(2);
      const cutOff = await database.db
        .selectFrom("orders")
        .select("id")
        .where("email", "=", "cut-off@mail.in")
        .execute();
      expect(cutOff).toEqual([]);
      await expect
        .poll(() => feed.events.map((event) => event.orderNumber), { timeout: 10_000, interval: 200 })
        .toEqual(expect.arrayContaining(numbers.map((row) => row.orderNumber)));
      feed.close();

      expect(workersOf(a.child.pid as number)).toEqual(workers);
      expect(a.output()).not.toMatch(/Worker \d+ stopped/);
    }, 60_000);
  },
);
