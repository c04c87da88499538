import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("..", import.meta.url));

export type ShopProcess = {
  child: ChildProcess;
  baseUrl: string;
  /** Everything the process has printed so far. */
  output: () => string;
  stop: () => Promise<void>;
};

/**
 * The production build on the given database, in a process of its own on a random port, as
 * `npm start` runs it. Demo pictures are named by content; reusing the test run's saves drawing them.
 * `checkout` runs another checkout's build (a bench comparing two commits), with this one's caches.
 */
export async function startShopProcess(env: Record<string, string>, checkout = ROOT): Promise<ShopProcess> {
  const child = spawn(process.execPath, ["--disable-warning=ExperimentalWarning", "scripts/start.ts"], {
    cwd: checkout,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: "0",
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      UPLOADS_DIR: path.join(ROOT, "node_modules", ".cache", "e2e-uploads"),
      // Its SMS beside the uploads, not in the working copy's ./data/sms (where a PostgreSQL shop puts them).
      SMS_URL: `file:${path.join(ROOT, "node_modules", ".cache", "e2e-sms")}`,
      ADMIN_PASSWORD: "Bench-admin-password-1",
      // Tests and benches ship orders as soon as they are placed: no wait for a buyer's confirmation
      // unless they ask for it.
      COD_CONFIRM_ABOVE_RUPEES: "off",
      ...env,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let output = "";
  const baseUrl = await new Promise<string>((resolve, reject) => {
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/open at (http:\/\/\S+)/);
      if (match?.[1]) resolve(match[1]);
    });
    child.once("exit", (code) => {
      if (!output.includes("open at")) reject(new Error(`The shop exited (${code}):\n${output}`));
    });
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });
  return { child, baseUrl, output: () => output, stop };
}
