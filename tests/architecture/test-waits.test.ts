import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { statedPollDefaults, unnamedWaits, VITEST_DEFAULT_TIMEOUT_MS } from "./house-rules.ts";
import { filesBelow } from "./source-syntax.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));
const read = (file: string) => readFileSync(path.join(root, file), "utf8");

describe("the waits of the tests", () => {
  const defaults = statedPollDefaults(read("vitest.config.ts"));

  it("each name how long they wait, or run in a project that states it (never Vitest's one second)", () => {
    // The journeys' project states 10 s for its content checks; their pages wait 15 s (tests/e2e/warm-pages.ts).
    expect(defaults).toEqual([{ folder: "tests/e2e/", timeout: 10_000 }]);
    const files = filesBelow(
      root,
      ["tests", "server", "core", "app", "scripts", "bench"],
      (file) => file.startsWith("tests/") || /\.test\.tsx?$/.test(file),
    );
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap((file) => unnamedWaits(file, read(file), defaults))).toEqual([]);
  });

  it("notices a poll that names no timeout, however it is laid out, and a project default no longer than a second", () => {
    const test = "tests/http/example.test.ts";
    const waits = [
      "await expect.poll(() => feed.answer.status).toBe(200);",
      "await expect\n  .poll(() => feed.events.length, { interval: 100 })\n  .toBe(2);",
      "await expect.poll(() => feed.answer.status, { timeout: 5_000 }).toBe(200);",
      "await vi.waitFor(() => expect(seen).toBe(true));",
      "await vi.waitFor(() => expect(seen).toBe(true), { timeout: 5_000 });",
      "await vi.waitUntil(() => seen, 5_000);",
      "// expect.poll(() => x) in a comment",
    ].join("\n");
    expect(unnamedWaits(test, waits)).toEqual([
      `${test}:1 expect.poll( without a timeout`,
      `${test}:2 expect.poll( without a timeout`,
      `${test}:6 vi.waitFor( without a timeout`,
    ]);
    const journey = "tests/e2e/example.test.ts";
    expect(unnamedWaits(journey, waits, [{ folder: "tests/e2e/", timeout: 10_000 }])).toEqual([
      `${journey}:6 vi.waitFor( without a timeout`,
    ]);
    const short = [{ folder: "tests/e2e/", timeout: VITEST_DEFAULT_TIMEOUT_MS }];
    expect(unnamedWaits(journey, waits, short)).toHaveLength(3);

    const config = `export default { test: { projects: [
      { test: { name: "http", include: ["tests/http/**/*.test.ts"] } },
      { test: { name: "browser", include: ["tests/e2e/**/*.test.ts"], expect: { poll: { timeout: 10_000 } } } },
    ] } };`;
    expect(statedPollDefaults(config)).toEqual([{ folder: "tests/e2e/", timeout: 10_000 }]);
  });
});
