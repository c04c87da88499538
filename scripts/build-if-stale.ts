import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const builtServer = path.join(root, "build", "server", "index.js");
const SOURCES = ["app", "core", "server", "public", "vite.config.ts", "react-router.config.ts", "package-lock.json"];

function newestChange(entry: string): number {
  if (!existsSync(entry)) return 0;
  const info = statSync(entry);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const child of readdirSync(entry)) newest = Math.max(newest, newestChange(path.join(entry, child)));
  return newest;
}

/** The production build exists and is newer than every source file it is made from. */
export function buildIsFresh(): boolean {
  if (!existsSync(builtServer)) return false;
  const builtAt = statSync(builtServer).mtimeMs;
  return SOURCES.every((source) => newestChange(path.join(root, source)) <= builtAt);
}

/** Runs `react-router build` when the build is missing or stale. */
export function buildIfStale(): void {
  if (buildIsFresh()) return;
  console.log("Building the shop (first start, or the code changed)…");
  const cli = path.join(root, "node_modules", "@react-router", "dev", "bin.cjs");
  // Always a production build, whatever NODE_ENV the caller runs under (the test runner sets "test").
  const env = { ...process.env, NODE_ENV: "production" };
  const result = spawnSync(process.execPath, [cli, "build"], { cwd: root, stdio: "inherit", env });
  if (result.status !== 0) throw new Error("The build failed; see the messages above.");
}
