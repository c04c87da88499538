import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
import { createScratchSchema } from "#server/testing/scratch-schema.ts";

export type E2eShop = {
  engine: "sqlite" | "postgres";
  baseUrl: string;
  adminEmail: string;
  adminPassword: string;
  /** Where the shop writes its mail (MAIL_URL=file:…), for journeys that read it. */
  outboxDir: string;
};

declare module "vitest" {
  export interface ProvidedContext {
    shops: E2eShop[];
  }
}

const root = fileURLToPath(new URL("../..", import.meta.url));
// Demo pictures are named by their content, so every run and both engines can share them.
const pictureCache = path.join(root, "node_modules", ".cache", "e2e-uploads");

type Running = { child: ChildProcess; dispose: () => Promise<void> };

/**
 * Starts the production build once per database engine, each on a fresh database with the demo
 * catalogue, on a random port, exactly as `npm start` would.
 */
export default async function setup(project: TestProject) {
  const running: Running[] = [];
  const shops: E2eShop[] = [];
  const adminPassword = "E2e-admin-password-1";
  const sqliteDir = mkdtempSync(path.join(tmpdir(), "shop-e2e-"));
  const engines: { engine: E2eShop["engine"]; url: string; dispose: () => Promise<void> }[] = [
    {
      engine: "sqlite",
      url: `file:${path.join(sqliteDir, "shop.db")}`,
      dispose: async () => rmSync(sqliteDir, { recursive: true, force: true }),
    },
  ];
  const pgUrl = process.env.TEST_DATABASE_URL;
  if (pgUrl) {
    const scratch = await createScratchSchema(pgUrl, "e2e");
    engines.push({ engine: "postgres", url: scratch.url, dispose: scratch.drop });
  }
  mkdirSync(pictureCache, { recursive: true });
  for (const { engine, url, dispose } of engines) {
    const adminEmail = `admin-${engine}@shop.test`;
    const outboxDir = path.join(sqliteDir, `outbox-${engine}`);
    const { child, baseUrl } = await startShop({
      DATABASE_URL: url,
      UPLOADS_DIR: pictureCache,
      ADMIN_EMAIL: adminEmail,
      ADMIN_PASSWORD: adminPassword,
      SESSION_SECRET: randomBytes(32).toString("hex"),
      MAIL_URL: `file:${outboxDir}`,
    });
    running.push({ child, dispose });
    shops.push({ engine, baseUrl, adminEmail, adminPassword, outboxDir });
  }
  project.provide("shops", shops);
  return async () => {
    for (const { child, dispose } of running) {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
      await dispose();
    }
  };
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
