import { fileURLToPath } from "node:url";
import { build } from "vite";
import { describe, expect, it } from "vitest";
import { serverBoundary } from "./vite-server-boundary.ts";

const root = fileURLToPath(new URL("..", import.meta.url));

function buildClient(fixture: string) {
  return build({
    configFile: false,
    root,
    logLevel: "silent",
    plugins: [serverBoundary(root)],
    build: { write: false, rollupOptions: { input: fileURLToPath(new URL(`./fixtures/${fixture}`, import.meta.url)) } },
  });
}

describe("the client build's guard", () => {
  it("fails a client build that imports anything under server/", async () => {
    await expect(buildClient("client-imports-server.ts")).rejects.toThrow(/Client code must not import server code/);
  });

  it("builds client code that keeps to client-safe modules", async () => {
    await expect(buildClient("client-only.ts")).resolves.toBeDefined();
  });
});
