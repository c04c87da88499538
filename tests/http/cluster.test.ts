import { once } from "node:events";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SYSTEM } from "#core/actor.ts";
import { createProduct } from "#server/catalog/catalog-admin.service.ts";
import { openDatabase } from "#server/db/database.ts";
import { type ShopProcess, startShopProcess } from "../../scripts/shop-process.ts";
import { buyOne, productInput } from "./live-shop.ts";

const pidsIn = (output: string) => new Set([...output.matchAll(/"pid":(\d+)/g)].map((match) => Number(match[1])));

/** A connection opened ahead of need and never used, as browsers keep: `closed` once the shop closes it. */
async function silentConnection(baseUrl: string) {
  const { hostname, port } = new URL(baseUrl);
  const socket = net.connect(Number(port), hostname);
  await once(socket, "connect");
  return { closed: once(socket, "close") };
}

/**
 * A login whose form is on its way: the shop has taken the request (it said "100 Continue") and
 * waits for the form. `answer` is everything the shop sent back, once it closes the connection.
 */
async function halfSentLogin(baseUrl: string) {
  const { host, hostname, port } = new URL(baseUrl);
  const form = "email=slow%40mail.in&password=Not-the-password-1";
  const socket = net.connect(Number(port), hostname);
  let received = "";
  socket.on("data", (chunk: Buffer) => {
    received += chunk.toString("latin1");
  });
  const answer = once(socket, "close").then(() => received);
  socket.write(
    `POST /login HTTP/1.1\r\nHost: ${host}\r\nOrigin: ${baseUrl}\r\n` +
      `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${form.length}\r\n` +
      "Expect: 100-continue\r\n\r\n",
  );
  await expect.poll(() => received, { timeout: 10_000 }).toContain("100 Continue");
  return { sendTheRest: () => socket.write(form), answer };
}

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

  it("stops every worker on SIGTERM: answers the requests in flight, and closes at once the connections that asked nothing", async () => {
    const workers = [...pidsIn(shop.output())];
    // One of each on either worker: the primary hands new connections to the workers in turn.
    const silent = await Promise.all([silentConnection(shop.baseUrl), silentConnection(shop.baseUrl)]);
    const halfSent = await Promise.all([halfSentLogin(shop.baseUrl), halfSentLogin(shop.baseUrl)]);
    const stopped = shop.stop();
    // Before the rest of any form is sent: a connection left to the drain's grace would be cut
    // only when the grace runs out, together with the requests still being answered.
    await Promise.all(silent.map((connection) => connection.closed));
    for (const request of halfSent) request.sendTheRest();
    for (const answer of await Promise.all(halfSent.map((request) => request.answer))) {
      expect(answer).toMatch(/^HTTP\/1\.1 [2-5]\d\d /m);
      expect(answer).toMatch(/^connection: close/im);
    }
    await stopped;
    expect(shop.child.exitCode).toBe(0);
    for (const pid of workers) {
      expect(() => process.kill(pid, 0), `worker ${pid}`).toThrow();
    }
  });
});
