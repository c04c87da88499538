/**
 * `npm test`: type-check, lint, build, then every suite: services on SQLite (and PostgreSQL when
 * TEST_DATABASE_URL is set), HTTP tests against the built server, and browser journeys in Chromium.
 * A missing PostgreSQL or Chromium is announced loudly; under CI=true the suites themselves fail.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { findChromium } from "../tests/e2e/chromium.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const bin = (name: string) => path.join(root, "node_modules", ".bin", name);
const env = {
  ...process.env,
  NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --disable-warning=ExperimentalWarning`.trim(),
};

function run(title: string, command: string, args: string[], extraEnv: Record<string, string> = {}): void {
  console.log(`\n=== ${title}`);
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...env, ...extraEnv } });
  if (result.status !== 0) {
    console.error(`\n✗ ${title} failed.`);
    process.exit(result.status ?? 1);
  }
}

function banner(lines: string[]): void {
  const width = Math.max(...lines.map((line) => line.length)) + 4;
  console.warn(`\n${"!".repeat(width)}`);
  for (const line of lines) console.warn(`! ${line.padEnd(width - 4)} !`);
  console.warn(`${"!".repeat(width)}\n`);
}

const ci = process.env.CI === "true";
if (!process.env.TEST_DATABASE_URL) {
  banner([
    "PostgreSQL: TEST_DATABASE_URL is not set.",
    ci ? "Under CI this fails the database suites." : "Database suites run on SQLite only; PostgreSQL is SKIPPED.",
  ]);
}
if (!findChromium()) {
  banner([
    "Chromium: not found at /usr/bin/chromium-headless-shell or /usr/bin/chromium (or CHROMIUM_PATH).",
    ci ? "Under CI this fails the browser journeys." : "Browser journeys are SKIPPED.",
  ]);
}

run("Type-check", bin("react-router"), ["typegen"]);
run("Type-check", bin("tsc"), ["-p", "."]);
run("Lint", bin("biome"), ["check", "--error-on-warnings", "."]);
run("Build", bin("react-router"), ["build"], { NODE_ENV: "production" });
run("Tests", process.execPath, [
  path.join(root, "node_modules", "vitest", "vitest.mjs"),
  "run",
  ...process.argv.slice(2),
]);
console.log("\n✓ All checks passed.");
