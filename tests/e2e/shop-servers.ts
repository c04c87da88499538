import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
import { startLocalCourier } from "../../server/testing/local-courier.ts";
import { startLocalGateway } from "../../server/testing/local-gateway.ts";

export type E2eShop = {
  /** Known once the shop is up (`shopReady`); empty before. */
  baseUrl: string;
  /** Where the shop's address (or why it did not start) is written once it is up. */
  stateFile: string;
  adminEmail: string;
  adminPassword: string;
  /** Where the shop writes its mail (MAIL_URL=file:…), for journeys that read it. */
  outboxDir: string;
  /** Where the shop writes its SMS (SMS_URL=file:…), one JSON file each, for journeys that read a code. */
  smsDir: string;
};

declare module "vitest" {
  export interface ProvidedContext {
    shop: E2eShop;
  }
}

const root = fileURLToPath(new URL("../..", import.meta.url));

/**
 * Starts the production build on a fresh SQLite database with the demo catalogue, on a random port,
 * exactly as `npm start` would, in one process (the cluster has HTTP tests of its own). The
 * journeys run on SQLite: what PostgreSQL does differently (LISTEN/NOTIFY between nodes, row locks
 * under concurrency) is proved over real HTTP against shop processes on PostgreSQL in tests/http.
 *
 * The shop takes several seconds to load its demo catalogue (6–8 s with plain pictures on this
 * machine), and nothing but the journeys needs it: it starts here without holding the run back,
 * and each journey file waits for it (`shopReady`), while the service and HTTP suites already run.
 */
export default async function setup(project: TestProject) {
  const adminPassword = "E2e-admin-password-1";
  const adminEmail = "admin@shop.test";
  const dir = mkdtempSync(path.join(tmpdir(), "shop-e2e-"));
  const outboxDir = path.join(dir, "outbox");
  const smsDir = path.join(dir, "sms");
  const stateFile = path.join(dir, "shop.json");
  // Online payment is on, through the local stand-in for Razorpay; cash on delivery stays the
  // checkout's first choice, so journeys that do not pay online see the checkout as before.
  const gateway = await startLocalGateway();
  const payment = gateway.settings();
  // Couriers are booked with the local stand-in for Shiprocket, which moves each booked parcel on
  // every second through the status webhook (orders shipped by hand are untouched), and holds a
  // failed delivery up to two minutes for the buyer's answer.
  const courier = await startLocalCourier();
  const carrier = courier.settings();
  const stopParcels = courier.autoplay(1000, 120);
  const started = startShop({
    SHIPROCKET_EMAIL: carrier.email,
    SHIPROCKET_PASSWORD: carrier.password,
    SHIPROCKET_PICKUP_LOCATION: carrier.pickupLocation,
    SHIPROCKET_WEBHOOK_TOKEN: carrier.webhookToken,
    SHIPROCKET_API_URL: carrier.apiUrl,
    RAZORPAY_KEY_ID: payment.keyId,
    RAZORPAY_KEY_SECRET: payment.keySecret,
    RAZORPAY_WEBHOOK_SECRET: payment.webhookSecret,
    RAZORPAY_API_URL: payment.apiUrl,
    RAZORPAY_CHECKOUT_URL: payment.checkoutUrl,
    DATABASE_URL: `file:${path.join(dir, "shop.db")}`,
    UPLOADS_DIR: path.join(dir, "uploads"),
    ADMIN_EMAIL: adminEmail,
    ADMIN_PASSWORD: adminPassword,
    SESSION_SECRET: randomBytes(32).toString("hex"),
    MAIL_URL: `file:${outboxDir}`,
    SMS_URL: `file:${smsDir}`,
    // The journeys ship their orders at once; a large cash order's confirmation has HTTP tests.
    COD_CONFIRM_ABOVE_RUPEES: "off",
    WEB_CONCURRENCY: "1",
    // Each journey's browser says which shopper's network it comes from (shopper-addresses.ts).
    TRUST_PROXY: "127.0.0.1",
    // Plain pictures: the browser loads none (but the profile photo's), so none need drawing.
    SEED_DEMO: "plain",
  }).then(
    ({ child, baseUrl }) => {
      gateway.webhookUrl = `${baseUrl}/webhooks/razorpay`;
      courier.webhookUrl = `${baseUrl}/webhooks/shipments`;
      writeState(stateFile, { baseUrl });
      return child;
    },
    (error: Error) => {
      writeState(stateFile, { error: error.message });
      return null;
    },
  );
  project.provide("shop", { baseUrl: "", stateFile, adminEmail, adminPassword, outboxDir, smsDir });
  return async () => {
    const child = await started;
    if (child && child.exitCode === null) {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
    }
    stopParcels();
    await gateway.close();
    await courier.close();
    rmSync(dir, { recursive: true, force: true });
  };
}

/** Written whole or not at all: a journey polling for the file never reads half of it. */
function writeState(file: string, state: { baseUrl?: string; error?: string }): void {
  writeFileSync(`${file}.part`, JSON.stringify(state));
  renameSync(`${file}.part`, file);
}

/** Waits until the journeys' shop is up, and gives its address; says why when it did not start. */
export async function shopReady(shop: E2eShop): Promise<E2eShop> {
  const until = Date.now() + 170_000;
  while (!existsSync(shop.stateFile)) {
    if (Date.now() > until) throw new Error("The journeys' shop did not start within 170 seconds.");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const state = JSON.parse(readFileSync(shop.stateFile, "utf8")) as { baseUrl?: string; error?: string };
  if (!state.baseUrl) throw new Error(`The journeys' shop did not start: ${state.error}`);
  shop.baseUrl = state.baseUrl;
  return shop;
}

async function startShop(env: Record<string, string>): Promise<{ child: ChildProcess; baseUrl: string }> {
  const child = spawn(process.execPath, ["--disable-warning=ExperimentalWarning", "scripts/start.ts"], {
    cwd: root,
    env: { ...process.env, ...env, PORT: "0", HOST: "127.0.0.1", NODE_ENV: "production", LOG_LEVEL: "warn" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The shop did not start in time:\n${output}`)), 170_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/open at (http:\/\/[^\s]+)/);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve({ child, baseUrl: match[1] });
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      process.stderr.write(chunk);
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`The shop exited with code ${code}:\n${output}`));
    });
  });
}
