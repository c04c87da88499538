import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SYSTEM } from "#core/actor.ts";
import { createProduct } from "#server/catalog/catalog-admin.service.ts";
import { openDatabase } from "#server/db/database.ts";
import { type ShopProcess, startShopProcess } from "../../scripts/shop-process.ts";
import { buyOne, productInput } from "./live-shop.ts";

const pidsIn = (output: string) => new Set([...output.matchAll(/"pid":(\d+)/g)].map((match) => Number(match[1])));

describe("the shop as a cluster of two workers on one SQLite file", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "shop-cluster-"));
  const databaseUrl = `file:${path.join(dir, "shop.db")}`;
  let shop: ShopProcess;
  let productId = 0;

  beforeAll(async () => {
    shop = await startShopProcess({
      DATABASE_URL: databaseUrl,
      WEB_CONCURRENCY: "2",
      SEED_DEMO: "false",
      LOG_LEVEL: "info",
      MAIL_URL: `file:${path.join(dir, "outbox")}`,
    });
    // The primary has migrated the database; a product goes in as the admin's form would put it.
    const handle = openDatabase(databaseUrl);
    try {
      productId = await createProduct(handle.db, SYSTEM, productInput());
    } finally {
      await handle.close();
    }
  }, 120_000);
  afterAll(async () => {
    await shop?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("sells exactly the ten in stock to forty buyers at once, with both workers serving", async () => {
    const results = await Promise.all(
      Array.from(
        { length: 40 },
        async (_, index) => (await buyOne(shop.baseUrl, productId, `buyer${index}@mail.in`)) !== null,
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(10);
    const handle = openDatabase(databaseUrl);
    try {
      const orders = await handle.db
        .selectFrom("orders")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirst();
      const stock = await handle.db
        .selectFrom("productSizes")
        .select("stock")
        .where("productId", "=", productId)
        .executeTakeFirst();
      expect(Number(orders?.n)).toBe(10);
      expect(stock?.stock).toBe(0);
    } finally {
      await handle.close();
    }
    expect(pidsIn(shop.output()).size).toBe(2);
  });

  it("starts its workers with a bounded heap and few allocator arenas, and the primary without", () => {
    const settingsOf = (pid: number) => ({
      flags: readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0"),
      env: readFileSync(`/proc/${pid}/environ`, "utf8").split("\0"),
    });
    for (const pid of pidsIn(shop.output())) {
      const worker = settingsOf(pid);
      expect(worker.flags).toEqual(expect.arrayContaining(["--max-old-space-size=256", "--max-semi-space-size=16"]));
      expect(worker.env).toContain("MALLOC_ARENA_MAX=2");
    }
    const primary = settingsOf(shop.child.pid as number);
    expect(primary.flags.some((flag) => flag.startsWith("--max-old-space-size"))).toBe(false);
  });

  it("replaces a worker that dies, and keeps serving", async () => {
    const [victim] = [...pidsIn(shop.output())];
    process.kill(victim as number, "SIGKILL");
    await expect
      .poll(() => /Worker \d stopped \(SIGKILL\); starting another/.test(shop.output()), { timeout: 10_000 })
      .toBe(true);
    await expect
      .poll(
        async () => {
          const statuses = await Promise.all(
            Array.from({ length: 6 }, async () => {
              const response = await fetch(`${shop.baseUrl}/healthz`);
              await response.arrayBuffer();
              return response.status;
            }),
          );
          return statuses.every((status) => status === 200) && pidsIn(shop.output()).size === 3;
        },
        { timeout: 30_000, interval: 200 },
      )
      .toBe(true);
  });

  it("stops every worker on SIGTERM", async () => {
    const workers = [...pidsIn(shop.output())];
    await shop.stop();
    expect(shop.child.exitCode).toBe(0);
    for (const pid of workers) {
      expect(() => process.kill(pid, 0), `worker ${pid}`).toThrow();
    }
  });
});
