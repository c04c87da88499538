/**
 * `npm run bench:live-feed`: how soon the administrator hears of an order placed on another node.
 * Two shop processes share one PostgreSQL database (DATABASE_URL, or TEST_DATABASE_URL, in a
 * scratch schema); the administrator's dashboard is open in Chromium on node B; 50 guests order,
 * one after another, on node A. For each order: from the moment A answers the checkout to the
 * toast on B's page, and from the moment the checkout was sent.
 */
import { chromium } from "playwright-core";
import { SYSTEM } from "#core/actor.ts";
import { createProduct } from "#server/catalog/catalog-admin.service.ts";
import { openDatabase } from "#server/db/database.ts";
import { createScratchSchema } from "#server/testing/scratch-schema.ts";
import { buildIfStale } from "../scripts/build-if-stale.ts";
import { startShopProcess } from "../scripts/shop-process.ts";
import { CHROMIUM_ARGS, findChromium } from "../tests/e2e/chromium.ts";
import { checkoutForm, liveBrowser, productInput } from "../tests/http/live-shop.ts";

const ORDERS = 50;
const TOAST_TIMEOUT_MS = 10_000;

const baseUrl = process.env.DATABASE_URL?.startsWith("postgres")
  ? process.env.DATABASE_URL
  : process.env.TEST_DATABASE_URL;
const executablePath = findChromium();
if (!baseUrl || !executablePath) {
  console.error("This benchmark needs PostgreSQL (DATABASE_URL or TEST_DATABASE_URL) and Chromium.");
  process.exit(1);
}

buildIfStale();
const scratch = await createScratchSchema(baseUrl, "bench");
const env = { DATABASE_URL: scratch.url, SEED_DEMO: "false", WEB_CONCURRENCY: "1", LOG_LEVEL: "warn" };
const [a, b] = await Promise.all([startShopProcess(env), startShopProcess(env)]);
const handle = openDatabase(scratch.url);
const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
try {
  const productId = await createProduct(
    handle.db,
    SYSTEM,
    productInput({ title: "Bench Feed Kurta", sizes: [{ size: "M", stock: ORDERS }] }),
  );
  const page = await browser.newPage();
  // Every toast's arrival, by the page's own clock (the same machine's as this process).
  await page.addInitScript(() => {
    const seen: { text: string; at: number }[] = [];
    Object.assign(window, { benchToasts: seen });
    new MutationObserver((changes) => {
      for (const change of changes) {
        for (const node of change.addedNodes) {
          if (!(node instanceof HTMLElement)) continue;
          // The first toast brings its list with it.
          const toasts = node.matches("[data-sonner-toast]") ? [node] : node.querySelectorAll("[data-sonner-toast]");
          for (const toast of toasts) seen.push({ text: toast.textContent ?? "", at: Date.now() });
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto(`${b.baseUrl}/login`);
  await page.getByLabel("Email").fill("admin@example.com");
  await page.getByLabel("Password").fill("Bench-admin-password-1");
  await page.getByRole("button", { name: "Login" }).click();
  await page.getByText("Login successful").waitFor();
  const following = page.waitForResponse((response) => response.url().includes("/admin/events"));
  await page.goto(`${b.baseUrl}/dashboard`);
  await following;

  const fromAnswer: number[] = [];
  const fromSend: number[] = [];
  for (let index = 0; index < ORDERS; index++) {
    const guest = liveBrowser();
    await guest.post(a.baseUrl, "/cart", { intent: "add", productId: String(productId), size: "M" });
    const sent = Date.now();
    const placed = await guest.post(a.baseUrl, "/guest", checkoutForm(`feed${index}@mail.in`));
    const answered = Date.now();
    if (placed.status !== 302) throw new Error(`order ${index + 1} was refused (${placed.status})`);
    const toast = await page.waitForFunction(
      (count) =>
        (window as unknown as { benchToasts: { text: string; at: number }[] }).benchToasts.filter((entry) =>
          entry.text.includes("New order"),
        )[count],
      index,
      { timeout: TOAST_TIMEOUT_MS },
    );
    const { at } = (await toast.jsonValue()) as { at: number };
    fromAnswer.push(at - answered);
    fromSend.push(at - sent);
  }
  const quantile = (values: number[], q: number) =>
    [...values].sort((x, y) => x - y)[Math.floor(q * (values.length - 1))];
  const line = (name: string, values: number[]) =>
    `${name}: p50 ${quantile(values, 0.5)} ms · p95 ${quantile(values, 0.95)} ms · max ${Math.max(...values)} ms`;
  console.log(`Order on node A → toast on the admin's page on node B, ${ORDERS} orders:`);
  console.log(`  ${line("from A's answer", fromAnswer)}`);
  console.log(`  ${line("from the checkout sent", fromSend)}`);
} finally {
  await browser.close();
  await Promise.all([a.stop(), b.stop()]);
  await handle.close();
  await scratch.drop();
}
