import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { isHeldToLength, longFiles, MAX_FILE_LINES } from "./house-rules.ts";
import { filesBelow } from "./source-syntax.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));

describe("the length of services, repositories and the host", () => {
  it(`keeps every service, repository and host file within ${MAX_FILE_LINES} lines`, () => {
    const files = filesBelow(root, ["server", "app"], isHeldToLength);
    expect(files.length).toBeGreaterThan(100);
    expect(files).toContain("server/config.ts");
    expect(files).toContain("app/.server/forms.ts");
    const texts = files.map((file) => ({ file, text: readFileSync(path.join(root, file), "utf8") }));
    expect(longFiles(texts)).toEqual([]);
  });

  it("counts the lines of the files it holds to the limit, and leaves the others alone", () => {
    const lines = (count: number) => "const x = 1;\n".repeat(count);
    expect(
      longFiles([
        { file: "server/orders/orders.service.ts", text: lines(401) },
        { file: "server/catalog/catalog.repository.ts", text: lines(536) },
        { file: "server/http/pages.ts", text: lines(401) },
        { file: "server/config.ts", text: lines(445) },
        { file: "app/.server/forms.ts", text: lines(402) },
        { file: "server/orders/orders.repository.ts", text: lines(400) },
        { file: "server/db/schema.ts", text: lines(827) },
        { file: "server/demo/art/shapes.ts", text: lines(1199) },
        { file: "server/testing/local-gateway.ts", text: lines(468) },
        { file: "server/orders/orders.test.ts", text: lines(900) },
        { file: "app/routes/admin/return-queue.tsx", text: lines(417) },
      ]),
    ).toEqual([
      "server/orders/orders.service.ts has 401 lines (the limit is 400)",
      "server/catalog/catalog.repository.ts has 536 lines (the limit is 400)",
      "server/http/pages.ts has 401 lines (the limit is 400)",
      "server/config.ts has 445 lines (the limit is 400)",
      "app/.server/forms.ts has 402 lines (the limit is 400)",
    ]);
  });
});
