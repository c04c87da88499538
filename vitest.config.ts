import { defineConfig } from "vitest/config";
import JourneysLast from "./tests/sequencer.ts";

/*
 * Three projects: services against real databases, HTTP tests against the built server, and browser
 * journeys in Chromium. Each database suite runs on SQLite, and on PostgreSQL when TEST_DATABASE_URL
 * is set, on copies of databases migrated once per run. The machine has two cores, so files run at
 * most two at a time, browser journeys included (each worker drives its own Chromium).
 */
export default defineConfig({
  test: {
    maxWorkers: 2,
    // The journeys' shop starts while the service and HTTP suites run (tests/sequencer.ts).
    sequence: { sequencer: JourneysLast },
    projects: [
      {
        test: {
          name: "services",
          // Files share a worker's modules: a fresh copy of React, the page build and the AWS SDK for
          // every file cost a sixth of the run. Module state is keyed by database, so files stay apart.
          // (The same holds for the HTTP tests and the journeys below.)
          isolate: false,
          include: [
            "core/**/*.test.ts",
            "server/**/*.test.ts",
            "app/**/*.test.ts",
            "scripts/**/*.test.ts",
            "tests/architecture/**/*.test.ts",
          ],
          environment: "node",
          globalSetup: ["tests/database-templates.ts"],
          setupFiles: ["tests/shop-processes.ts"],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: "http",
          isolate: false,
          include: ["tests/http/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/build-once.ts", "tests/database-templates.ts"],
          setupFiles: ["tests/shop-processes.ts"],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: "browser",
          isolate: false,
          include: ["tests/e2e/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/build-once.ts", "tests/e2e/shop-servers.ts"],
          setupFiles: ["tests/shop-processes.ts"],
          testTimeout: 90_000,
          // Client-side navigations take a moment; content checks poll for up to 10 s.
          expect: { poll: { timeout: 10_000 } },
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
