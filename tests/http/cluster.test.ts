import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SYSTEM } from "#server/accounts/actor.ts";
import { createProduct } from "#server/catalog/catalog-admin.service.ts";
import { openDatabase } from "#server/db/database.ts";
import { type ShopProcess, startShopProcess } from "../../scripts/shop-process.ts";

const CHECKOUT = {
  name: "Ravi Kumar",
  address: "22 Hill Road, Bandra West",
  city: "Mumbai",
  stateCode: "27",
  pincode: "400050",
  phone: "9820012345",
};

/** A shopper's browser against the running shop: its own cookies, the shop's origin on every form. */
function buyer(baseUrl: string) {
  let cookie = "";
  const keep = async (response: Response) => {
    // Read to the end, so that the connection is free again (and the shop can stop cleanly).
    await response.arrayBuffer();
    for (const header of response.headers.getSetCookie()) {
      const pair = header.split(";")[0] ?? "";
      const name = pair.split("=")[0];
      cookie = [...cookie.split("; ").filter((kept) => kept && !kept.startsWith(`${name}=`)), pair].join("; ");
    }
    return response;
  };
  return async (url: string, fields: Record<string, string>) =>
    keep(
      await fetch(`${baseUrl}${url}`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: baseUrl, cookie },
        body: new URLSearchParams(fields),
      }),
    );
}

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
      productId = await createProduct(handle.db, SYSTEM, {
        title: "Last Ten Lehenga",
        price: 499_900,
        images: ["products/test-image"],
        category: "Ethnic",
        type: "Lehenga",
        fabric: "Silk",
        description: "Ten left for the sale.",
        description1: "",
        flags: {
          isPakistaniSuits: false,
          isKoreanTrendy: false,
          isPinterestFinds: false,
          isAnarkaliDress: false,
          isWestern: false,
          isEthnic: true,
          isAccessories: false,
          isHandbags: false,
          isJewellery: false,
          isMore: false,
        },
        sizes: [{ size: "M", stock: 10 }],
      });
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
      Array.from({ length: 40 }, async (_, index) => {
        const post = buyer(shop.baseUrl);
        const added = await post("/cart", { intent: "add", productId: String(productId), size: "M" });
        // Once the ten are sold, the size is out of stock and cannot even go in the cart.
        if (added.status === 409) return false;
        expect(added.status).toBeLessThan(400);
        const placed = await post("/guest", {
          ...CHECKOUT,
          email: `buyer${index}@mail.in`,
          idempotencyKey: crypto.randomUUID(),
        });
        return placed.status === 302 && /^\/orders\//.test(placed.headers.get("location") ?? "");
      }),
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

  it("replaces a worker that dies, and keeps serving", async () => {
    const [victim] = [...pidsIn(shop.output())];
    process.kill(victim as number, "SIGKILL");
    await expect.poll(() => /Worker \d stopped \(SIGKILL\); starting another/.test(shop.output())).toBe(true);
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
    const { writeFileSync } = await import("node:fs");
    const t = setTimeout(() => {
      writeFileSync("/tmp/cl-debug.txt", shop.output().split("\n").slice(-30).join("\n"));
    }, 8000);
    await shop.stop();
    clearTimeout(t);
    expect(shop.child.exitCode).toBe(0);
    for (const pid of workers) {
      expect(() => process.kill(pid, 0), `worker ${pid}`).toThrow();
    }
  });
});
