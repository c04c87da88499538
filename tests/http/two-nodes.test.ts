import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SYSTEM } from "#core/actor.ts";
import { rupeeDecimal } from "#core/money.ts";
import { getProduct } from "#server/catalog/catalog.service.ts";
import { createProduct, updateProduct } from "#server/catalog/catalog-admin.service.ts";
import { startTestBucket, type TestBucket } from "#server/testing/s3-server.ts";
import { createPostgresTestDatabase, postgresUrl } from "#server/testing/test-databases.ts";
import { type ShopProcess, startShopProcess } from "../../scripts/shop-process.ts";
import { buyOne, followFeed, liveBrowser, productInput } from "./live-shop.ts";
import { multipart } from "./test-shop.ts";

const baseUrl = postgresUrl();

describe.runIf(baseUrl !== undefined || process.env.CI === "true")(
  "two shop processes on one PostgreSQL database and one S3 bucket",
  () => {
    const dir = mkdtempSync(path.join(tmpdir(), "two-nodes-"));
    let database: Awaited<ReturnType<typeof createPostgresTestDatabase>>;
    let bucket: TestBucket;
    let a: ShopProcess;
    let b: ShopProcess;
    let productId = 0;
    const admin = liveBrowser();

    beforeAll(async () => {
      if (!baseUrl) throw new Error("TEST_DATABASE_URL must be set: this suite needs PostgreSQL.");
      database = await createPostgresTestDatabase(baseUrl);
      bucket = await startTestBucket();
      const node = (name: string) =>
        startShopProcess({
          ...bucket.env,
          DATABASE_URL: database.url,
          STORAGE_URL: bucket.url,
          // Each node's own disk: a picture B finds can only have come through the bucket.
          UPLOADS_DIR: path.join(dir, `uploads-${name}`),
          WEB_CONCURRENCY: "1",
          SEED_DEMO: "false",
          SESSION_SECRET: "one-secret-for-every-node-of-the-shop-0123456789",
          MAIL_URL: `file:${path.join(dir, `outbox-${name}`)}`,
        });
      [a, b] = await Promise.all([node("a"), node("b")]);
      productId = await createProduct(database.db, SYSTEM, productInput({ title: "Two Node Lehenga" }));
      // Signed in before the login throttling test blocks this address.
      const login = { email: "admin@example.com", password: "Bench-admin-password-1" };
      expect((await admin.post(a.baseUrl, "/login", login)).status).toBe(302);
    }, 180_000);
    afterAll(async () => {
      await Promise.all([a?.stop(), b?.stop()]);
      await bucket?.close();
      await database?.dispose();
      rmSync(dir, { recursive: true, force: true });
    });

    it("shows on B a picture uploaded through A, and a session opened on A; logging out on B ends it on A", async () => {
      const shopper = liveBrowser();
      const signup = await shopper.post(a.baseUrl, "/signup", {
        name: "Zoya Two",
        email: "zoya@mail.in",
        password: "Secret-pass-1",
      });
      expect(signup.status).toBe(302);
      const picture = await sharp({ create: { width: 600, height: 600, channels: 3, background: "#aa3355" } })
        .jpeg()
        .toBuffer();
      const form = await multipart(
        { name: "Zoya Two", email: "zoya@mail.in", phone: "", address: "" },
        { field: "picture", name: "me.jpg", type: "image/jpeg", data: picture },
      );
      expect((await shopper.postRaw(a.baseUrl, "/profileform", form.payload, form.headers)).status).toBe(302);
      const profileOnB = await shopper.get(b.baseUrl, "/profile");
      expect(profileOnB.status).toBe(200);
      expect(profileOnB.body).toContain("Zoya Two");
      const photo = profileOnB.body.match(/src="(\/uploads\/profileImages\/[^"]+)"/)?.[1]?.replace(/&amp;/g, "&");
      expect(photo).toBeDefined();
      const fromB = await fetch(`${b.baseUrl}${photo}`);
      expect(fromB.status).toBe(200);
      expect(fromB.headers.get("content-type")).toBe("image/webp");
      expect((await sharp(Buffer.from(await fromB.arrayBuffer())).metadata()).width).toBe(400);

      expect((await shopper.post(b.baseUrl, "/logout", {})).status).toBe(302);
      const profileOnA = await shopper.get(a.baseUrl, "/profile");
      expect(profileOnA.status).toBe(302);
      expect(profileOnA.location).toMatch(/^\/login/);
    });

    it("shows a price changed elsewhere on both nodes within a second or so", async () => {
      const page = `/productinfo/${productId}`;
      const price = (paise: number) => `property="product:price:amount" content="${rupeeDecimal(paise)}"`;
      expect((await fetch(`${b.baseUrl}${page}`).then((response) => response.text())).includes(price(499_900))).toBe(
        true,
      );
      const product = await getProduct(database.db, productId);
      await updateProduct(database.db, SYSTEM, productId, { ...product, price: 459_900 });
      for (const node of [a, b]) {
        await expect
          .poll(
            async () =>
              (await fetch(`${node.baseUrl}${page}`).then((response) => response.text())).includes(price(459_900)),
            {
              timeout: 5_000,
              interval: 100,
            },
          )
          .toBe(true);
      }
    });

    it("counts failed logins from both nodes together", async () => {
      const shopper = liveBrowser();
      await shopper.post(a.baseUrl, "/signup", { name: "Target", email: "target@mail.in", password: "Secret-pass-1" });
      await shopper.post(a.baseUrl, "/logout", {});
      const attacker = liveBrowser();
      for (const node of [a, b, a, b, a]) {
        const failed = await attacker.post(node.baseUrl, "/login", {
          email: "target@mail.in",
          password: "wrong-password",
        });
        expect(failed.status).toBe(401);
      }
      const blocked = await liveBrowser().post(b.baseUrl, "/login", {
        email: "target@mail.in",
        password: "Secret-pass-1",
      });
      expect(blocked.status).toBe(429);
    });

    it("sells exactly the last ten units to 100 buyers split over both nodes", async () => {
      const results = await Promise.all(
        Array.from({ length: 100 }, async (_, index) => {
          const node = index % 2 === 0 ? a : b;
          return (await buyOne(node.baseUrl, productId, `buyer${index}@mail.in`)) !== null;
        }),
      );
      expect(results.filter(Boolean)).toHaveLength(10);
      const orders = await database.db
        .selectFrom("orders")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      const stock = await database.db
        .selectFrom("productSizes")
        .select("stock")
        .where("productId", "=", productId)
        .executeTakeFirstOrThrow();
      expect(Number(orders.n)).toBe(10);
      expect(stock.stock).toBe(0);
    });

    it("tells the administrator following on B of an order placed on A, and of its shipping on A", async () => {
      const feed = followFeed(`${b.baseUrl}/admin/events`, admin.cookie);
      await expect.poll(() => feed.answer.status, { timeout: 10_000 }).toBe(200);
      const kurta = await createProduct(database.db, SYSTEM, productInput({ title: "Live Feed Kurta" }));
      const token = await buyOne(a.baseUrl, kurta, "live@mail.in");
      const order = await database.db
        .selectFrom("orders")
        .select(["id", "orderNumber"])
        .where("accessToken", "=", token ?? "")
        .executeTakeFirstOrThrow();
      await expect
        .poll(() => feed.events.map((event) => [event.orderNumber, event.to]), { timeout: 10_000 })
        .toEqual([[order.orderNumber, "placed"]]);
      const shipped = await admin.post(a.baseUrl, `/admin/updateorderstatus?id=${order.id}`, {
        from: "placed",
        to: "shipped",
        courier: "Blue Dart",
        trackingNumber: "BD44172290",
        expectedDelivery: "2026-04-02",
      });
      expect(shipped.status).toBeLessThan(400);
      await expect
        .poll(() => feed.events.map((event) => [event.orderNumber, event.to]), { timeout: 10_000 })
        .toEqual([
          [order.orderNumber, "placed"],
          [order.orderNumber, "shipped"],
        ]);
      feed.close();
    });

    it("delivers every e-mail once, though both nodes run the outbox worker", async () => {
      await expect
        .poll(
          async () => {
            const left = await database.db
              .selectFrom("outbox")
              .select((eb) => eb.fn.countAll<number>().as("n"))
              .where("status", "!=", "sent")
              .executeTakeFirstOrThrow();
            return Number(left.n);
          },
          { timeout: 30_000, interval: 200 },
        )
        .toBe(0);
      const rows = await database.db.selectFrom("outbox").select(["recipient", "subject"]).execute();
      const files = ["a", "b"].flatMap((name) => {
        const folder = path.join(dir, `outbox-${name}`);
        // A node that happened to deliver nothing never made its folder.
        return (existsSync(folder) ? readdirSync(folder) : [])
          .filter((file) => file.endsWith(".eml"))
          .map((file) => readFileSync(path.join(folder, file), "utf8"));
      });
      expect(files).toHaveLength(rows.length);
      const sent = files.map((text) => `${text.match(/^To: (.+)$/m)?.[1]} ${text.match(/^Subject: (.+)$/m)?.[1]}`);
      expect(new Set(sent).size).toBe(files.length);
    });
  },
);
