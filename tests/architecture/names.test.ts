import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { nameClashes } from "./house-rules.ts";
import { filesBelow } from "./source-syntax.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));

describe("the names of files", () => {
  it("gives every file in app/, server/ and core/ a name no other file there has", () => {
    const files = filesBelow(root, ["app", "server", "core"], (file) => !/\.test\.tsx?$/.test(file));
    expect(files.length).toBeGreaterThan(400);
    expect(nameClashes(files)).toEqual([]);
  });

  it("notices a name shared across folders and floors, and counts a role suffix as part of the name", () => {
    expect(
      nameClashes([
        "app/components/admin/money-story.tsx",
        "server/orders/money-story.ts",
        "app/routes/delivery.tsx",
        "app/routes/admin/delivery.tsx",
        "core/images.ts",
        "server/storage/images.ts",
        "core/returns.ts",
        "server/testing/returns.ts",
        "app/routes/listing.tsx",
        "app/routes/listing.server.ts",
        "server/orders/orders.service.ts",
        "server/orders/orders.schemas.ts",
        "core/store-credit.ts",
        "server/store-credit/store-credit.service.ts",
      ]),
    ).toEqual([
      ["app/components/admin/money-story.tsx", "server/orders/money-story.ts"],
      ["app/routes/delivery.tsx", "app/routes/admin/delivery.tsx"],
      ["core/images.ts", "server/storage/images.ts"],
      ["core/returns.ts", "server/testing/returns.ts"],
    ]);
  });
});
