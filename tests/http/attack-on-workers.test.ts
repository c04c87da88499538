import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SYSTEM } from "#core/actor.ts";
import { MAX_FAILURES_PER_EMAIL } from "#server/accounts/accounts.service.ts";
import { createProduct } from "#server/catalog/catalog-admin.service.ts";
import { type DatabaseHandle, openDatabase } from "#server/db/database.ts";
import { PUBLIC_MAILS_PER_HOUR } from "#server/mail/mail.service.ts";
import { createPostgresTestDatabase, postgresUrl } from "#server/testing/test-databases.ts";
import { type ShopProcess, startShopProcess } from "../../scripts/shop-process.ts";
import { linkPath, waitForMail } from "../e2e/mailbox.ts";
import { buyOne, checkoutForm, liveBrowser, productInput } from "./live-shop.ts";

const METRICS_TOKEN = "metrics-token-for-the-attack-suite";

type Engine = "sqlite" | "postgres";

/** The attack suite from outside, against a shop of two workers on each engine. */
function attackOn(engine: Engine) {
  describe.runIf(engine === "sqlite" || postgresUrl() !== undefined)(`an attack on two workers [${engine}]`, () => {
    const dir = mkdtempSync(path.join(tmpdir(), "shop-attack-"));
    let shop: ShopProcess;
    let db: DatabaseHandle["db"];
    let close: () => Promise<void> = async () => {};
    let productId = 0;
    let addressCounter = 0;
    /** Each request from an address of its own (the shop believes one proxy hop), unless told otherwise. */
    const from = (address = `198.18.${(++addressCounter >> 8) & 255}.${addressCounter & 255}`) => ({
      "x-forwarded-for": address,
    });
    const post = (url: string, fields: Record<string, string>, headers: Record<string, string> = from()) =>
      fetch(`${shop.baseUrl}${url}`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: shop.baseUrl, ...headers },
        body: new URLSearchParams(fields),
      }).then(async (response) => ({ status: response.status, body: await response.text() }));

    beforeAll(async () => {
      let databaseUrl = `file:${path.join(dir, "shop.db")}`;
      const base = postgresUrl();
      if (engine === "postgres" && base) {
        const database = await createPostgresTestDatabase(base);
        databaseUrl = database.url;
        close = database.dispose;
      }
      shop = await startShopProcess({
        DATABASE_URL: databaseUrl,
        WEB_CONCURRENCY: "2",
        SEED_DEMO: "false",
        LOG_LEVEL: "info",
        TRUST_PROXY: "1",
        METRICS_TOKEN,
        MAIL_URL: `file:${path.join(dir, "outbox")}`,
      });
      const handle = openDatabase(databaseUrl);
      db = handle.db;
      const previous = close;
      close = async () => {
        await handle.close();
        await previous();
      };
      productId = await createProduct(db, SYSTEM, productInput({ sizes: [{ size: "M", stock: 100 }] }));
    }, 120_000);
    afterAll(async () => {
      await shop?.stop();
      await close();
      rmSync(dir, { recursive: true, force: true });
    });

    it("creates no more accounts from one address than the flood guard allows, over both workers and every spelling", async () => {
      const address = from();
      const spellings = ["/signup", "/signup.data", "/signup/", "/SIGNUP", "//signup", "/signup/_.data"];
      const answers = await Promise.all(
        Array.from({ length: 60 }, (_, index) =>
          post(
            spellings[index % spellings.length] ?? "/signup",
            { name: "Flood", email: `flood${index}@attack.test`, password: "Secret-pass-1" },
            address,
          ),
        ),
      );
      const created = await db.selectFrom("users").select("id").where("email", "like", "flood%@attack.test").execute();
      // Fifty of the sixty reach the sign-up action: React Router answers `//signup` 405.
      expect(created).toHaveLength(30);
      const refused = answers.filter((answer) => answer.status === 429);
      expect(refused).toHaveLength(20);
      expect(answers.every((answer) => answer.status < 500)).toBe(true);
    });

    it("checks five guesses of one account's password from forty addresses at once", async () => {
      const email = "guessed@attack.test";
      expect((await post("/signup", { name: "Target", email, password: "Secret-pass-1" })).status).toBe(302);
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, index) => post("/login", { email, password: `guess-${index}` })),
      );
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status === 401)).toHaveLength(MAX_FAILURES_PER_EMAIL);
      expect(statuses.filter((status) => status === 429)).toHaveLength(40 - MAX_FAILURES_PER_EMAIL);
    });

    it("queues three reset mails for forty requests at once, and five order links for thirty-one", async () => {
      const email = "reset@attack.test";
      await post("/signup", { name: "Reset", email, password: "Secret-pass-1" });
      const resets = await Promise.all(Array.from({ length: 40 }, () => post("/forgot-password", { email })));
      expect(new Set(resets.map((answer) => answer.status))).toEqual(new Set([200]));
      const queued = async (recipient: string, kind: string) =>
        (
          await db
            .selectFrom("outbox")
            .select("id")
            .where("recipient", "=", recipient)
            .where("kind", "=", kind)
            .execute()
        ).length;
      expect(await queued(email, "password-reset")).toBe(3);

      const guest = "guest@attack.test";
      const token = await buyOne(shop.baseUrl, productId, guest);
      const order = await db
        .selectFrom("orders")
        .select("orderNumber")
        .where("accessToken", "=", token ?? "")
        .executeTakeFirstOrThrow();
      const finds = await Promise.all(
        Array.from({ length: 31 }, () => post("/orders/find", { orderNumber: order.orderNumber, email: guest })),
      );
      expect(new Set(finds.map((answer) => answer.status))).toEqual(new Set([200]));
      expect(await queued(guest, "order-link")).toBe(PUBLIC_MAILS_PER_HOUR);
    });

    // What the log and the metrics keep is the same on either engine: looked at on the default one.
    if (engine === "sqlite") {
      it("writes none of the secrets it hands out into the log, and lets no Referer leave a secret page", async () => {
        const email = "secrets@attack.test";
        const browser = liveBrowser();
        await browser.post(shop.baseUrl, "/signup", { name: "Secret", email, password: "Secret-pass-1" });
        await post("/forgot-password", { email });
        const outbox = path.join(dir, "outbox");
        const reset = linkPath(await waitForMail(outbox, email, /Reset/), "/reset-password/");
        const verify = linkPath(await waitForMail(outbox, email, /Confirm/), "/verify-email/");
        const guestBrowser = liveBrowser();
        await guestBrowser.post(shop.baseUrl, "/cart", { intent: "add", productId: String(productId), size: "M" });
        const placed = await guestBrowser.post(shop.baseUrl, "/guest", checkoutForm("secret-guest@attack.test"));
        const orderPath = placed.location;
        expect(orderPath).toMatch(/^\/orders\/[\w-]{32,}$/);
        const secrets = [reset, verify, orderPath].map((link) => link.slice(link.lastIndexOf("/") + 1));

        const page = await fetch(`${shop.baseUrl}${reset}`);
        await page.text();
        expect(page.headers.get("referrer-policy")).toBe("no-referrer");
        for (const url of [`${verify}`, `${orderPath}`, `${orderPath}.data`, `/${reset.slice(1)}?code=${secrets[0]}`]) {
          await (await fetch(`${shop.baseUrl}${url}`)).text();
        }
        await post(reset, { password: "Another-pass-2" });
        await browser.post(shop.baseUrl, verify, {});
        // Every request above has its line once the last one is written.
        await expect
          .poll(
            () =>
              shop
                .output()
                .split("\n")
                .filter((line) => line.includes("[redacted]")).length,
            {
              timeout: 10_000,
            },
          )
          .toBeGreaterThanOrEqual(6);
        for (const secret of secrets) expect(shop.output()).not.toContain(secret);
      });

      it("keeps one metrics series per route however many paths a visitor invents", async () => {
        const scrape = async () => {
          const response = await fetch(`${shop.baseUrl}/metrics`, {
            headers: { authorization: `Bearer ${METRICS_TOKEN}` },
          });
          const text = await response.text();
          return text.split("\n").filter((line) => line.startsWith("kesar_http_request_duration_seconds_count")).length;
        };
        const before = Math.max(await scrape(), await scrape());
        for (let batch = 0; batch < 10; batch++) {
          await Promise.all(
            Array.from({ length: 30 }, async (_, index) => {
              const response = await fetch(`${shop.baseUrl}/no-such-page-${batch}-${index}/${"x".repeat(index)}`);
              await response.text();
            }),
          );
        }
        const after = Math.max(await scrape(), await scrape(), await scrape());
        // A worker that had not yet answered a 404 gains its one "(not found)" series and no more.
        expect(after).toBeLessThanOrEqual(before + 2);
      });
    }
  });
}

attackOn("sqlite");
attackOn("postgres");
