import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeProduct } from "#server/testing/factories.ts";
import { describeEachDatabase } from "#server/testing/test-databases.ts";
import { type ShopProcess, startShopProcess } from "../../scripts/shop-process.ts";
import { checkoutForm } from "./live-shop.ts";
import { shopBrowser, startTestShop, type TestShop } from "./test-shop.ts";

const TOKEN = "metrics-token-for-the-tests-0123456789";

describeEachDatabase("operating the shop: probes, request ids and metrics", (database) => {
  let shop: TestShop;

  beforeAll(async () => {
    shop = await startTestShop(database(), { METRICS_TOKEN: TOKEN });
  });
  afterAll(() => shop?.dispose());

  it("answers /healthz, and /readyz once the database, its migrations and storage are ready", async () => {
    expect((await shop.request({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
    const ready = await shop.request({ method: "GET", url: "/readyz" });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ ready: true, stopping: false, database: true, migrations: true, storage: true });
  });

  it("gives every answer its own request id", async () => {
    const ids = new Set<string>();
    for (const url of ["/", "/login", "/healthz", "/no-such-page"]) {
      const response = await shop.request({ method: "GET", url });
      expect(response.headers["x-request-id"], url).toMatch(/^[0-9a-f-]{36}$/);
      ids.add(String(response.headers["x-request-id"]));
    }
    expect(ids.size).toBe(4);
  });

  it("opens /metrics only to the bearer of the token", async () => {
    for (const authorization of [undefined, "Bearer wrong", `Bearer ${TOKEN}x`, TOKEN]) {
      const response = await shop.request({
        method: "GET",
        url: "/metrics",
        headers: authorization ? { authorization } : {},
      });
      expect(response.statusCode, String(authorization)).toBe(401);
      expect(response.body).not.toContain("kesar_");
    }
  });

  it("counts requests by route and status, orders, refusals by reason, the outbox, memory and event-loop lag", async () => {
    const productId = await makeProduct(shop.services.db, { sizes: { M: 1 } });
    const buyer = shopBrowser(shop);
    await buyer.post("/cart", { intent: "add", productId: String(productId), size: "M" });
    await buyer.post("/guest", checkoutForm("metrics@mail.in"));
    const late = shopBrowser(shop);
    await late.post("/cart", { intent: "add", productId: String(productId), size: "M" });
    const response = await shop.request({
      method: "GET",
      url: "/metrics",
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    const text = response.body;
    expect(text).toMatch(/kesar_http_request_duration_seconds_count\{method="POST",route="\/guest",status="302"\} \d+/);
    expect(text).toMatch(/kesar_orders_placed_total\{buyer="guest"\} [1-9]/);
    expect(text).toMatch(/kesar_outbox_depth \d+/);
    expect(text).toMatch(/kesar_process_resident_memory_bytes \d+/);
    expect(text).toMatch(/kesar_nodejs_eventloop_lag_seconds \d/);
    // The second buyer found the size sold out at the cart; a checkout with nothing in it is refused.
    await late.post("/guest", checkoutForm("late@mail.in"));
    const after = await shop.request({ method: "GET", url: "/metrics", headers: { authorization: `Bearer ${TOKEN}` } });
    expect(after.body).toMatch(/kesar_checkout_refusals_total\{reason="cart-empty"\} [1-9]/);
  });

  it("has no /metrics at all when no token is set", async () => {
    const plain = await startTestShop(database());
    try {
      expect((await plain.request({ method: "GET", url: "/metrics" })).statusCode).toBe(404);
    } finally {
      await plain.dispose();
    }
  });

  it("answers /readyz 503 once the shop begins to stop", async () => {
    const stopping = await startTestShop(database());
    const closing = stopping.app.close();
    const response = await stopping.request({ method: "GET", url: "/readyz" });
    expect(response.statusCode).toBe(503);
    await closing;
    await stopping.services.close();
    stopping.removeFolders();
  });
});

describe("the request log of a running shop", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "shop-log-"));
  let shop: ShopProcess;
  beforeAll(async () => {
    shop = await startShopProcess({
      DATABASE_URL: `file:${path.join(dir, "shop.db")}`,
      WEB_CONCURRENCY: "1",
      SEED_DEMO: "false",
      LOG_LEVEL: "info",
      MAIL_URL: `file:${path.join(dir, "outbox")}`,
    });
  }, 120_000);
  afterAll(async () => {
    await shop?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("writes one line per request with its id, route, status, duration and the signed-in user", async () => {
    const signup = await fetch(`${shop.baseUrl}/signup`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: shop.baseUrl },
      body: new URLSearchParams({ name: "Log Reader", email: "log@mail.in", password: "Secret-pass-1" }),
    });
    await signup.arrayBuffer();
    const cookie = signup.headers
      .getSetCookie()
      .map((header) => header.split(";")[0])
      .join("; ");
    const profile = await fetch(`${shop.baseUrl}/profile`, { headers: { cookie } });
    await profile.arrayBuffer();
    const requestId = profile.headers.get("x-request-id");
    expect(requestId).toBeTruthy();
    await expect
      .poll(
        () =>
          shop
            .output()
            .split("\n")
            .filter((line) => line.includes(`"reqId":"${requestId}"`)),
        { timeout: 5_000 },
      )
      .toHaveLength(1);
    const line = JSON.parse(
      shop
        .output()
        .split("\n")
        .find((entry) => entry.includes(`"reqId":"${requestId}"`)) ?? "{}",
    );
    expect(line).toMatchObject({ msg: "request", method: "GET", route: "/profile", status: 200 });
    expect(line.userId).toMatch(/\S/);
    expect(typeof line.durationMs).toBe("number");
  });
});
