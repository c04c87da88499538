import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { appNameClashes } from "./house-rules.ts";
import { filesBelow } from "./source-syntax.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));

describe("the names of files", () => {
  it("gives every file in app/ a name no other file in app/, server/ or core/ has", () => {
    const files = filesBelow(root, ["app", "server", "core"], (file) => !/\.test\.tsx?$/.test(file));
    expect(files.length).toBeGreaterThan(400);
    expect(appNameClashes(files)).toEqual([]);
  });

  it("notices a name shared across folders, and leaves alone what app/ does not hold", () => {
    expect(
      appNameClashes([
        "app/components/admin/money-story.tsx",
        "server/orders/money-story.ts",
        "app/routes/delivery.tsx",
        "app/routes/admin/delivery.tsx",
        "core/images.ts",
        "server/storage/images.ts",
        "app/routes/listing.tsx",
        "app/routes/listing.server.ts",
        "server/orders/orders.service.ts",
        "server/orders/orders.schemas.ts",
      ]),
    ).toEqual([
      ["app/components/admin/money-story.tsx", "server/orders/money-story.ts"],
      ["app/routes/delivery.tsx", "app/routes/admin/delivery.tsx"],
    ]);
  });
});
