import { describe, expect, it } from "vitest";
import { REDIRECT_BYPASSES } from "../../tests/fixtures/redirect-bypasses.ts";
import { safeRedirectPath } from "./safe-redirect.ts";

describe("the redirect judge", () => {
  it("refuses every usual bypass", () => {
    for (const target of REDIRECT_BYPASSES) {
      const kept = safeRedirectPath(target);
      expect(kept, target).toMatch(/^\/(?!\/)/);
      expect(new URL(kept, "https://kesar.example").origin, target).toBe("https://kesar.example");
    }
  });

  it("keeps an ordinary path with its query and fragment", () => {
    expect(safeRedirectPath("/order?page=2#top")).toBe("/order?page=2#top");
    expect(safeRedirectPath("/productinfo/12")).toBe("/productinfo/12");
    expect(safeRedirectPath("/%2F%2Fstill-local")).toBe("/%2F%2Fstill-local");
  });
});
